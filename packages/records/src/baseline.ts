import { basename } from 'node:path';
import { comparable } from './comparable.js';
import { asStored, type RunRecord, type StoredRecord } from './record.js';
import { recordFileName, recordName } from './record-path.js';
import { formatRecord } from './write-record.js';

/** Options for `newestComparableBaseline`. */
export interface BaselineOptions {
  /** Only records of the current record's config (default true: the gate compares configs by name). */
  readonly sameConfig?: boolean;
}

/**
 * The newest record the current one can be gated against: comparable (same mode, suite
 * digest, schema fingerprint; in full also roles and curated), on the same database, by
 * default of the same config, and recorded no later than the current one; the current
 * record itself (the same object, or the same record read again) is skipped. Ties on
 * recorded_at go to the later suffix, as `-2` is written after the plain name. Returns
 * undefined when there is none. Accepts bare records or
 * `StoredRecord`s (what `readRecords` returns) and returns the same kind of item.
 */
export function newestComparableBaseline<T extends RunRecord | StoredRecord>(
  records: readonly T[],
  current: RunRecord,
  options: BaselineOptions = {},
): T | undefined {
  const sameConfig = options.sameConfig ?? true;
  const now = Date.parse(current.recorded_at);
  let best: { item: T; time: number; n: number; tie: string } | undefined;
  for (const item of records) {
    const { path, record } = asStored(item);
    if (record === current) continue;
    if (record.database.datasource_id !== current.database.datasource_id) continue;
    if (sameConfig && record.config.name !== current.config.name) continue;
    const time = Date.parse(record.recorded_at);
    if (time > now) continue;
    // The same record read twice (the CLI reads the current run's file and all records)
    // is not its own baseline.
    if (time === now && formatRecord(record) === formatRecord(current)) continue;
    if (!comparable(record, current).comparable) continue;
    const tie = path;
    const n = suffixNumber(path, record);
    if (
      best === undefined ||
      time > best.time ||
      (time === best.time && (n > best.n || (n === best.n && tie > best.tie)))
    ) {
      best = { item, time, n, tie };
    }
  }
  return best?.item;
}

/** 1 for the plain name, n for the `-n` suffix `writeRecord` adds when a name is taken. */
function suffixNumber(path: string, record: RunRecord): number {
  const plain = recordFileName(recordName(record)).slice(0, -'.json'.length);
  const match = /^-(\d+)\.json$/.exec(basename(path).slice(plain.length));
  return basename(path).startsWith(plain) && match?.[1] !== undefined ? Number(match[1]) : 1;
}
