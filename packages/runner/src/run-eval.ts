import { createHash } from 'node:crypto';
import { type AskResponse, type Engine, errorAnswer, type RetrieveResponse } from '@nl2sql/engine';
import type { Mode } from '@nl2sql/gate';
import { assertPriced, describeConfig, type LlmConfig, type Price } from '@nl2sql/llm';
import type {
  CaseStatus,
  RecordDatabase,
  RecordDataset,
  ScoreboardSettings,
} from '@nl2sql/records';
import { loadSqlcheck } from '@nl2sql/sqlcheck';
import { canonicalJson, type EvalCase, type EvalSuite, suiteDigest } from '@nl2sql/suite';
import { buildBoard, buildRetrievalBoard } from './board.js';
import { caseCost, tokenTotals } from './case-cost.js';
import { CaseTimeoutError, withDeadline } from './case-deadline.js';
import type { CaseRunRecord, PlannedRun } from './case-run.js';
import { CostCap } from './cost-cap.js';
import type { EngineSwitches, EvalConfig } from './eval-config.js';
import { faithfulnessScorer } from './faithfulness-scorer.js';
import { Journal, type JournalHeader, readJournal } from './journal.js';
import { outcomeScorer } from './outcome-scorer.js';
import { type CaseSelection, planRuns, runKey, selectCases } from './plan-runs.js';
import { resultMatchScorer } from './result-match-scorer.js';
import { retrievalRecallScorer } from './retrieval-recall-scorer.js';
import { routingScorer } from './routing-scorer.js';
import { rowsDigest } from './rows-digest.js';
import type { RunEvent, RunEventListener } from './run-event.js';
import type { ConfigReport, RunReport } from './run-report.js';
import { RunnerError } from './runner-error.js';
import type { ScoreInput, ScoreResult, Scorer } from './scorer.js';
import { type SqlChecksOptions, sqlChecksScorer } from './sql-checks-scorer.js';

export interface RetrievalSettings {
  /** The full-snapshot limit sent with each retrieve. Default 0, so the search always runs. */
  readonly fullSnapshotMaxTables?: number;
  /** The retriever's k values and MMR settings, reported so runs compare like for like. */
  readonly settings?: Readonly<Record<string, unknown>>;
}

export interface RunEvalOptions extends CaseSelection {
  readonly suite: EvalSuite;
  /** The suite's name and file digest for the record. Default: the suite name and a digest of its content. */
  readonly dataset?: RecordDataset;
  /** The database identity for the record (the datasource the cases name). */
  readonly database?: RecordDatabase;
  /** One engine under test (named after the mode), or `configs` to compare several. */
  readonly engine?: Engine;
  readonly configs?: readonly EvalConfig[];
  /** Default `plans`. */
  readonly mode?: Mode;
  /** Times each case run is repeated. Default 1. */
  readonly passes?: number;
  /** The dollar cap over the whole run. Required in mode full. */
  readonly maxCostUsd?: number | null;
  /** Curated answers on (mode full only; default true there). Modes plans and retrieval run with them off. */
  readonly curated?: boolean;
  /** Case runs in flight at once. Default 4. */
  readonly concurrency?: number;
  /** Time limit of one case run; past it the case is an error. Default 120 000 ms. */
  readonly caseTimeoutMs?: number;
  /** Cancels the run; the report still comes back, partial, with stopped: "cancelled". */
  readonly signal?: AbortSignal;
  readonly onEvent?: RunEventListener;
  /** A JSON Lines file that gets one line per finished case run. */
  readonly journal?: string;
  /** Continue the run the journal holds: its case runs are kept, not asked again. */
  readonly resume?: boolean;
  /** Price rows that apply to every config (an llm.prices section). */
  readonly prices?: Readonly<Record<string, Price>>;
  /** Static checks of the generated SQL as diagnostics; false turns them off. Default sqlite, no schema. */
  readonly sqlChecks?: SqlChecksOptions | false;
  /** What a refusal must say. Default the engine's GENERIC_REFUSAL. */
  readonly refusalMessage?: string;
  /** Numeric tolerance of the row comparison. Default 0.005. */
  readonly tolerance?: number;
  readonly retrieval?: RetrievalSettings;
  /** Replaces the mode's scorers (advanced: a custom scorer set). */
  readonly scorers?: readonly Scorer[];
}

