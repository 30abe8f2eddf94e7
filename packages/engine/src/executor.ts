// Executor: runs the checked SQL on the datasource with a statement timeout and a row cap, and
// turns cells into JSON values the way @nl2sql/suite stores gold rows (big integers and blobs
// as strings), so rows compare with gold without a second conversion.

import type { CellValue, Datasource } from '@nl2sql/datasource';
import type { ResultCell, ResultSet } from './engine.js';

export function toResultCell(value: CellValue): ResultCell {
  if (value === null || typeof value === 'string') return value;
  if (typeof value === 'number') return Object.is(value, -0) ? 0 : value;
  if (typeof value === 'bigint') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value.toString();
  }
  return `base64:${Buffer.from(value).toString('base64')}`;
}

export async function executeSql(
  datasource: Datasource,
  sql: string,
  options: { timeoutMs: number; maxRows: number; signal?: AbortSignal },
): Promise<ResultSet> {
  const result = await datasource.execute(sql, {
    timeoutMs: options.timeoutMs,
    maxRows: options.maxRows,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return {
    columns: result.columns,
    rows: result.rows.map((row) => row.map(toResultCell)),
    truncated: result.truncated,
  };
}
