// The first stage of an ask: the request checked, the candidate datasources introspected,
// and the resolver's choice among them. The resolver runs even when the request names its
// datasource: it is also the answerability check (QUESTION_NOT_ANSWERABLE when it picks none).

import type { AskRequest } from '@nl2sql/engine';
import { EngineError } from '@nl2sql/engine';
import type { DatasourceCatalog, PreparedDatasource } from './datasource-catalog.js';
import type { LlmCaller } from './llm-caller.js';
import { resolveDatasources } from './resolver.js';
import type { TraceRecorder } from './trace-recorder.js';

/** A request fit to run, and the datasource it runs on. */
export interface Resolved {
  question: string;
  role: string;
  ds: PreparedDatasource;
}

export async function resolveStage(
  llm: LlmCaller,
  catalog: DatasourceCatalog,
  request: AskRequest,
  rec: TraceRecorder,
  signal: AbortSignal,
): Promise<Resolved> {
  const { question, role } = request;
  if (typeof question !== 'string' || question.trim() === '') {
    throw new EngineError('INVALID_REQUEST', 'the request has no question');
  }
  if (typeof role !== 'string' || role === '') {
    throw new EngineError('INVALID_REQUEST', 'the request has no role');
  }
  if (request.datasource !== undefined && !catalog.has(request.datasource)) {
    throw new EngineError('UNKNOWN_DATASOURCE', `unknown datasource "${request.datasource}"`);
  }
  const ids = request.datasource ? [request.datasource] : catalog.ids;
  const candidates = await rec.node('introspect', () =>
    Promise.all(ids.map((id) => catalog.prepare(id))),
  );

  const resolution = await rec.node('resolver', () =>
    resolveDatasources(
      llm,
      question,
      candidates.map((p) => ({
        id: p.entry.id,
        ...(p.entry.description ? { description: p.entry.description } : {}),
        tables: p.schema.tables.map((t) => t.name),
      })),
      signal,
    ),
  );
  rec.addUsage(resolution.usage);
  const chosen = resolution.datasources.find((id) => candidates.some((p) => p.entry.id === id));
  if (!chosen) {
    throw new EngineError(
      'QUESTION_NOT_ANSWERABLE',
      `No datasource can answer this question${resolution.reason ? `: ${resolution.reason}` : '.'}`,
      { node: 'resolver' },
    );
  }
  const ds = candidates.find((p) => p.entry.id === chosen) as PreparedDatasource;
  rec.datasource = ds.entry.id;
  return { question, role, ds };
}
