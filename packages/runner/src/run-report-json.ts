import type {
  Mode,
  RecordConfig,
  RecordDatabase,
  RecordDataset,
  RetrievalMetrics,
  RowsSource,
  RunMetrics,
  ScoreboardSettings,
} from '@nl2sql/records';
import type { CaseResult } from './case-result.js';
import { type ReportCaseRun, toReportCaseRun } from './case-run-record.js';
import { streamed } from './json-file.js';
import type { RunReport } from './run-report.js';

/** A report as `nl2sql eval run --json` prints it and `--save` stores it: the file's names. */
export interface RunReportJson {
  readonly mode: Mode;
  readonly dataset: RecordDataset;
  readonly database: RecordDatabase | null;
  readonly settings: ScoreboardSettings;
  readonly planned_cases: number;
  readonly completed_cases: number;
  readonly stopped: 'max_cost' | 'cancelled' | null;
  readonly dollars: number;
  readonly started_at: string;
  readonly timings: {
    readonly wall_ms: number;
    readonly engine_ms: number;
    readonly database_ms: number;
    readonly scoring_ms: number;
    readonly queued_ms: number;
  };
  readonly configs: ReadonlyArray<{
    readonly config: RecordConfig;
    /** An external engine's rows: executed by the harness, or trusted (its word). */
    readonly rows?: RowsSource;
    readonly planned_cases: number;
    readonly completed_cases: number;
    readonly metrics: RunMetrics | RetrievalMetrics;
    readonly cases: readonly ReportCaseRun[];
  }>;
}

/**
/**
 * One case run as a written report holds it: a record's fields plus the written answer and
 * the first rows (a record itself keeps neither). A writer that streams a report (the CLI's
 * saved report) writes each case run through this, one at a time.
 */
export function reportCaseJson(result: CaseResult): ReportCaseRun {
  return toReportCaseRun(result);
}

/** The report in its written form; case runs go through reportCaseJson. */
export function runReportJson(report: RunReport): RunReportJson {
  const t = report.timings;
  return {
    mode: report.mode,
    dataset: report.dataset,
    database: report.database,
    settings: report.settings,
    planned_cases: report.plannedCases,
    completed_cases: report.completedCases,
    stopped: report.stopped,
    dollars: report.dollars,
    started_at: report.startedAt,
    timings: {
      wall_ms: t.wallMs,
      engine_ms: t.engineMs,
      database_ms: t.databaseMs,
      scoring_ms: t.scoringMs,
      queued_ms: t.queuedMs,
    },
    configs: report.configs.map((board) => ({
      config: board.config,
      // An external engine's rows: executed by the harness, or trusted (its word).
      ...(board.rows === null ? {} : { rows: board.rows }),
      planned_cases: board.plannedCases,
      completed_cases: board.completedCases,
      metrics: board.metrics,
      cases: board.cases.map(reportCaseJson),
    })),
  };
}

/**
 * The report's written form with each config's case runs left to be written one at a time
 * by `writeJsonFile`: the same JSON as runReportJson, never held as a second list.
 */
export function streamedReportJson(report: RunReport): unknown {
  const head = runReportJson({
    ...report,
    configs: report.configs.map((board) => ({ ...board, cases: [] })),
  });
  return {
    ...head,
    configs: head.configs.map((board, i) => ({
      ...board,
      cases: streamed(report.configs[i]?.cases ?? [], reportCaseJson),
    })),
  };
}
