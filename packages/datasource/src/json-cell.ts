import type { CellValue } from './datasource.js';

/** A cell as JSON can carry it: what suites store as gold rows and engines return. */
export type JsonCell = null | number | string;

/**
 * A datasource cell as JSON: integers beyond 2^53 become their exact decimal text and blobs
 * `base64:...`, so gold rows written by regenerate and rows an engine returns compare
 * without a second conversion. -0 becomes 0.
 */
export function toJsonCell(value: CellValue): JsonCell {
  if (value === null || typeof value === 'string') return value;
  if (typeof value === 'number') return Object.is(value, -0) ? 0 : value;
  if (typeof value === 'bigint') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value.toString();
  }
  return `base64:${Buffer.from(value).toString('base64')}`;
}
