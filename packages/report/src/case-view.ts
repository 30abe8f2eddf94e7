import { displayValue, type TableLike } from '@nl2sql/comparator';
import { type EvalCase, goldTiesFor } from '@nl2sql/suite';
import { answerView } from './answer-marks.js';
import { unsafeStep } from './process-rows.js';
import type {
  CaseView,
  CellView,
  Finding,
  ResultView,
  RetrievalView,
  RowDiffView,
} from './report-data.js';
import { rowDiffByComparing, rowDiffFromScore } from './row-diff.js';
import type { SavedCaseRun } from './saved-run.js';

/** Rows of a result or gold shown in a drill-down; an unmatched row further down is added. */
export const SHOWN_ROWS = 50;

/** A predicted query run again on the database (see `reexecute`), with its rows' digest. */
export type Executed = ExecutedRows | ExecutionFailure;

/** A predicted query that failed when run again (a timeout, a changed schema). */
export interface ExecutionFailure {
  readonly error: string;
}

export interface ExecutedRows {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
  /** rowsDigest of the rows, as the runner computes it for `rows_digest`. */
  readonly digest: string;
}

/** What a case run's view is built from besides the run itself. */
export interface CaseContext {
  readonly i: number;
  readonly run: number;
  readonly config: string;
  /** The suite's case, when the suite was given, and its key in the page's gold table. */
  readonly gold: EvalCase | undefined;
  readonly goldKey: string | null;
  /** The run's SQL executed again, when re-execution was asked for. */
  readonly executed: Executed | undefined;
}

/**
 * One case run for the table and the drill-down: the saved run joined with what re-execution
 * and the suite add. Rows are shown only when they are the run's own: saved with the
 * report, or re-executed with the same digest as the run's rows; otherwise the view says why.
 */
export function caseView(run: SavedCaseRun, context: CaseContext): CaseView {
  const { result, full, note } = resultOf(run, context.executed);
  const gold = context.gold;
  const matchScore = run.scores.result_match;
  let rowDiff: RowDiffView | null = matchScore ? rowDiffFromScore(matchScore) : null;
  if (rowDiff === null && full !== null && gold?.rows !== undefined && run.expected === 'allowed') {
    rowDiff = rowDiffByComparing(
      goldTables(gold, full.columns.length),
      full,
      gold.order_matters,
      goldTiesFor(gold, 'sqlite'),
    );
  }
  return {
    i: context.i,
    run: context.run,
    config: context.config,
    id: run.case_id,
    gold: context.goldKey,
    role: run.role,
    pass: run.pass,
    status: run.status,
    lenient: run.lenient_status,
    generated: run.generated_status,
    expected: run.expected,
    engineStatus: run.engine_status,
    error: run.error,
    sql: run.sql,
    rowCount: run.row_count,
    costUsd: run.cost_usd,
    latencyMs: run.latency_ms,
    harnessMs: run.harness_ms,
    tokens: run.tokens,
    curated: run.curated,
    failed: Object.entries(run.scores)
      .filter(([, s]) => !s.pass)
      .map(([name]) => name),
    scores: Object.entries(run.scores).map(([name, s]) => ({
      name,
      pass: s.pass,
      lenient: s.lenient,
      kind: s.kind,
      explanation: s.explanation,
    })),
    explanation: run.explanation,
    findings: findingsOf(run),
    result,
    resultNote: note,
    rowDiff,
    answer: run.answer
      ? answerView(run.answer, run.scores.faithfulness, full, gold?.question ?? null)
      : null,
    retrieval: retrievalOf(run),
    tier: run.diagnostics?.verdict?.tier ?? null,
    diagnostics: run.diagnostics,
    trajectory: run.trajectory,
    unsafeStep: unsafeStep(run),
    clarify: run.clarify,
    candidates: null,
  };
}

/** What retrieval_recall saw, read field by field from its detail. */
function retrievalOf(run: SavedCaseRun): RetrievalView | null {
  const detail = run.scores.retrieval_recall?.detail;
  if (detail === undefined) return null;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
  const rate = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    tableRecall: rate(detail.table_recall),
    columnRecall: rate(detail.column_recall),
    missedTables: list(detail.missed_tables),
    missedColumns: list(detail.missed_columns),
    tablesSent: list(detail.tables_sent),
    columnsSent: list(detail.columns_sent),
  };
}

/** The case's gold answers as the runner compares them: rows, then each alternative. */
export function goldTables(c: EvalCase, resultWidth: number): TableLike[] {
  return [c.rows ?? [], ...(c.alt_rows ?? [])].map((rows) => {
    const width = rows[0]?.length ?? resultWidth;
    return { columns: Array.from({ length: width }, (_, i) => `gold_${i + 1}`), rows };
  });
}

export function shownRows(rows: readonly (readonly unknown[])[]): CellView[][] {
  return rows.slice(0, SHOWN_ROWS).map((row) => row.map(displayValue));
}

function resultOf(
  run: SavedCaseRun,
  executed: Executed | undefined,
): { result: ResultView | null; full: TableLike | null; note: string | null } {
  if (run.result) {
    const rowCount = Math.max(run.row_count ?? run.result.rows.length, run.result.rows.length);
    const whole = !run.result.truncated && rowCount === run.result.rows.length;
    return {
      result: {
        columns: run.result.columns,
        rows: shownRows(run.result.rows),
        rowCount,
        source: 'saved',
      },
      full: whole ? run.result : null,
      note: null,
    };
  }
  if (run.scores.retrieval_recall !== undefined && run.sql === null) {
    return { result: null, full: null, note: null };
  }
  if (run.sql === null || run.engine_status !== 'success') {
    return { result: null, full: null, note: 'the engine returned no rows' };
  }
  if (executed === undefined) {
    return {
      result: null,
      full: null,
      note: 'rows not saved: the saved report keeps only their digest (re-execute to see them)',
    };
  }
  if ('error' in executed) {
    return {
      result: null,
      full: null,
      note: `rows not saved, and running the SQL again failed: ${executed.error}`,
    };
  }
  if (run.rows_digest === null || executed.digest !== run.rows_digest) {
    return {
      result: null,
      full: null,
      note: 'run again on the database, this SQL returned other rows than the run did (the digests differ), so none are shown',
    };
  }
  return {
    result: {
      columns: executed.columns,
      rows: shownRows(executed.rows),
      rowCount: executed.rows.length,
      source: 're-executed',
    },
    full: executed,
    note: null,
  };
}

function findingsOf(run: SavedCaseRun): Finding[] {
  const levels = run.scores.sql_checks?.detail.levels;
  if (!Array.isArray(levels)) return [];
  const out: Finding[] = [];
  for (const level of levels) {
    if (typeof level !== 'object' || level === null) continue;
    const l = level as Record<string, unknown>;
    const name = `${String(l.level ?? '')} ${String(l.name ?? '')}`.trim();
    if (!Array.isArray(l.violations)) continue;
    for (const v of l.violations) {
      if (typeof v !== 'object' || v === null) continue;
      const violation = v as Record<string, unknown>;
      out.push({
        level: name,
        rule: String(violation.rule ?? ''),
        message: String(violation.message ?? ''),
      });
    }
  }
  return out;
}
