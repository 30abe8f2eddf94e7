import { type AskResponse, type Engine, errorAnswer } from '@nl2sql/engine';
import { sumUsage } from '@nl2sql/llm';
import type { CaseStatus } from '@nl2sql/records';
import { checkAnswer } from './answer-execution.js';
import type { CaseContext } from './case-context.js';
import { caseCost } from './case-cost.js';
import { CaseTimeoutError, withDeadline } from './case-deadline.js';
import { caseResult, type FinishedRun } from './case-result.js';
import { clarifyVerdict } from './clarify-verdict.js';
import { curatedHit, databaseMs } from './engine-trace.js';
import { scoreCase } from './score-case.js';
import type { AskScoreInput } from './scorer.js';
import { snapshotMatch } from './snapshot-match.js';
import type { CaseTask } from './task-list.js';
import { checkTrajectory, failUnsafe, settleRecovery } from './trajectory-check.js';

/**
 * The engine's trajectory checked step by step (trajectory-check.ts): run here as the role
 * when the harness runs the config's SQL (an external engine whose rows are not trusted).
 * Null when it sent none; undefined when the run was cancelled during a step.
 */
async function checkedTrajectory(
  response: AskResponse,
  task: CaseTask,
  context: CaseContext,
  signal: AbortSignal,
) {
  if (!response.trajectory || response.trajectory.length === 0) return null;
  const { config } = task;
  const runs = config.external && config.trustReportedRows !== true;
  const runOn = runs ? (context.answerExecution?.datasources[task.case.datasource] ?? null) : null;
  const checked = await checkTrajectory(
    {
      steps: response.trajectory,
      datasource: task.case.datasource,
      role: task.role,
      finalSql: response.status === 'success' ? response.sql : null,
      runOn,
      maxRows: context.maxRows,
      ...(context.answerExecution?.timeoutMs !== undefined
        ? { timeoutMs: context.answerExecution.timeoutMs }
        : {}),
      signal,
    },
    context.trajectoryChecks,
  );
  return checked ?? undefined;
}

/** The keys of `from` among `keys` that are set. */
function pick<T extends object, K extends keyof T>(
  from: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  return Object.fromEntries(
    keys.filter((k) => from[k] !== undefined).map((k) => [k, from[k]]),
  ) as Partial<Pick<T, K>>;
}

interface Asked {
  readonly response: AskResponse;
  /** The engine's latency: what the client measured on the wire, else the ask's duration. */
  readonly ms: number;
}

/**
 * The engine's own latency when its client measured it (HttpEngine: request sent to reply
 * read, for the attempt that answered), so the harness's queueing and retries are not
 * counted as the engine's; else null and the ask's duration stands in.
 */
