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

/** A record that was looked at as a baseline and passed over, and why. */
export interface BaselineMiss {
  readonly path: string;
  readonly reason: string;
}

/**
 * Why `newestComparableBaseline` found nothing for `current`: the records of its kind,
 * database and config (the only ones it could have picked), newest first, each with the
 * reason it was passed over (the fields that differ, or "recorded after the current run").
 * Empty when no record of that kind, database and config exists at all.
 */
export function baselineMisses(
  records: readonly (RunRecord | StoredRecord)[],
  current: RunRecord,
  options: BaselineOptions = {},
): BaselineMiss[] {
  const sameConfig = options.sameConfig ?? true;
  const now = Date.parse(current.recorded_at);
  const misses: { miss: BaselineMiss; time: number }[] = [];
  for (const item of records) {
    const { path, record } = asStored(item);
    if (record === current || record.kind !== current.kind) continue;
    if (record.database.datasource_id !== current.database.datasource_id) continue;
    if (sameConfig && record.config.name !== current.config.name) continue;
    const time = Date.parse(record.recorded_at);
    if (time === now && formatRecord(record) === formatRecord(current)) continue;
    const verdict = comparable(record, current);
    const reason = !verdict.comparable
      ? verdict.reason
      : time > now
        ? `recorded after the current run (${record.recorded_at})`
        : null;
    if (reason !== null) misses.push({ miss: { path, reason }, time });
  }
  return misses.sort((a, b) => b.time - a.time).map((m) => m.miss);
}

/**
 * One paragraph saying why `current` has no baseline among `records`: what the run is
 * (kind, database, config, suite digest, schema, roles), then either that nothing of its
 * kind, database and config was recorded, or each such record and what differs.
 */
export function explainNoBaseline(
  records: readonly (RunRecord | StoredRecord)[],
  current: RunRecord,
  options: BaselineOptions = {},
): string {
  const settings = current.scoreboard.settings;
  const roles = [...new Set(settings.roles)].sort();
  const run = [
    `kind ${current.kind}`,
    `database ${current.database.datasource_id}`,
    `config ${current.config.name}`,
    `suite ${current.dataset.name} (${current.dataset.digest.slice(0, 12)})`,
    `schema ${current.database.schema_fingerprint.slice(0, 12)}`,
    `roles ${roles.length === 0 ? '(none)' : roles.join(', ')}`,
    ...(current.kind === 'full' ? [`curated answers ${settings.curated ? 'on' : 'off'}`] : []),
  ].join(', ');
  const misses = baselineMisses(records, current, options);
  if (misses.length === 0) {
    return `no record of kind ${current.kind}, database ${current.database.datasource_id} and config ${current.config.name} (this run: ${run})`;
  }
  const shown = misses.slice(0, 5).map((m) => `  ${m.path || '(record)'}: ${m.reason}`);
  const more = misses.length > 5 ? [`  ... and ${misses.length - 5} more`] : [];
  return [
    `none of ${misses.length} record(s) of its kind, database and config is comparable with this run (${run}):`,
    ...shown,
    ...more,
  ].join('\n');
}
