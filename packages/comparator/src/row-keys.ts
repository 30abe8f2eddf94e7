/**
 * Hash keys of whole rows for the row proof (row-proof.ts): a row's key combines the keys
 * of its cells in the keyed columns (cell-key.ts), so rows equal under the rules share a
 * key except where a number sits near a bucket edge. Which columns are keyed is chosen
 * here too: as few cheap (numeric) columns as tell the rows apart.
 */
import { cellKey, type KeyScheme, numberKey } from './cell-key.js';
import { numberAt, type PackedRows, packedIsNumber } from './packed-rows.js';
import { combine, mix32 } from './value-hash.js';

/**
 * Keys of rows [from, to) into out[stride * (i - from)], from the cells at cols[keyed[k]]; false
 * when a row is not an array. Numbers, the common key cells, are keyed inline.
 */
export function keyRows(
  rows: readonly unknown[],
  from: number,
  to: number,
  cols: readonly number[],
  keyed: readonly number[],
  scheme: KeyScheme,
  out: Int32Array,
  stride: number,
): boolean {
  const m = keyed.length;
  for (let i = from; i < to; i++) {
    const row: unknown = rows[i];
    if (!Array.isArray(row)) return false;
    let h = 0;
    for (let k = 0; k < m; k++) {
      const v: unknown = row[cols[keyed[k]!]!];
      h = combine(h, typeof v === 'number' ? numberKey(v, scheme) : cellKey(v, scheme));
    }
    out[stride * (i - from)] = mix32(h);
  }
  return true;
}

/** Rows read to choose the key columns. */
const KEY_SAMPLE = 1024;

/**
 * The one cheap column that tells the sampled rows apart as well as all of them together,
 * if there is one (an id); else all the cheap columns. Fewer key cells, less hashing.
 */
export function fewestColumns(
  rows: readonly unknown[],
  goldCols: readonly number[],
  cheap: readonly number[],
  scheme: KeyScheme,
): readonly number[] {
  if (cheap.length === 1) return cheap;
  const n = rows.length;
  const m = Math.min(n, KEY_SAMPLE);
  const step = n / m;
  const distinct = (keyed: readonly number[]): number => {
    const seen = new Set<number>();
    const key = new Int32Array(1);
    for (let t = 0; t < m; t++) {
      const row = Math.floor(t * step);
      if (!keyRows(rows, row, row + 1, goldCols, keyed, scheme, key, 0)) return 0;
      seen.add(key[0]!);
    }
    return seen.size;
  };
  const together = distinct(cheap);
  for (const k of cheap) if (distinct([k]) >= together) return [k];
  return cheap;
}

/**
 * keyRows over every gold row into out[stride * i], reading numbers from the rows' copy
 * when there is one: the copy is compact and in gold order, the rows' own number objects
 * are not. Other cells are read from the rows.
 */
export function keyGoldRows(
  rows: readonly unknown[],
  goldCols: readonly number[],
  keyed: readonly number[],
  scheme: KeyScheme,
  packed: PackedRows | null,
  out: Int32Array,
  stride: number,
): boolean {
  if (packed === null) return keyRows(rows, 0, rows.length, goldCols, keyed, scheme, out, stride);
  const m = keyed.length;
  for (let i = 0; i < rows.length; i++) {
    let h = 0;
    for (let k = 0; k < m; k++) {
      const c = keyed[k]!;
      const key = packedIsNumber(packed, i, c)
        ? numberKey(numberAt(packed, i, c), scheme)
        : cellKey((rows[i] as readonly unknown[])[goldCols[c]!], scheme);
      h = combine(h, key);
    }
    out[stride * i] = mix32(h);
  }
  return true;
}
