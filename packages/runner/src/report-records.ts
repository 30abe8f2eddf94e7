import { createRecord, type RecordInput, type RunRecord } from '@nl2sql/records';
import type { RunReport } from './run-report.js';
import { RunnerError } from './runner-error.js';

export interface ReportRecordOptions {
  /** The installed engine version. */
  readonly engineVersion: string;
  /** What changed, e.g. `slim prompts`. */
  readonly note?: string | null;
  /** Where to find the engine's commit (see @nl2sql/records createRecord). */
  readonly git?: RecordInput['git'];
  /** When the run finished; default now. */
  readonly recordedAt?: Date;
}

/**
 * One format 2 record per config of a report (a run comparing two configs writes two
 * files). Needs the report's database identity; throws RunnerError otherwise.
 */
export function reportRecords(report: RunReport, options: ReportRecordOptions): RunRecord[] {
  const database = report.database;
  if (database === null) {
    throw new RunnerError(
      'INVALID_OPTIONS',
      'a record needs the database identity: run with the database option (databaseIdentity)',
    );
  }
  return report.configs.map((board) =>
    createRecord({
      kind: report.mode,
      engineVersion: options.engineVersion,
      note: options.note ?? null,
      dataset: report.dataset,
      database,
      config: board.config,
      metrics: board.metrics,
      scoreboard: {
        planned_cases: board.planned_cases,
        completed_cases: board.completed_cases,
        stopped: report.stopped,
        settings: report.settings,
        cases: board.cases,
      },
      ...(options.git ? { git: options.git } : {}),
      ...(options.recordedAt ? { recordedAt: options.recordedAt } : {}),
    }),
  );
}
