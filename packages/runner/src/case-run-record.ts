import type { CaseRecord, CaseStatus, ClarifyRecord, TrajectoryRecord } from '@nl2sql/records';
import type { Outcome } from '@nl2sql/suite';
import type { CaseResult } from './case-result.js';
import type { ResultHead } from './result-head.js';
import type { RowsCheck } from './rows-check.js';
import type { ScoreResult } from './scorer.js';

/** Token counts as a case record writes them (llm's TokenCounts in the record's names). */
export interface TokenTotals {
  readonly input: number;
  readonly cached_input: number;
  readonly cache_write: number;
  readonly output: number;
  readonly reasoning: number;
}

/**
 * One finished case run as it is written to disk: in a result record's scoreboard, in the
 * journal and in a saved report. The records package's CaseRecord with what the runner adds
 * (the scores, the error, the tokens). Field names are the file's; in memory a case run is
 * a CaseResult, and `toCaseRunRecord` / `fromCaseRunRecord` are the only way between them.
 */
export interface CaseRunRecord extends CaseRecord {
  readonly case_id: string;
  readonly role: string | null;
  readonly pass: number;
  readonly status: CaseStatus;
  readonly lenient_status: CaseStatus;
  readonly generated_status: CaseStatus | null;
  readonly expected: Outcome;
  readonly engine_status: string | null;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly sql: string | null;
  readonly rows_digest: string | null;
  readonly row_count: number | null;
  readonly cost_usd: number | null;
  readonly latency_ms: number | null;
  /** Absent in records written before the harness's time was measured. */
  readonly harness_ms?: number | null;
  readonly tokens: TokenTotals;
  readonly curated: boolean;
  readonly scores: Readonly<Record<string, ScoreResult>>;
  readonly explanation: string | null;
  /** Absent in records written before suspect case runs were flagged. */
  readonly suspect?: string | null;
  /** An external engine's case run only: how its rows were obtained (rows-check.ts). */
  readonly rows_check?: RowsCheck;
  /** The checked trajectory, null when the engine sent none; absent in older records. */
  readonly trajectory?: TrajectoryRecord | null;
  /** Clarify versus guess, null where no verdict applies; absent in older records. */
  readonly clarify?: ClarifyRecord | null;
  /** The date "today" meant for the case, null when it gives none; absent in older records. */
  readonly as_of_date?: string | null;
}

/**
 * A case run as a report holds it (`eval run --json`, `--save`, and the journal, so a resumed
 * run's report has them too): the record's fields and what the HTML page shows besides, the
 * written answer and the first rows. Result records under benchmarks/ never carry these.
 */
export interface ReportCaseRun extends CaseRunRecord {
  readonly answer: string | null;
  readonly result: ResultHead | null;
}

/** A case run as the disk holds it. Key order is the file's: records stay byte-stable. */
export function toCaseRunRecord(result: CaseResult): CaseRunRecord {
  return {
    case_id: result.caseId,
    role: result.role,
    pass: result.pass,
    status: result.status,
    lenient_status: result.lenientStatus,
    generated_status: result.generatedStatus,
    expected: result.expected,
    engine_status: result.engineStatus,
    error: result.error,
    sql: result.sql,
    rows_digest: result.rowsDigest,
    row_count: result.rowCount,
    cost_usd: result.costUsd,
    latency_ms: result.latencyMs,
    harness_ms: result.harnessMs,
    tokens: {
      input: result.tokens.input,
      cached_input: result.tokens.cached,
      cache_write: result.tokens.cacheWrite,
      output: result.tokens.output,
      reasoning: result.tokens.reasoning,
    },
    curated: result.curated,
    scores: result.scores,
    explanation: result.explanation,
    suspect: result.suspect,
    // Written only when there are some, so records of runs without them stay as they were.
    ...(result.diagnostics === null ? {} : { diagnostics: result.diagnostics }),
    ...(result.rowsCheck ? { rows_check: result.rowsCheck } : {}),
    trajectory: result.trajectory ?? null,
    clarify: result.clarify ?? null,
    as_of_date: result.asOfDate ?? null,
    ...snapshotsField(result),
  };
}

/** EX across snapshots, read from the snapshots score; absent without one. */
function snapshotsField(result: CaseResult): Pick<CaseRunRecord, 'snapshots'> {
  const score = result.scores.snapshots;
  if (score === undefined) return {};
  const failedOn = score.detail.failed_on;
  return {
    snapshots: {
      pinned: score.detail.pinned === true,
      all: score.pass,
      failed_on: Array.isArray(failedOn) ? failedOn.map(String) : [],
    },
  };
}

/** A case run as a report holds it: the record's form, then the answer and the first rows. */
export function toReportCaseRun(result: CaseResult): ReportCaseRun {
  return { ...toCaseRunRecord(result), answer: result.answer, result: result.resultHead };
}

/**
 * A case run read back from disk (a journal line, a record this runner wrote). The answer
 * and the first rows are read when the line has them (a report's form), else null.
 */
export function fromCaseRunRecord(record: CaseRunRecord | ReportCaseRun): CaseResult {
  const shown = record as Partial<Pick<ReportCaseRun, 'answer' | 'result'>>;
  return {
    caseId: record.case_id,
    role: record.role,
    pass: record.pass,
    status: record.status,
    lenientStatus: record.lenient_status,
    generatedStatus: record.generated_status,
    expected: record.expected,
    engineStatus: record.engine_status,
    error: record.error,
    sql: record.sql,
    rowsDigest: record.rows_digest,
    rowCount: record.row_count,
    costUsd: record.cost_usd,
    latencyMs: record.latency_ms,
    harnessMs: record.harness_ms ?? null,
    tokens: {
      input: record.tokens.input,
      cached: record.tokens.cached_input,
      cacheWrite: record.tokens.cache_write,
      output: record.tokens.output,
      reasoning: record.tokens.reasoning,
    },
    curated: record.curated,
    scores: record.scores,
    explanation: record.explanation,
    suspect: record.suspect ?? null,
    answer: shown.answer ?? null,
    resultHead: shown.result ?? null,
    diagnostics: record.diagnostics ?? null,
    rowsCheck: record.rows_check ?? null,
    trajectory: record.trajectory ?? null,
    clarify: record.clarify ?? null,
    asOfDate: record.as_of_date ?? null,
  };
}
