import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RunRecord } from './record.js';

/** The parts of `<mode>/<database>/<YYYY-MM-DD>_<shortsha>_<config>.json`. */
export interface RecordName {
  readonly mode: string;
  readonly database: string;
  /** The UTC date of `recorded_at`. */
  readonly date: string;
  /** The first seven characters of the commit, or `unknown`. */
  readonly shortSha: string;
  /** The config name as it can stand in a file name. */
  readonly config: string;
}

/** The naming parts of a record. */
export function recordName(record: RunRecord): RecordName {
  return {
    mode: record.kind,
    database: fileSafe(record.database.datasource_id),
    date: record.recorded_at.slice(0, 10),
    shortSha: record.git_commit === 'unknown' ? 'unknown' : record.git_commit.slice(0, 7),
    config: fileSafe(record.config.name),
  };
}

/**
 * The file name for the n-th record of that name: n = 1 is the plain name, then `-2`,
 * `-3` ... before `.json`, as the spec adds when a name is taken.
 */
export function recordFileName(name: RecordName, n = 1): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`suffix number must be 1 or more: ${n}`);
  const base = `${name.date}_${name.shortSha}_${name.config}`;
  return n === 1 ? `${base}.json` : `${base}-${n}.json`;
}

/** `<mode>/<database>` under the benchmarks directory. */
export function recordDir(benchmarksDir: string, name: RecordName): string {
  return join(benchmarksDir, name.mode, name.database);
}

/**
 * The first free path for `record` under `benchmarksDir` (the `benchmarks/` folder):
 * the plain name, or the first of `-2`, `-3` ... not yet taken. `taken` defaults to the
 * file system; `writeRecord` re-checks atomically, so two runs racing cannot share a name.
 */
export function recordPath(
  benchmarksDir: string,
  record: RunRecord,
  taken: (path: string) => boolean = existsSync,
): string {
  const name = recordName(record);
  const dir = recordDir(benchmarksDir, name);
  for (let n = 1; ; n++) {
    const path = join(dir, recordFileName(name, n));
    if (!taken(path)) return path;
  }
}

// Config names are user-chosen (`mini`, `openrouter/meta-llama/llama-3.3-70b`); a slash
// or a space would make a directory or a path the shell must quote.
function fileSafe(text: string): string {
  const safe = text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '');
  return safe === '' ? 'config' : safe;
}
