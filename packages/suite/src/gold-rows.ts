// Running one gold statement for its rows: what regenerate writes into `rows` / `alt_rows`
// and what import writes into a new case. One place decides how many rows a gold answer may
// have and how a database cell becomes a suite cell.

import { type CellValue, type Datasource, toJsonCell } from '@nl2sql/datasource';
import type { Cell, Row } from './case.js';

/** Gold rows must hold back what a run returns compared against them; a suite is not a dump. */
export const MAX_GOLD_ROWS = 10_000;

/** A datasource cell as a suite cell: exact integers beyond 2^53 and blobs become text. */
export const toCell: (value: CellValue) => Cell = toJsonCell;

/** Why a gold statement gave no rows to keep: it failed, or returned too many. */
export class GoldQueryError extends Error {
  readonly code: 'QUERY_FAILED' | 'RESULT_TRUNCATED';
  /** The database's own message (QUERY_FAILED) or the limit (RESULT_TRUNCATED). */
  readonly reason: string;
  constructor(code: GoldQueryError['code'], reason: string, cause?: unknown) {
    super(reason, cause === undefined ? undefined : { cause });
    this.name = 'GoldQueryError';
    this.code = code;
    this.reason = reason;
  }
}

/** Runs `sql` and returns its rows as suite cells. Throws GoldQueryError. */
export async function goldRows(
  datasource: Pick<Datasource, 'execute'>,
  sql: string,
  timeoutMs?: number,
): Promise<Row[]> {
  let result: Awaited<ReturnType<Datasource['execute']>>;
  try {
    result = await datasource.execute(sql, {
      maxRows: MAX_GOLD_ROWS,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
  } catch (cause) {
    // The database's own words when the adapter kept them ("no such table: refunds"),
    // else the adapter's message (a timeout, a refused statement).
    const databaseMessage = (cause as { databaseMessage?: unknown } | null)?.databaseMessage;
    const reason =
      typeof databaseMessage === 'string' && databaseMessage !== ''
        ? databaseMessage
        : cause instanceof Error
          ? cause.message
          : String(cause);
    throw new GoldQueryError('QUERY_FAILED', reason, cause);
  }
  if (result.truncated)
    throw new GoldQueryError('RESULT_TRUNCATED', `returned more than ${MAX_GOLD_ROWS} rows`);
  return result.rows.map((r) => r.map(toCell));
}