function measuredEngineMs(response: AskResponse): number | null {
  const ms: unknown = response.timing?.engine_ms;
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/**
 * One ask within the case's time limit. A timeout or a throw becomes an error answer the
 * scorers judge; an ask the run's cancellation cut short is null (not recorded).
 */
async function ask(
  engine: Engine,
  task: CaseTask,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<Asked | null> {
  const begin = performance.now();
  let response: AskResponse;
  try {
    response = await withDeadline(
      (deadline) =>
        engine.ask(
          {
            question: task.case.question,
            role: task.role ?? '',
            datasource: task.case.datasource,
            // What the case carries for the system under test (absent: not sent).
            ...pick(task.case, ['evidence', 'instructions', 'as_of_date']),
          },
          // The case and pass are for in-process engines that answer by case (never sent).
          { signal: deadline, caseId: task.case.id, pass: task.pass },
        ),
      timeoutMs,
      signal,
    );
  } catch (error) {
    if (error instanceof CaseTimeoutError) response = errorAnswer('TIMEOUT', error.message);
    else if (signal.aborted) response = errorAnswer('CANCELLED', 'the run was cancelled');
    else
      response = errorAnswer(
        'INTERNAL_ERROR',
        `engine.ask threw: ${(error as Error)?.message ?? String(error)}`,
      );
  }
  const elapsed = performance.now() - begin;
  if (signal.aborted && response.error?.code === 'CANCELLED') return null;
  return { response, ms: Math.min(elapsed, measuredEngineMs(response) ?? elapsed) };
}

/**
 * Modes plans and full: asks the config's engine, scores the answer, and when curated
 * answers are on and one answered, asks the generated engine too so accuracy_generated
 * scores the generated path. Every call is billed by the config's prices. Null when the
 * run was cancelled during an ask.
 */
export async function askCase(
  task: CaseTask,
  context: CaseContext,
  signal: AbortSignal,
): Promise<FinishedRun | null> {
  const { config } = task;
  const first = await ask(config.engine, task, context.askTimeoutMs, signal);
  if (first === null) return null;
  let t = performance.now();
  // An external engine's rows are the harness's: its SQL is run here before anything scores
  // it (answer-execution.ts). The reference engine ran its SQL on the harness's executor.
  const checked = config.external
    ? await checkAnswer(first.response, task, {
        execution: context.answerExecution,
        trusted: config.trustReportedRows === true,
        maxRows: context.maxRows,
        checks: context.answerChecks,
        signal,
      })
    : { response: first.response, check: null, databaseMs: 0 };
  if (checked === null) return null;
  const { response } = checked;
  const steps = await checkedTrajectory(first.response, task, context, signal);
  if (steps === undefined) return null;
  const input: AskScoreInput = {
    kind: 'ask',
    mode: context.mode,
    case: task.case,
    role: task.role,
    expected: task.expected,
    response,
  };
  // Cancelled while scoring: not recorded, like an ask cancelled in flight.
  const scored = await scoreCase(
    context.scorers,
    input,
    response.error?.code ?? null,
    signal,
  ).catch((error: unknown) => {
    if (signal.aborted) return null;
    throw error;
  });
  if (scored === null) return null;
  // An unsafe step fails the case run whatever the final answer (trajectory-check.ts).
  let verdict = steps === null ? scored : failUnsafe(scored, steps);
  // EX on all snapshots: the pinned pass's SQL run on every snapshot (snapshot-match.ts).
  const onSnapshots = context.snapshots
    ? await snapshotMatch(task, response, verdict.strict === 'pass', context.snapshots, {
        maxRows: context.maxRows,
        ...(context.answerExecution?.timeoutMs !== undefined
          ? { timeoutMs: context.answerExecution.timeoutMs }
          : {}),
        ...context.snapshotCompare,
        signal,
      })
    : null;
  if (signal.aborted) return null;
  if (onSnapshots !== null)
    verdict = {
      ...verdict,
      scores: { ...verdict.scores, snapshots: { ...onSnapshots, kind: 'diagnostic' } },
    };
  const trajectory = steps === null ? null : settleRecovery(steps, verdict.strict === 'pass');
  let scoringMs = performance.now() - t;
  let engineMs = first.ms;
  let dbMs = databaseMs(response.trace);

  let usage = response.usage;
  let generatedStatus: CaseStatus | null = null;
  const curated = curatedHit(response.trace);
  if (context.curated && curated && config.generated) {
    const again = await ask(config.generated, task, context.askTimeoutMs, signal);
    if (again === null) return null;
    t = performance.now();
    const generated = await scoreCase(
      context.scorers,
      { ...input, response: again.response },
      again.response.error?.code ?? null,
      signal,
    ).catch((error: unknown) => {
      if (signal.aborted) return null;
      throw error;
    });
    if (generated === null) return null;
    scoringMs += performance.now() - t;
    engineMs += again.ms;
    dbMs += databaseMs(again.response.trace);
    generatedStatus = generated.strict;
    usage = [...usage, ...again.response.usage];
  }
  const result = caseResult(task, {
    verdict,
    generatedStatus,
    // The engine's own status; a failed check's finding is the error.
    engineStatus: first.response.status,
    error: response.error,
    sql: response.sql,
    result: response.results[0] ?? null,
    answer: response.answer,
    costUsd: caseCost(usage, config.name, config.llm, context.prices),
    latencyMs: first.ms,
    tokens: sumUsage(usage),
    curated,
    rowsCheck: checked.check,
    trajectory,
    clarify: clarifyVerdict(task.expected, first.response),
  });
  return {
    result,
    timings: {
      engineMs,
      databaseMs: dbMs,
      scoringMs,
      checkDatabaseMs: checked.databaseMs,
      queuedMs: 0,
    },
  };
}
