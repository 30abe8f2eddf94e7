// Executor: runs the checked SQL on the datasource with a statement timeout and a row cap, and
// turns cells into JSON values with the datasource's toJsonCell, as suites store gold rows (big integers and blobs
// as strings), so rows compare with gold without a second conversion.

import { type CellValue, type Datasource, toJsonCell } from '@nl2sql/datasource';
import type { ResultCell, ResultSet } from '@nl2sql/engine';

/** Kept under the engine's name for its API; the conversion is the datasource's. */
export const toResultCell: (value: CellValue) => ResultCell = toJsonCell;

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