const MODES: readonly Mode[] = ['plans', 'full', 'retrieval'];
// Codes that mean the ask did not get to an answer; a failing case with one is an error.
const ERROR_CODES = new Set([
  'TIMEOUT',
  'TRANSPORT_ERROR',
  'BAD_RESPONSE',
  'INTERNAL_ERROR',
  'LLM_ERROR',
  'CANCELLED',
]);

function positiveInteger(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RunnerError('INVALID_OPTIONS', `${what} must be a positive integer, got ${value}`);
  }
  return value;
}

/** The scorers a mode runs, in order: execution first, then quality, then diagnostics. */
export function defaultScorers(
  mode: Mode,
  options: Pick<RunEvalOptions, 'sqlChecks' | 'refusalMessage' | 'tolerance'> = {},
): Scorer[] {
  if (mode === 'retrieval') return [retrievalRecallScorer(), routingScorer()];
  const scorers: Scorer[] = [
    outcomeScorer({
      ...(options.refusalMessage ? { refusalMessage: options.refusalMessage } : {}),
    }),
    resultMatchScorer({
      ...(options.tolerance !== undefined ? { tolerance: options.tolerance } : {}),
    }),
  ];
  // Mode plans' fake synthesizer writes one fixed sentence for every case: nothing to check.
  if (mode === 'full') scorers.push(faithfulnessScorer());
  scorers.push(routingScorer());
  if (options.sqlChecks !== false) scorers.push(sqlChecksScorer(options.sqlChecks ?? {}));
  return scorers;
}

function setSwitches(engine: Engine, switches: EngineSwitches): void {
  const target = engine as Engine & EngineSwitches;
  for (const [key, value] of Object.entries(switches) as [keyof EngineSwitches, boolean][]) {
    if (key in target) target[key] = value;
  }
}

function traceOf(response: AskResponse): Record<string, unknown> {
  return response.trace as Record<string, unknown>;
}

function databaseMs(response: AskResponse): number {
  const nodes = traceOf(response).nodes;
  if (!Array.isArray(nodes)) return 0;
  let ms = 0;
  for (const node of nodes as Array<{ node?: unknown; ms?: unknown }>) {
    if (node.node === 'executor' && typeof node.ms === 'number') ms += node.ms;
  }
  return ms;
}

async function score(
  scorers: readonly Scorer[],
  input: ScoreInput,
): Promise<Record<string, ScoreResult>> {
  const scores: Record<string, ScoreResult> = {};
  for (const scorer of scorers) {
    const result = await scorer.score(input);
    if (result !== null) scores[scorer.name] = { ...result, kind: scorer.kind };
  }
  return scores;
}

/** Execution status (strict, lenient) from the execution scorers that applied. */
function statuses(
  scorers: readonly Scorer[],
  scores: Record<string, ScoreResult>,
  errorCode: string | null,
): { strict: CaseStatus; lenient: CaseStatus; explanation: string | null } {
  const applied = scorers.filter((s) => s.kind === 'execution' && scores[s.name] !== undefined);
  const strictPass = applied.length > 0 && applied.every((s) => scores[s.name]?.pass);
  const lenientPass = applied.length > 0 && applied.every((s) => scores[s.name]?.lenient);
  const failed = errorCode !== null && ERROR_CODES.has(errorCode) ? 'error' : 'fail';
  const explanation =
    scorers
      .filter((s) => s.kind !== 'diagnostic')
      .map((s) => scores[s.name])
      .find((r) => r !== undefined && !r.pass)?.explanation ?? null;
  return {
    strict: strictPass ? 'pass' : failed,
    lenient: lenientPass ? 'pass' : failed,
    explanation,
  };
}

