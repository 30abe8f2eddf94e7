import { createRecord, type RecordInput, type RunRecord } from '@nl2sql/records';
import { toCaseRunRecord } from './case-run-record.js';
import { recordEngine } from './engine-identity.js';
import type { RunEventListener } from './run-event.js';
import type { RunReport } from './run-report.js';
import { RunnerError } from './runner-error.js';

export interface ReportRecordOptions {
  /** The engine version the records carry. Default: the version the engine described. */
  readonly engineVersion?: string;
  /** What changed, e.g. `slim prompts`. */
  readonly note?: string | null;
  /** Where to find the engine's commit (see @nl2sql/records createRecord). */
  readonly git?: RecordInput['git'];
  /** When the run finished; default now. */
  readonly recordedAt?: Date;
}

/**
 * One format 2 record per config of a report (a run comparing two configs writes two
 * files): of the run's mode, or of kind `engine` for an external engine, with the engine's
 * version as it described itself. Needs the report's database identity; throws RunnerError
 * otherwise.
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
      kind: board.kind,
      engineVersion: options.engineVersion ?? board.engine.version,
      ...(board.kind === 'engine' ? { engine: recordEngine(board.engine) } : {}),
      note: options.note ?? null,
      dataset: report.dataset,
      database,
      config: board.config,
      metrics: board.metrics,
      scoreboard: {
        planned_cases: board.plannedCases,
        completed_cases: board.completedCases,
        stopped: report.stopped,
        // Kind engine says how its rows were obtained: the harness's, or the engine's word.
        settings: board.rows === null ? report.settings : { ...report.settings, rows: board.rows },
        cases: board.cases.map(toCaseRunRecord),
      },
      ...(options.git ? { git: options.git } : {}),
      ...(options.recordedAt ? { recordedAt: options.recordedAt } : {}),
    }),
  );
}

/** A listener that makes a run's records from its run.finished report (see recordsListener). */
export interface RecordsListener extends RunEventListener {
  /** The records of the finished run, made once on first call; throws before run.finished. */
  records(): RunRecord[];
}

/**
 * The result records as a listener of the run's events: it keeps the run.finished report,
 * and makes the records (reportRecords) the first time they are asked for, so a run that
 * needs none makes none.
 */
export function recordsListener(options: ReportRecordOptions): RecordsListener {
  let report: RunReport | null = null;
  let made: RunRecord[] | null = null;
  const listener: RunEventListener = (event) => {
    if (event.type === 'run.finished') {
      report = event.report;
      made = null;
    }
  };
  return Object.assign(listener, {
    records(): RunRecord[] {
      if (report === null) {
        throw new RunnerError('INVALID_OPTIONS', 'no records: the run has not finished');
      }
      made ??= reportRecords(report, options);
      return made;
    },
  });
}
