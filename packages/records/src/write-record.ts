import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { linkNew, removeQuietly, writeTempFile } from './atomic-file.js';
import { RECORD_FIELDS, type RunRecord } from './record.js';
import { RecordError } from './record-error.js';
import { recordDir, recordFileName, recordName } from './record-path.js';
import { validateRecord } from './validate-record.js';

/**
 * The record's file text: the top-level fields in the spec's order, two-space JSON, LF,
 * a final newline. Nested objects keep the order the runner built them in.
 */
export function formatRecord(record: RunRecord): string {
  const ordered: { [key: string]: unknown } = {};
  for (const key of RECORD_FIELDS) ordered[key] = record[key];
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/**
 * Writes `record` under `benchmarksDir` (the `benchmarks/` folder) at
 * `<mode>/<database>/<date>_<shortsha>_<config>.json`, or the first of `-2`, `-3` ... that
 * is free, and returns the path. The record is validated first. The write is atomic and
 * never replaces a file: the text goes to a temporary file that is then hard-linked to
 * the name, which fails if the name exists (a run racing for the same name takes the next
 * suffix), so a reader never sees half a record and no record is ever edited.
 */
export function writeRecord(benchmarksDir: string, record: RunRecord): string {
  validateRecord(record, `record to write under ${benchmarksDir}`);
  const name = recordName(record);
  const dir = recordDir(benchmarksDir, name);
  mkdirSync(dir, { recursive: true });
  return withTempFile(dir, formatRecord(record), (temp) => {
    for (let n = 1; ; n++) {
      const target = join(dir, recordFileName(name, n));
      if (linkNew(temp, target)) return target;
    }
  });
}

/**
 * Writes `record` at exactly `path`, atomically; throws `RecordError` (`RECORD_EXISTS`)
 * if a file is already there, since records are never edited.
 */
export function writeRecordFile(path: string, record: RunRecord): string {
  validateRecord(record, path);
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  return withTempFile(dir, formatRecord(record), (temp) => {
    if (linkNew(temp, path)) return path;
    throw new RecordError(
      'RECORD_EXISTS',
      `${path}: a record is already there; records are never edited, so write a new one`,
      { file: path },
    );
  });
}

function withTempFile<T>(dir: string, text: string, place: (temp: string) => T): T {
  const temp = writeTempFile(join(dir, 'record'), text);
  try {
    return place(temp);
  } finally {
    removeQuietly(temp);
  }
}
