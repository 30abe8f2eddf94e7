import type { Engine, RetrieveResponse } from '@nl2sql/engine';
import { sumUsage } from '@nl2sql/llm';
import type { CaseContext } from './case-context.js';
import { CaseTimeoutError, withDeadline } from './case-deadline.js';
import { caseResult, type FinishedRun } from './case-result.js';
import { errorVerdict, scoreCase } from './score-case.js';
import type { CaseTask } from './task-list.js';

/**
 * Mode retrieval: asks the config's engine which schema it would send, within the case's
 * time limit, and scores table and column recall. A retrieve that fails is an error case
 * run; one the run's cancellation cut short is null (not recorded). Retrieval is not billed.
 */
export async function retrieveCase(
  task: CaseTask,
  context: CaseContext,
  signal: AbortSignal,
): Promise<FinishedRun | null> {
  const engine = task.config.engine;
  const retrieve = engine.retrieve as NonNullable<Engine['retrieve']>;
  const begin = performance.now();
  let response: RetrieveResponse | null = null;
  let failure: { code: string; message: string } | null = null;
  try {
    response = await withDeadline(
      (deadline) =>
        retrieve.call(
          engine,
          {
            question: task.case.question,
            datasource: task.case.datasource,
            ...(task.role === null ? {} : { role: task.role }),
            fullSnapshotMaxTables: context.fullSnapshotMaxTables,
          },
          { signal: deadline },
        ),
      context.askTimeoutMs,
      signal,
    );
  } catch (error) {
    if (signal.aborted && !(error instanceof CaseTimeoutError)) return null;
    failure = {
      code: error instanceof CaseTimeoutError ? 'TIMEOUT' : 'INTERNAL_ERROR',
      message: `engine.retrieve failed: ${(error as Error)?.message ?? String(error)}`,
    };
  }
  const ms = performance.now() - begin;
  const t = performance.now();
  const verdict = response
    ? await scoreCase(
        context.scorers,
        {
          kind: 'retrieve',
          mode: context.mode,
          case: task.case,
          role: task.role,
          expected: task.expected,
          response,
        },
        null,
      )
    : errorVerdict(failure?.message ?? 'engine.retrieve failed');
  const scoringMs = performance.now() - t;
  const result = caseResult(task, {
    verdict,
    generatedStatus: null,
    engineStatus: response ? 'success' : null,
    error: failure,
    sql: null,
    result: null,
    answer: null,
    costUsd: 0,
    latencyMs: ms,
    tokens: sumUsage([]),
    curated: false,
  });
  return { result, timings: { engineMs: ms, databaseMs: 0, scoringMs, queuedMs: 0 } };
}
