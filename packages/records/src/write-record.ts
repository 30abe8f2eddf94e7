import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import type { RunRecord } from './record.js';
import { RecordError } from './record-error.js';
import { recordDir, recordFileName, recordName } from './record-path.js';
import { RECORD_FIELDS } from './record-schema.js';
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
      if (placeNew(temp, target)) return target;
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
    if (placeNew(temp, path)) return path;
    throw new RecordError(
      'RECORD_EXISTS',
      `${path}: a record is already there; records are never edited, so write a new one`,
      { file: path },
    );
  });
}

function withTempFile<T>(dir: string, text: string, place: (temp: string) => T): T {
  const temp = join(dir, `.record-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    return place(temp);
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // Already moved by the rename fallback.
    }
  }
}

/** Moves `temp` to `target` unless `target` exists; false when it does. */
function placeNew(temp: string, target: string): boolean {
  try {
    linkSync(temp, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // File systems without hard links: fall back to an exclusive create as the claim,
    // then rename over the empty claim file (still never over another record).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') {
      try {
        closeSync(openSync(target, 'wx'));
      } catch (claimError) {
        if ((claimError as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw claimError;
      }
      renameSync(temp, target);
      return true;
    }
    throw error;
  }
}
