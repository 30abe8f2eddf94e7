import { readFileSync } from 'node:fs';
import type { Redactor } from '@nl2sql/llm';
import { parseRecord, type RunRecord, validateRecord } from '@nl2sql/records';
import type { SavedReport } from '@nl2sql/reporters';
import {
  type RunEventListener,
  type RunReport,
  streamed,
  streamedReportJson,
  writeJsonFile,
} from '@nl2sql/runner';
import { configError } from '../evaluate-error.js';
import { SHARD_FORMAT } from './shard-save.js';

export { type SavedReport, savedReport } from '@nl2sql/reporters';

/**
 * Writes the saved report atomically (a temporary file renamed over the target), every
 * string in it (a note, an error an engine echoed) passed through `redactor` when given:
 * what savedReport holds, byte for byte as `JSON.stringify(saved, null, 2)`. It is
 * streamed: each case run is converted, masked and written in turn, and the file is never
 * one string in memory, so a run of 30,000 case runs saves in bounded memory beside the
 * report it already holds.
 */
export function writeSavedReport(
  path: string,
  report: RunReport,
  records: readonly RunRecord[],
  redactor?: Redactor,
): void {
  const saved = {
    format: 'nl2sql-eval-report',
    version: 1,
    report: streamedReportJson(report),
    records: records.map((record) => ({
      ...record,
      scoreboard: { ...record.scoreboard, cases: streamed(record.scoreboard.cases) },
    })),
  };
  writeJsonFile(path, saved, redactor);
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
  if ((value as { format?: unknown } | null)?.format === SHARD_FORMAT) {
    throw configError(
      `${path} is one shard of a run (saved by \`eval run --shard i/n --save\`): merge every shard into one report first, with \`nl2sql eval merge SHARD... --save FILE\``,
    );
  }
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
  const format = (value as { format?: unknown } | null)?.format;
  if (format === 'nl2sql-eval-report' || format === SHARD_FORMAT) {
    return [...readSavedReport(path).records];
  }
  try {
    return [parseRecord(JSON.stringify(value), path)];
  } catch (error) {
    throw configError((error as Error).message);
  }
}
