import type { AskStatus, EngineErrorInfo, ResultSet } from '@nl2sql/engine';
import type { TokenCounts } from '@nl2sql/llm';
import type {
  CaseDiagnosticsRecord,
  CaseStatus,
  ClarifyRecord,
  TrajectoryRecord,
} from '@nl2sql/records';
import type { Outcome } from '@nl2sql/suite';
import { type ResultHead, resultHead } from './result-head.js';
import type { RowsCheck } from './rows-check.js';
import { rowsDigest } from './rows-digest.js';
import type { CaseVerdict } from './score-case.js';
import type { ScoreResult } from './scorer.js';
import { suspectReason } from './suspect.js';
import type { CaseTask } from './task-list.js';

/**
 * One finished case run (a case, a role, a pass, under one config), as the boards read it
 * and the events carry it. On disk it is a CaseRunRecord (see case-run-record.ts).
 */
export interface CaseResult {
  readonly caseId: string;
  readonly role: string | null;
  readonly pass: number;
  /** Strict execution accuracy; in retrieval, perfect recall. */
  readonly status: CaseStatus;
  readonly lenientStatus: CaseStatus;
  /** The generated path's status when a curated answer answered the case; else null. */
  readonly generatedStatus: CaseStatus | null;
  readonly expected: Outcome;
  /** The engine's status (`success`, `error`, `clarify`), or null when the call itself failed. */
  readonly engineStatus: string | null;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly sql: string | null;
  readonly rowsDigest: string | null;
  readonly rowCount: number | null;
  readonly costUsd: number | null;
  /** The engine's latency on the (first) ask, in ms; see CaseTimings.engineMs. */
  readonly latencyMs: number | null;
  /**
   * The time the case run was queued in the harness, in ms: from the task's admission to its
   * result, less the engine's time and the scorers' (waiting for the event loop, bookkeeping).
   * Null in records made before it was measured.
   */
  readonly harnessMs: number | null;
  readonly tokens: TokenCounts;
  /** True when a verified (curated) answer supplied the SQL. */
  readonly curated: boolean;
  /** Every scorer's verdict by name (diagnostics included), in scorer order. */
  readonly scores: Readonly<Record<string, ScoreResult>>;
  /** Why the case failed, in words (the comparator's or the outcome's explanation). */
  readonly explanation: string | null;
  /**
   * Why a passing case run is suspect: its gold reads a table but its SQL is a constant
   * query (see suspect.ts). Null otherwise, and in records made before it was checked.
   */
  readonly suspect: string | null;
  /**
   * The engine's written answer (the clarifying question on clarify), or null. Kept for the
   * saved report and the HTML page; result records do not store it.
   */
  readonly answer: string | null;
  /**
   * The first rows of the result (see result-head.ts), or null when none came back. Kept for
   * the saved report and the HTML page; result records store only the rows' digest.
   */
  readonly resultHead: ResultHead | null;
  /**
   * Diagnostics, the test-suite verdict and the three-tier verdict (records' format, as the
   * record stores it); null in mode retrieval, when turned off, and in older records.
   */
  readonly diagnostics: CaseDiagnosticsRecord | null;
  /**
   * An external engine's case run: whether the harness ran its SQL (the rows scored are the
   * harness's), trusted its reported rows, or why its answer failed before scoring. Null for
   * the reference engine (its SQL ran on the harness's executor) and in older records.
   */
  readonly rowsCheck: RowsCheck | null;
  /**
   * What the engine did before it answered, as the harness checked it (trajectory-check.ts);
   * null when it sent no trajectory, and in older records. Optional in memory (a result built
   * by hand has none); the record always writes it.
   */
  readonly trajectory?: TrajectoryRecord | null;
  /** Clarify versus guess (clarify-verdict.ts); null where no verdict applies. */
  readonly clarify?: ClarifyRecord | null;
  /** The date "today" meant for the case (the case's as_of_date, sent in the ask), or null. */
  readonly asOfDate?: string | null;
}

