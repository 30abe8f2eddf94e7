import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { RunRecord, StoredRecord } from './record.js';
import { RecordError } from './record-error.js';
import { RECORD_KINDS } from './run-mode.js';
import { validateRecord } from './validate-record.js';
import { formatRecord } from './write-record.js';

/** Each mode's folder, and 0.6's `tier2/`, where mode full runs were written; they read as full. */
const MODE_DIRS: Readonly<Record<string, RunRecord['kind']>> = {
  ...Object.fromEntries(RECORD_KINDS.map((kind) => [kind, kind])),
  tier2: 'full',
};

/**
 * Reads every record under `benchmarksDir` (the `benchmarks/` folder, laid out
 * `<mode>/<database>/*.json`), validating each: a bad file throws `RecordError` naming
 * the file and field, and a record filed under another mode or database than it states
 * throws `MISPLACED_RECORD`. Sorted by `sortRecords`, so the order never depends on the
 * file system. A missing folder reads as no records.
 */
export function readRecords(benchmarksDir: string): StoredRecord[] {
  if (!existsSync(benchmarksDir)) return [];
  const stored: StoredRecord[] = [];
  for (const modeDir of listDirs(benchmarksDir)) {
    const mode = MODE_DIRS[modeDir];
    if (mode === undefined) continue; // not a record folder (a README, an archive)
    for (const database of listDirs(join(benchmarksDir, modeDir))) {
      const dir = join(benchmarksDir, modeDir, database);
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isFile() || !entry.name.endsWith('.json') || entry.name.startsWith('.')) {
          continue;
        }
        const path = join(dir, entry.name);
        const record = validateRecord(parseJson(path), path);
        if (record.kind !== mode || record.database.datasource_id !== database) {
          throw new RecordError(
            'MISPLACED_RECORD',
            `${path}: a ${record.kind} record on ${record.database.datasource_id} filed under ${modeDir}/${database}/`,
            { file: path, field: record.kind !== mode ? 'kind' : 'database.datasource_id' },
          );
        }
        stored.push({ path, record });
      }
    }
  }
  return sortRecords(stored, benchmarksDir);
}

/**
 * A total order on records that does not depend on the input order: mode, database,
 * recorded_at, config, then the path (relative to `base`, `/`-separated) and, for records
 * given without a path, the record's own text to break ties.
 */
export function sortRecords(records: readonly StoredRecord[], base = ''): StoredRecord[] {
  const keyed = records.map((stored) => ({
    stored,
    path: (base === '' ? stored.path : relative(base, stored.path)).split(sep).join('/'),
  }));
  keyed.sort(
    (a, b) =>
      compare(a.stored.record.kind, b.stored.record.kind) ||
      compare(a.stored.record.database.datasource_id, b.stored.record.database.datasource_id) ||
      Date.parse(a.stored.record.recorded_at) - Date.parse(b.stored.record.recorded_at) ||
      compare(a.stored.record.recorded_at, b.stored.record.recorded_at) ||
      compare(a.stored.record.config.name, b.stored.record.config.name) ||
      compare(a.path, b.path) ||
      compare(formatRecord(a.stored.record), formatRecord(b.stored.record)),
  );
  return keyed.map((k) => k.stored);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function listDirs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

function parseJson(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RecordError('INVALID_RECORD', `${path}: not valid JSON: ${reason}`, { file: path });
  }
}
