import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Redactor } from '@nl2sql/llm';
import { parseRecord, type RunRecord, validateRecord } from '@nl2sql/records';
import {
  type RunEventListener,
  type RunReport,
  type RunReportJson,
  runReportJson,
} from '@nl2sql/runner';
import { configError } from '../cli-error.js';

/** What `eval run --save FILE` writes and `eval publish FILE` reads. */
export interface SavedReport {
  readonly format: 'nl2sql-eval-report';
  readonly version: 1;
  /** The run's report in its written form (runReportJson). */
  readonly report: RunReportJson;
  /** One format 2 record per config, made when the run finished. */
  readonly records: readonly RunRecord[];
}

/**
 * The saved report of a run: what `--save` writes and what `--report` renders in memory.
 * Every string in it (a note, an error an engine echoed) is passed through `redactor`.
 */
export function savedReport(
  report: RunReport,
  records: readonly RunRecord[],
  redactor?: Redactor,
): SavedReport {
  const plain: SavedReport = {
    format: 'nl2sql-eval-report',
    version: 1,
    report: runReportJson(report),
    records,
  };
  return redactor ? redactor.redactValue(plain) : plain;
}

/** Writes the saved report atomically (a temporary file renamed over the target). */
export function writeSavedReport(
  path: string,
  report: RunReport,
  records: readonly RunRecord[],
  redactor?: Redactor,
): void {
  const saved = savedReport(report, records, redactor);
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(temp, `${JSON.stringify(saved, null, 2)}\n`);
  renameSync(temp, path);
}

/**
 * `eval run --save FILE` as a listener: when the run finishes, its report and the records
 * `records()` makes of it are written to `path`.
 */
export function savedReportListener(
  path: string,
  records: () => readonly RunRecord[],
  redactor?: Redactor,
): RunEventListener {
  return (event) => {
    if (event.type === 'run.finished') writeSavedReport(path, event.report, records(), redactor);
  };
}

/** Reads a saved report; a missing, foreign or invalid file is a configuration error. */
export function readSavedReport(path: string): SavedReport {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw configError(`${path}: not a readable report (${(error as Error).message})`);
  }
  const saved = value as Partial<SavedReport>;
  if (
    saved.format !== 'nl2sql-eval-report' ||
    saved.version !== 1 ||
    !Array.isArray(saved.records)
  ) {
    throw configError(`${path}: not a report saved by \`nl2sql eval run --save\``);
  }
  saved.records.forEach((record, i) => {
    try {
      validateRecord(record, `${path} record ${i + 1}`);
    } catch (error) {
      throw configError((error as Error).message);
    }
  });
  return saved as SavedReport;
}

/**
 * The records a file holds: a report saved by `eval run --save` (one record per config) or
 * a single record file (`benchmarks/<mode>/<db>/*.json`).
 */
export function readRunRecords(path: string): RunRecord[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw configError(`${path}: not a readable report or record (${(error as Error).message})`);
  }
  if ((value as { format?: unknown }).format === 'nl2sql-eval-report') {
    return [...readSavedReport(path).records];
  }
  try {
    return [parseRecord(JSON.stringify(value), path)];
  } catch (error) {
    throw configError((error as Error).message);
  }
}
