// One ask through the reference pipeline, as the composition of its stages:
// resolve (resolve-stage.ts) -> a curated answer (curated-stage.ts), or a plan
// (plan-stage.ts: cache, or decomposer -> retriever -> planner) run with bounded repair
// (plan-repair.ts: validator -> generator -> safety -> executor, refiner on a failure)
// -> the synthesizer's answer (ask-context.ts). Failures are thrown here; ask() turns them
// into answers (ask-failure.ts).

import type { AskRequest, AskResponse } from '@nl2sql/engine';
import { AskContext, type EngineState } from './ask-context.js';
import { curatedStage } from './curated-stage.js';
import type { DatasourceCatalog } from './datasource-catalog.js';
import { runWithRepair } from './plan-repair.js';
import { planStage } from './plan-stage.js';
import { questionContext } from './question-context.js';
import { resolveStage } from './resolve-stage.js';
import type { TraceRecorder } from './trace-recorder.js';

export async function runAsk(
  engine: EngineState,
  catalog: DatasourceCatalog,
  request: AskRequest,
  rec: TraceRecorder,
  signal: AbortSignal,
  noteSql: (sql: string) => void,
): Promise<AskResponse> {
  const { question, role, ds } = await resolveStage(
    engine.settings.llm,
    catalog,
    request,
    rec,
    signal,
  );
  const ask = new AskContext(
    engine,
    question,
    role,
    ds,
    rec,
    signal,
    noteSql,
    questionContext(request),
    request.as_of_date,
  );

  // Curated answers: verified SQL, no plan.
  const hit = engine.settings.useCurated ? engine.curated.lookup(question, ds.entry.id) : undefined;
  if (hit) return curatedStage(ask, hit);

  const planned = await planStage(ask);
  if ('status' in planned) return planned;
  return runWithRepair(ask, planned);
}
