import type { ResultCell } from '@nl2sql/engine';

/**
 * The first rows a case run returned, kept so a saved report (and the HTML page made of it)
 * can show what the engine answered. Bounded twice: at most `RESULT_HEAD_ROWS` rows, and no
 * more rows than fit in `RESULT_HEAD_BYTES` of JSON, so a saved report stays small whatever
 * an engine returns. Cells are never cut: a row that does not fit is left out whole.
 */
export interface ResultHead {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly ResultCell[])[];
  /**
   * True when `rows` is not the whole result: rows were left out here, or the engine's row
   * cap stopped reading before the end.
   */
  readonly truncated: boolean;
}

/** Rows a result head keeps at most. */
export const RESULT_HEAD_ROWS = 20;

/** JSON bytes a result head's rows take at most (a row is kept whole or not at all). */
export const RESULT_HEAD_BYTES = 64 * 1024;

/**
 * The head of a result set: its columns, the first rows within both bounds, and whether
 * anything was left out. `truncated` carries the engine's own flag (its row cap) forward.
 */
export function resultHead(result: {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly ResultCell[])[];
  readonly truncated?: boolean;
}): ResultHead {
  const rows: (readonly ResultCell[])[] = [];
  let bytes = 0;
  for (const row of result.rows) {
    if (rows.length === RESULT_HEAD_ROWS) break;
    bytes += Buffer.byteLength(JSON.stringify(row));
    if (bytes > RESULT_HEAD_BYTES) break;
    rows.push([...row]);
  }
  return {
    columns: [...result.columns],
    rows,
    truncated: rows.length < result.rows.length || result.truncated === true,
  };
}
