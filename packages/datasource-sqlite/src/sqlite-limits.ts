// Resource limits that keep one query from exhausting the evaluator's memory or stalling past
// its timeout. SQLite's compiled-in limits are sized for trusted SQL (a string may be 1 GB);
// the SQL an evaluator runs comes from the system under test, so the adapter lowers them.
// decisions/datasource-resource-limits.md says why each value is what it is, and why the
// other SQLite limits are left alone.

/** Default longest string or blob a query may produce or read (`maxValueBytes`): 4 MiB. */
export const DEFAULT_MAX_VALUE_BYTES = 4 * 1024 * 1024;

/** Default size of the rows one execute() may hand back (`maxResultBytes`): 32 MiB. */
export const DEFAULT_MAX_RESULT_BYTES = 32 * 1024 * 1024;

/**
 * Longest statement (UTF-8 bytes) execute() accepts. Compiling is not reliably interruptible,
 * and some shapes compile in quadratic time (a 1 MB `CASE` with 60,000 branches took 23 s), so
 * a statement must be small enough to compile well within any timeout; 100 kB compiles in
 * about 0.1 s whatever its shape, and is far beyond any query a person or a model writes.
 */
export const MAX_STATEMENT_BYTES = 100_000;

/**
 * SQLite's own statement-length limit: the caller's statement plus the adapter's wrappers
 * (about 250 bytes per result column, at most 2,000 columns), so only the wrappers' text, never
 * the caller's, can come near it.
 */
export const SQL_LENGTH_LIMIT = 1_000_000;

/** The largest `maxValueBytes` SQLite accepts (its compiled-in SQLITE_MAX_LENGTH). */
export const MAX_VALUE_BYTES_CEILING = 1_000_000_000;

const HEAP_FLOOR = 64 * 1024 * 1024;

/**
 * SQLite's hard heap limit for a given value limit: 16 values' worth, at least 64 MiB. A row is
 * built in SQLite's memory before the driver copies it, so this is what bounds a single row of
 * many large values (`SELECT randomblob(4e6), randomblob(4e6), ...`), which no per-value limit
 * can. The limit is per process, and SQLite only ever lowers it.
 */
export function heapLimitBytes(maxValueBytes: number): number {
  return Math.max(HEAP_FLOOR, 16 * maxValueBytes);
}

/** The bytes a cell costs once handed over: text length, blob length, 8 for anything else. */
export function cellBytes(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  return 8;
}