interface Task {
  readonly config: EvalConfig;
  readonly run: PlannedRun;
  readonly order: number;
}

/**
 * Runs a suite against one or more engines and scores every case run (spec 000, "How a run
 * is scored"). Approved cases only, each once per role in its outcome map and pass, at
 * most `concurrency` in flight, each within `caseTimeoutMs`. In mode full every model of
 * every config is checked for a price before any call (UnknownPriceError), and the dollar
 * cap is held as the spec says. A cancelled or capped run still returns its report, with
 * `stopped` set and completed_cases short of planned_cases.
 */
export async function runEval(options: RunEvalOptions): Promise<RunReport> {
  const mode = options.mode ?? 'plans';
  if (!MODES.includes(mode)) {
    throw new RunnerError(
      'INVALID_OPTIONS',
      `mode must be one of ${MODES.join(', ')}, got ${String(mode)}`,
    );
  }
  const passes = positiveInteger(options.passes ?? 1, 'passes');
  const concurrency = positiveInteger(options.concurrency ?? 4, 'concurrency');
  const caseTimeoutMs = positiveInteger(options.caseTimeoutMs ?? 120_000, 'caseTimeoutMs');
  const configs = resolveConfigs(options, mode);
  if (mode === 'full' && (options.maxCostUsd === undefined || options.maxCostUsd === null)) {
    throw new RunnerError(
      'NO_COST_CAP',
      'mode full spends money and never runs without maxCostUsd',
    );
  }
  const cap = new CostCap(options.maxCostUsd);
  const curated = mode === 'full' ? (options.curated ?? true) : false;

  // Before any call: every model any node of any config would use must have a price.
  const priced = configs.flatMap((c) => (c.llm ? [[c.name, c.llm] as [string, LlmConfig]] : []));
  if (priced.length > 0) assertPriced(Object.fromEntries(priced), options.prices ?? {});

  if (mode === 'retrieval') {
    for (const c of configs) {
      if (typeof c.engine.retrieve !== 'function') {
        throw new RunnerError(
          'NO_RETRIEVE',
          `config ${c.name}: mode retrieval needs an engine with retrieve()`,
        );
      }
    }
  }

  const cases = selectCases(options.suite, options);
  const byId = new Map(cases.map((c) => [c.id, c]));
  const planned = planRuns(cases, mode, passes, options.roles);
  if (planned.length === 0) {
    throw new RunnerError(
      'NO_CASES',
      `no approved case of suite ${options.suite.name} matches the selection`,
    );
  }
  const dataset = options.dataset ?? {
    name: `${options.suite.name}.yaml`,
    digest: suiteDigest(canonicalJson(options.suite)),
  };

  // Modes plans and full turn the plan cache off (a second pass asks the planner again);
  // refusals are scored against the generic message, so the engine must not name tables.
  for (const c of configs) {
    setSwitches(c.engine, {
      useCurated: curated,
      usePlanCache: mode === 'retrieval',
      revealRefusedTable: false,
    });
    if (c.generated) {
      setSwitches(c.generated, {
        useCurated: false,
        usePlanCache: false,
        revealRefusedTable: false,
      });
    }
  }

  // The SQL parser's wasm compiles on first use and holds the event loop meanwhile; load it
  // before any case starts so no statement timeout or LLM deadline running then pays for it.
  if (mode !== 'retrieval') await loadSqlcheck();

  const tasks: Task[] = [];
  for (let pass = 1; pass <= passes; pass++) {
    for (const config of configs) {
      for (const run of planned) {
        if (run.pass === pass) tasks.push({ config, run, order: tasks.length });
      }
    }
  }
  const header: JournalHeader = {
    type: 'header',
    format: 1,
    mode,
    suite_digest: dataset.digest,
    configs: configs.map((c) => c.name),
    plan: createHash('sha256')
      .update(JSON.stringify(tasks.map((t) => runKey(t.config.name, t.run))))
      .digest('hex'),
  };

  const records = new Map<string, CaseRunRecord>();
  const order = new Map(tasks.map((t) => [runKey(t.config.name, t.run), t.order]));
  if (options.resume && options.journal) {
    const previous = readJournal(options.journal);
    if (previous) {
      const h = previous.header;
      if (
        h.mode !== header.mode ||
        h.suite_digest !== header.suite_digest ||
        h.plan !== header.plan ||
        h.configs.join('\n') !== header.configs.join('\n')
      ) {
        throw new RunnerError(
          'JOURNAL_MISMATCH',
          `journal ${options.journal} belongs to another run (mode ${h.mode}, configs ${h.configs.join(', ')}); run again without resume to start over`,
        );
      }
      for (const entry of previous.entries) {
        const key = runKey(entry.config, {
          caseId: entry.record.case_id,
          role: entry.record.role,
          pass: entry.record.pass,
        });
        if (order.has(key) && !records.has(key)) {
          records.set(key, entry.record);
          cap.finish(entry.record.cost_usd ?? 0);
        }
      }
    }
  }
  const journal = options.journal
    ? new Journal(options.journal, header, options.resume === true)
    : null;

  const emit = (event: RunEvent): void => options.onEvent?.(event);
  const started = new Date();
  const t0 = performance.now();
  const timings = { engine_ms: 0, database_ms: 0, scoring_ms: 0 };
  const scorers = options.scorers ? [...options.scorers] : defaultScorers(mode, options);
  let passedCases = [...records.values()].filter((r) => r.status === 'pass').length;

  emit({
    type: 'run.started',
    mode,
    configs: configs.map((c) => c.name),
    cases: cases.map((c) => ({ id: c.id, question: c.question, datasource: c.datasource })),
    planned_cases: tasks.length,
    resumed_cases: records.size,
  });

  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  const aborted = new Promise<void>((resolve) => {
    if (controller.signal.aborted) resolve();
    controller.signal.addEventListener('abort', () => resolve(), { once: true });
  });

  let fatal: unknown = null;
  let stopped: 'max_cost' | 'cancelled' | null = null;

  const ask = async (
    engine: Engine,
    c: EvalCase,
    role: string | null,
  ): Promise<{ response: AskResponse; ms: number }> => {
    const begin = performance.now();
    let response: AskResponse;
    try {
      response = await withDeadline(
        (signal) =>
          engine.ask(
            { question: c.question, role: role ?? '', datasource: c.datasource },
            { signal },
          ),
        caseTimeoutMs,
        controller.signal,
      );
    } catch (error) {
      if (error instanceof CaseTimeoutError) response = errorAnswer('TIMEOUT', error.message);
      else if (controller.signal.aborted)
        response = errorAnswer('CANCELLED', 'the run was cancelled');
      else
        response = errorAnswer(
          'INTERNAL_ERROR',
          `engine.ask threw: ${(error as Error)?.message ?? String(error)}`,
        );
    }
    const ms = performance.now() - begin;
    timings.engine_ms += ms;
    timings.database_ms += databaseMs(response);
    return { response, ms };
  };

  const runAsk = async (task: Task, c: EvalCase): Promise<CaseRunRecord | null> => {
    const { config, run } = task;
    const first = await ask(config.engine, c, run.role);
    if (controller.signal.aborted && first.response.error?.code === 'CANCELLED') return null;
    const { response } = first;
    const t = performance.now();
    const input: ScoreInput = {
      kind: 'ask',
      mode,
      case: c,
      role: run.role,
      expected: run.expected,
      response,
    };
    const scores = await score(scorers, input);
    const status = statuses(scorers, scores, response.error?.code ?? null);
    timings.scoring_ms += performance.now() - t;

    let usage = response.usage;
    let generatedStatus: CaseStatus | null = null;
    const curatedHit = traceOf(response).curated === true;
    if (curated && curatedHit && config.generated) {
      // A curated hit also runs on the generated path, so accuracy_generated scores it too.
      const again = await ask(config.generated, c, run.role);
      if (controller.signal.aborted && again.response.error?.code === 'CANCELLED') return null;
      const t2 = performance.now();
      const generatedScores = await score(scorers, { ...input, response: again.response });
      generatedStatus = statuses(
        scorers,
        generatedScores,
        again.response.error?.code ?? null,
      ).strict;
      timings.scoring_ms += performance.now() - t2;
      usage = [...usage, ...again.response.usage];
    }
    const result = response.results[0];
    return {
      case_id: c.id,
      role: run.role,
      pass: run.pass,
      status: status.strict,
      lenient_status: status.lenient,
      generated_status: generatedStatus,
      expected: run.expected,
      engine_status: response.status,
      error: response.error ? { code: response.error.code, message: response.error.message } : null,
      sql: response.sql,
      rows_digest: result ? rowsDigest(result.rows) : null,
      row_count: result ? result.rows.length : null,
      cost_usd: caseCost(usage, config.name, config.llm, options.prices),
      latency_ms: Math.round(first.ms),
      tokens: tokenTotals(usage),
      curated: curatedHit,
      scores,
      explanation: status.explanation,
    };
  };

  const runRetrieve = async (task: Task, c: EvalCase): Promise<CaseRunRecord | null> => {
    const { config, run } = task;
    const engine = config.engine;
    const begin = performance.now();
    let response: RetrieveResponse | null = null;
    let failure: { code: string; message: string } | null = null;
    try {
      response = await withDeadline(
        (signal) =>
          (engine.retrieve as NonNullable<Engine['retrieve']>).call(
            engine,
            {
              question: c.question,
              datasource: c.datasource,
              ...(run.role === null ? {} : { role: run.role }),
              fullSnapshotMaxTables: options.retrieval?.fullSnapshotMaxTables ?? 0,
            },
            { signal },
          ),
        caseTimeoutMs,
        controller.signal,
      );
    } catch (error) {
      if (controller.signal.aborted && !(error instanceof CaseTimeoutError)) return null;
      failure = {
        code: error instanceof CaseTimeoutError ? 'TIMEOUT' : 'INTERNAL_ERROR',
        message: `engine.retrieve failed: ${(error as Error)?.message ?? String(error)}`,
      };
    }
    const ms = performance.now() - begin;
    timings.engine_ms += ms;
    const t = performance.now();
    const scores = response
      ? await score(scorers, {
          kind: 'retrieve',
          mode,
          case: c,
          role: run.role,
          expected: run.expected,
          response,
        })
      : {};
    timings.scoring_ms += performance.now() - t;
    const status = response
      ? statuses(scorers, scores, null)
      : {
          strict: 'error' as const,
          lenient: 'error' as const,
          explanation: failure?.message ?? null,
        };
    return {
      case_id: c.id,
      role: run.role,
      pass: run.pass,
      status: status.strict,
      lenient_status: status.lenient,
      generated_status: null,
      expected: run.expected,
      engine_status: response ? 'success' : null,
      error: failure,
      sql: null,
      rows_digest: null,
      row_count: null,
      cost_usd: 0,
      latency_ms: Math.round(ms),
      tokens: tokenTotals([]),
      curated: false,
      scores,
      explanation: status.explanation,
    };
  };

  const runTask = async (task: Task): Promise<void> => {
    const c = byId.get(task.run.caseId) as EvalCase;
    emit({
      type: 'case.started',
      config: task.config.name,
      case_id: c.id,
      question: c.question,
      role: task.run.role,
      pass: task.run.pass,
    });
    const record = mode === 'retrieval' ? await runRetrieve(task, c) : await runAsk(task, c);
    if (record === null) {
      cap.abandon();
      return;
    }
    records.set(runKey(task.config.name, task.run), record);
    journal?.append(task.config.name, record);
    cap.finish(record.cost_usd ?? 0);
    if (record.status === 'pass') passedCases++;
    emit({
      type: 'case.finished',
      config: task.config.name,
      record,
      completed_cases: records.size,
      planned_cases: tasks.length,
      passed_cases: passedCases,
      dollars: cap.spent,
    });
  };

  const inflight = new Set<Promise<void>>();
  try {
    for (const task of tasks) {
      if (records.has(runKey(task.config.name, task.run))) continue;
      for (;;) {
        if (fatal !== null) break;
        if (controller.signal.aborted) break;
        if (inflight.size < concurrency && cap.allows(inflight.size)) break;
        if (inflight.size === 0) {
          stopped = 'max_cost';
          break;
        }
        await Promise.race([...inflight, aborted]);
      }
      if (fatal !== null || stopped !== null) break;
      if (controller.signal.aborted) {
        stopped = 'cancelled';
        break;
      }
      cap.start();
      const p: Promise<void> = runTask(task)
        .catch((error: unknown) => {
          fatal ??= error;
          controller.abort(error);
        })
        .finally(() => inflight.delete(p));
      inflight.add(p);
    }
    await Promise.all(inflight);
  } finally {
    journal?.close();
    options.signal?.removeEventListener('abort', onAbort);
  }
  if (fatal !== null) throw fatal;
  if (stopped === null && records.size < tasks.length && controller.signal.aborted)
    stopped = 'cancelled';
  if (stopped !== null) {
    emit({
      type: 'run.stopped',
      reason: stopped,
      completed_cases: records.size,
      planned_cases: tasks.length,
      dollars: cap.spent,
    });
  }

  const roles = [...new Set(planned.flatMap((r) => (r.role === null ? [] : [r.role])))].sort();
  const settings: ScoreboardSettings = {
    roles,
    curated,
    passes,
    max_cost_usd: options.maxCostUsd ?? null,
    retrieval:
      mode === 'retrieval'
        ? {
            full_snapshot_max_tables: options.retrieval?.fullSnapshotMaxTables ?? 0,
            ...(options.retrieval?.settings ?? {}),
          }
        : null,
  };
  const perConfig = planned.length;
  const boards: ConfigReport[] = configs.map((config) => {
    const list = [...records.entries()]
      .filter(([key]) => JSON.parse(key)[0] === config.name)
      .sort(([a], [b]) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
      .map(([, r]) => r);
    return {
      config: { name: config.name, nodes: config.llm ? describeConfig(config.llm) : {} },
      planned_cases: perConfig,
      completed_cases: list.length,
      metrics:
        mode === 'retrieval'
          ? buildRetrievalBoard(list)
          : buildBoard(list, {
              passes,
              curated,
              faithfulness: scorers.some((s) => s.name === 'faithfulness'),
            }),
      cases: list,
    };
  });
  const report: RunReport = {
    mode,
    dataset,
    database: options.database ?? null,
    settings,
    planned_cases: tasks.length,
    completed_cases: records.size,
    stopped,
    dollars: cap.spent,
    started_at: started.toISOString(),
    timings: { wall_ms: performance.now() - t0, ...timings },
    configs: boards,
  };
  emit({ type: 'run.finished', report });
  return report;
}

function resolveConfigs(options: RunEvalOptions, mode: Mode): EvalConfig[] {
  if (options.engine && options.configs) {
    throw new RunnerError('INVALID_OPTIONS', 'give either engine or configs, not both');
  }
  const configs = options.engine
    ? [{ name: mode, engine: options.engine }]
    : [...(options.configs ?? [])];
  if (configs.length === 0) {
    throw new RunnerError('INVALID_OPTIONS', 'runEval needs an engine or at least one config');
  }
  const names = new Set<string>();
  for (const c of configs) {
    if (names.has(c.name))
      throw new RunnerError('INVALID_OPTIONS', `config name ${c.name} is used twice`);
    names.add(c.name);
  }
  return configs;
}
