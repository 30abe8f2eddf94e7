import { createHash } from 'node:crypto';
import { type CellValue, toJsonCell } from '@nl2sql/datasource';

/** A table's rows as one digest: each row as JSON cells, the lines sorted, SHA-256 over them. */
export interface RowsDigest {
  rows: number;
  /** SHA-256 (hex) of the sorted lines joined by `\n`. */
  sha256: string;
  /** The sorted lines, to say where two tables differ. */
  lines: string[];
}

/**
 * The digest of a multiset of rows: independent of the order the database returned them in,
 * and equal across engines when every cell is equal as JSON (`toJsonCell`: exact integers,
 * doubles, text, blobs as base64).
 */
export function rowsDigest(rows: readonly (readonly CellValue[])[]): RowsDigest {
  const lines = rows.map((row) => JSON.stringify(row.map(toJsonCell))).sort();
  const sha256 = createHash('sha256').update(lines.join('\n'), 'utf8').digest('hex');
  return { rows: lines.length, sha256, lines };
}
