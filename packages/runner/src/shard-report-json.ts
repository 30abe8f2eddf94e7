import type { RecordKind, RowsSource } from '@nl2sql/records';
import { type CaseRunRecord, fromCaseRunRecord } from './case-run-record.js';
import type { EngineIdentity } from './engine-identity.js';
import type { JournalHeader } from './journal.js';
import type { ConfigReport, RunReport, RunShard } from './run-report.js';
import { type RunReportJson, runReportJson } from './run-report-json.js';
import { RunnerError } from './runner-error.js';

/** A shard's place in its run, in the file's names (see RunShard). */
export interface ShardJson {
  readonly index: number;
  readonly count: number;
  readonly max_cost_usd: number | null;
  readonly run_tasks_digest: string;
  readonly run_planned_cases: number;
  readonly case_positions: Readonly<Record<string, number>>;
  readonly identity: JournalHeader;
}

/** One config of a shard's report: a saved report's, with the kind and engine its records need. */
export type ShardConfigJson = RunReportJson['configs'][number] & {
  readonly kind: RecordKind;
  readonly engine: EngineIdentity;
  /** An external engine's rows (ConfigReport.rows); absent for the reference engine. */
  readonly rows?: RowsSource;
};

/**
 * A shard's report as `nl2sql eval run --shard i/n --save` stores it: the run's written form
 * with, per config, the kind and engine the merged records will carry, and the shard.
 */
export interface ShardReportJson extends Omit<RunReportJson, 'configs'> {
  readonly configs: readonly ShardConfigJson[];
  readonly shard: ShardJson;
}

/** A shard's report in its written form; INVALID_SHARD for the report of a whole run. */
export function shardReportJson(report: RunReport): ShardReportJson {
  const shard = report.shard;
  if (shard === undefined) {
    throw new RunnerError('INVALID_SHARD', 'the report is of a whole run, not of a shard');
  }
  const json = runReportJson(report);
  return {
    ...json,
    configs: json.configs.map((board, i) => {
      const own = report.configs[i] as ConfigReport;
      return {
        ...board,
        kind: own.kind,
        engine: own.engine,
        ...(own.rows === null ? {} : { rows: own.rows }),
      };
    }),
    shard: {
      index: shard.index,
      count: shard.count,
      max_cost_usd: shard.maxCostUsd,
      run_tasks_digest: shard.runTasksDigest,
      run_planned_cases: shard.runPlannedCases,
      case_positions: shard.casePositions,
      identity: shard.identity,
    },
  };
}

type Check = (ok: boolean, field: string, expected: string) => void;

function checker(source: string): Check {
  return (ok, field, expected) => {
    if (!ok) {
      throw new RunnerError(
        'INVALID_SHARD',
        `${source}: not a shard report saved by \`nl2sql eval run --shard i/n --save\`: ${field} must be ${expected}`,
      );
    }
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** The parts of a shard's file the merge reads, checked with located messages. */
function checkShape(value: unknown, check: Check): asserts value is ShardReportJson {
  check(isObject(value), '(the report)', 'an object');
  const json = value as Record<string, unknown>;
  const shard = json.shard;
  check(isObject(shard), 'shard', 'an object');
  const s = shard as Record<string, unknown>;
  check(isCount(s.index) && (s.index as number) >= 1, 'shard.index', 'an integer from 1');
  check(
    isCount(s.count) && (s.count as number) >= (s.index as number),
    'shard.count',
    'an integer >= shard.index',
  );
  check(
    s.max_cost_usd === null || typeof s.max_cost_usd === 'number',
    'shard.max_cost_usd',
    'a number or null',
  );
  check(typeof s.run_tasks_digest === 'string', 'shard.run_tasks_digest', 'a string');
  check(isCount(s.run_planned_cases), 'shard.run_planned_cases', 'a whole number');
  check(isObject(s.case_positions), 'shard.case_positions', 'an object');
  for (const [id, at] of Object.entries(s.case_positions as object)) {
    check(isCount(at), `shard.case_positions.${id}`, 'a whole number');
  }
  check(isObject(s.identity), 'shard.identity', 'a journal header');
  const identity = s.identity as Record<string, unknown>;
  for (const key of ['engines', 'database', 'options']) {
    check(isObject(identity[key]), `shard.identity.${key}`, 'an object');
  }
  for (const key of ['mode', 'suite_digest', 'tasks_digest']) {
    check(typeof identity[key] === 'string', `shard.identity.${key}`, 'a string');
  }
  check(typeof json.started_at === 'string', 'started_at', 'a string');
  check(isObject(json.settings), 'settings', 'an object');
  check(isObject(json.timings), 'timings', 'an object');
  for (const key of ['planned_cases', 'completed_cases']) {
    check(isCount(json[key]), key, 'a whole number');
  }
  check(typeof json.dollars === 'number', 'dollars', 'a number');
  check(Array.isArray(json.configs), 'configs', 'a list');
  (json.configs as unknown[]).forEach((board, i) => {
    check(isObject(board), `configs[${i}]`, 'an object');
    const b = board as Record<string, unknown>;
    check(isObject(b.config), `configs[${i}].config`, 'an object');
    check(isObject(b.engine), `configs[${i}].engine`, 'an object');
    check(typeof b.kind === 'string', `configs[${i}].kind`, 'a string');
    check(isObject(b.metrics), `configs[${i}].metrics`, 'an object');
    check(isCount(b.planned_cases), `configs[${i}].planned_cases`, 'a whole number');
    check(Array.isArray(b.cases), `configs[${i}].cases`, 'a list');
    (b.cases as unknown[]).forEach((c, j) => {
      const where = `configs[${i}].cases[${j}]`;
      check(isObject(c), where, 'a case run');
      const r = c as Record<string, unknown>;
      check(typeof r.case_id === 'string', `${where}.case_id`, 'a string');
      check(isCount(r.pass) && (r.pass as number) >= 1, `${where}.pass`, 'an integer from 1');
      check(r.role === null || typeof r.role === 'string', `${where}.role`, 'a string or null');
      check(isObject(r.tokens), `${where}.tokens`, 'an object');
      check(isObject(r.scores), `${where}.scores`, 'an object');
    });
  });
}

/**
 * A shard's report read back from its written form (`source` names the file in messages):
 * INVALID_SHARD, with the field, when the value is not one.
 */
export function fromShardReportJson(value: unknown, source: string): RunReport {
  checkShape(value, checker(source));
  const json = value;
  const s = json.shard;
  const shard: RunShard = {
    index: s.index,
    count: s.count,
    maxCostUsd: s.max_cost_usd,
    runTasksDigest: s.run_tasks_digest,
    runPlannedCases: s.run_planned_cases,
    casePositions: s.case_positions,
    identity: s.identity,
  };
  const t = json.timings;
  return {
    mode: json.mode,
    dataset: json.dataset,
    database: json.database,
    settings: json.settings,
    plannedCases: json.planned_cases,
    completedCases: json.completed_cases,
    stopped: json.stopped,
    dollars: json.dollars,
    startedAt: json.started_at,
    timings: {
      wallMs: t.wall_ms,
      engineMs: t.engine_ms,
      databaseMs: t.database_ms,
      scoringMs: t.scoring_ms,
      queuedMs: t.queued_ms,
    },
    configs: json.configs.map((board) => ({
      config: board.config,
      kind: board.kind,
      engine: board.engine,
      rows: board.rows ?? null,
      plannedCases: board.planned_cases,
      completedCases: board.completed_cases,
      metrics: board.metrics,
      cases: board.cases.map((record: CaseRunRecord) => fromCaseRunRecord(record)),
    })),
    shard,
  };
}