/** Where one case run's time went, in milliseconds. */
export interface CaseTimings {
  /**
   * The engine's time (both asks of a curated hit): what an HTTP client measured from the
   * request sent to the reply read, else the duration of the ask or retrieve call.
   */
  readonly engineMs: number;
  /** Of that, the executor nodes the traces report. */
  readonly databaseMs: number;
  readonly scoringMs: number;
  /**
   * Of scoringMs, the harness's own run of an external engine's SQL on the connection
   * (answer-execution.ts); 0 for the reference engine and when nothing ran.
   */
  readonly checkDatabaseMs?: number;
  /**
   * The rest of the case run's wall time in the harness (admission to result, less engine
   * and scoring): waiting for the event loop, bookkeeping. 0 until the runner measures it.
   */
  readonly queuedMs: number;
}

/** What a case stage (ask-case, retrieve-case) hands back for one task. */
export interface FinishedRun {
  readonly result: CaseResult;
  readonly timings: CaseTimings;
}

/** What an ask or a retrieve ended in, before it becomes a CaseResult. */
export interface CaseAnswer {
  readonly verdict: CaseVerdict;
  readonly generatedStatus: CaseStatus | null;
  readonly engineStatus: AskStatus | null;
  readonly error: EngineErrorInfo | null;
  readonly sql: string | null;
  /** The first result set, or null when none came back. */
  readonly result: Pick<ResultSet, 'columns' | 'rows' | 'truncated'> | null;
  /** The engine's written answer, or null. */
  readonly answer: string | null;
  readonly costUsd: number;
  readonly latencyMs: number;
  readonly tokens: TokenCounts;
  readonly curated: boolean;
  /** Diagnostics and verdict; the judge's dollars are in costUsd already. */
  readonly diagnostics?: CaseDiagnosticsRecord | null;
  /** An external engine's rows check (answer-execution.ts); absent for the reference engine. */
  readonly rowsCheck?: RowsCheck | null;
  /** The checked trajectory; absent or null when the engine sent none. */
  readonly trajectory?: TrajectoryRecord | null;
  readonly clarify?: ClarifyRecord | null;
}

/** Milliseconds as results keep them: to the hundredth, so sub-millisecond engines show. */
export function roundMs(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/** The one place a case result is built, for modes plans, full and retrieval alike. */
export function caseResult(task: CaseTask, answer: CaseAnswer): CaseResult {
  const suspect = suspectReason(task.case, answer.verdict);
  const { verdict } = answer;
  const rows = answer.result?.rows ?? null;
  return {
    caseId: task.case.id,
    role: task.role,
    pass: task.pass,
    status: verdict.strict,
    lenientStatus: verdict.lenient,
    generatedStatus: answer.generatedStatus,
    expected: task.expected,
    engineStatus: answer.engineStatus,
    error: answer.error ? { code: answer.error.code, message: answer.error.message } : null,
    sql: answer.sql,
    rowsDigest: rows ? rowsDigest(rows) : null,
    rowCount: rows ? rows.length : null,
    costUsd: answer.costUsd,
    latencyMs: roundMs(answer.latencyMs),
    // Set by the runner once the case run's wall time is known (see timedResult).
    harnessMs: null,
    tokens: answer.tokens,
    curated: answer.curated,
    scores: verdict.scores,
    explanation: verdict.explanation,
    suspect,
    answer: answer.answer,
    resultHead: answer.result ? resultHead(answer.result) : null,
    diagnostics: answer.diagnostics ?? null,
    rowsCheck: answer.rowsCheck ?? null,
    trajectory: answer.trajectory ?? null,
    clarify: answer.clarify ?? null,
    asOfDate: task.case.as_of_date ?? null,
  };
}

/**
 * A finished case run with the time it was queued in the harness: `wallMs` from the task's
 * admission to its result, less the engine's time and the scorers' (which are reported on
 * their own). What is left is waiting for the event loop and bookkeeping.
 */
export function timedResult(done: FinishedRun, wallMs: number): FinishedRun {
  const queuedMs = Math.max(0, wallMs - done.timings.engineMs - done.timings.scoringMs);
  return {
    result: { ...done.result, harnessMs: roundMs(queuedMs) },
    timings: { ...done.timings, queuedMs },
  };
}
