/**
 * A table read once into column-major typed arrays (kind, number, hash) plus per-column
 * value signatures. Every score works on this form; preparing a result once lets
 * compareAny test it against several golds.
 */
import type { TableLike } from './table.js';
import {
  HASH_NULL,
  HASH_OTHER,
  hashBytes,
  hashNumber,
  hashString,
  mix32,
  SEED_BIG,
  SEED_STRING,
} from './value-hash.js';
import {
  K_BIG,
  K_BIGSTR,
  K_BYTES,
  K_DATE,
  K_NULL,
  K_NUM,
  K_NUMSTR,
  K_OTHER,
  K_STR,
  readValue,
} from './value-kind.js';

/**
 * Permutation-invariant facts about a column. Two columns can hold the same multiset of
 * values only if these agree (see signaturesCompatible), which prunes the lenient search.
 */
export interface ColumnSignature {
  nNull: number;
  /** Strings, bytes and other values that only ever equal an identical value. */
  nExact: number;
  exactSumA: number;
  exactSumB: number;
  /** Strings that spell numbers or dates: their matches depend on the rules. */
  nFlexString: number;
  nNum: number;
  nBig: number;
  nNaN: number;
  nPosInf: number;
  nNegInf: number;
  sum: number;
  sumAbs: number;
  min: number;
  max: number;
  /** Every cell has the same hash: identical values (all-null included). */
  sameHash: boolean;
}

export interface PreparedColumn {
  readonly kind: Uint8Array;
  readonly num: Float64Array;
  readonly hash: Int32Array;
  /** Exact payload (string text, bigint, bytes, other) by row; null when the column has none. */
  payload: unknown[] | null;
  readonly sig: ColumnSignature;
}

export interface PreparedTable {
  readonly source: TableLike;
  readonly names: readonly string[];
  readonly width: number;
  readonly height: number;
  readonly cols: readonly PreparedColumn[];
}

function emptySignature(): ColumnSignature {
  return {
    nNull: 0,
    nExact: 0,
    exactSumA: 0,
    exactSumB: 0,
    nFlexString: 0,
    nNum: 0,
    nBig: 0,
    nNaN: 0,
    nPosInf: 0,
    nNegInf: 0,
    sum: 0,
    sumAbs: 0,
    min: Number.POSITIVE_INFINITY,
    max: Number.NEGATIVE_INFINITY,
    sameHash: true,
  };
}

/** Rows that are not arrays read as all-null; a missing columns list is inferred from the rows. */
function readShape(t: TableLike): {
  names: string[];
  rows: readonly (readonly unknown[])[];
  width: number;
} {
  const rows: readonly (readonly unknown[])[] = Array.isArray(t?.rows) ? t.rows : [];
  let names: string[];
  if (Array.isArray(t?.columns)) {
    names = t.columns.map((c) => String(c));
  } else {
    const first = rows.find((r) => Array.isArray(r));
    names = first ? first.map((_, i) => `column_${i + 1}`) : [];
  }
  return { names, rows, width: names.length };
}

export function prepareTable(t: TableLike): PreparedTable {
  const { names, rows, width } = readShape(t);
  const height = rows.length;
  const cols: PreparedColumn[] = [];
  for (let j = 0; j < width; j++) {
    cols.push({
      kind: new Uint8Array(height),
      num: new Float64Array(height),
      hash: new Int32Array(height),
      payload: null,
      sig: emptySignature(),
    });
  }
  // Row-major walk: each source row is touched once, which is what the input's layout favours.
  for (let i = 0; i < height; i++) {
    const row = rows[i];
    const isRow = Array.isArray(row);
    for (let j = 0; j < width; j++) {
      const col = cols[j]!;
      const r = readValue(isRow ? row[j] : null);
      const k = r.kind;
      col.kind[i] = k;
      col.num[i] = r.num;
      let h: number;
      const sig = col.sig;
      switch (k) {
        case K_NUM:
          h = hashNumber(r.num);
          sig.nNum++;
          if (Number.isNaN(r.num)) sig.nNaN++;
          else if (r.num === Number.POSITIVE_INFINITY) sig.nPosInf++;
          else if (r.num === Number.NEGATIVE_INFINITY) sig.nNegInf++;
          else {
            sig.sum += r.num;
            sig.sumAbs += Math.abs(r.num);
            if (r.num < sig.min) sig.min = r.num;
            if (r.num > sig.max) sig.max = r.num;
          }
          break;
        case K_NUMSTR:
          h = hashNumber(r.num);
          sig.nFlexString++;
          break;
        case K_BIG:
          h = hashString(String(r.payload), SEED_BIG);
          sig.nBig++;
          break;
        case K_BIGSTR:
          h = hashString(BigInt(r.payload as string).toString(), SEED_BIG);
          sig.nFlexString++;
          break;
        case K_DATE:
          h = hashString(r.payload as string, SEED_STRING);
          sig.nFlexString++;
          break;
        case K_STR:
          h = hashString(r.payload as string, SEED_STRING);
          addExact(sig, h);
          break;
        case K_BYTES:
          h = hashBytes(r.payload as Uint8Array);
          addExact(sig, h);
          break;
        case K_OTHER:
          h = HASH_OTHER;
          addExact(sig, h);
          break;
        default:
          h = HASH_NULL;
          sig.nNull++;
      }
      col.hash[i] = h;
      if (i > 0 && h !== col.hash[0]) sig.sameHash = false;
      if (k !== K_NUM && k !== K_NULL) {
        if (col.payload === null) col.payload = new Array(height);
        col.payload[i] = r.payload;
      }
    }
  }
  return { source: t, names, width, height, cols };
}

function addExact(sig: ColumnSignature, h: number): void {
  sig.nExact++;
  sig.exactSumA = (sig.exactSumA + h) | 0;
  sig.exactSumB = (sig.exactSumB + mix32(h ^ 0x68e31da4)) | 0;
}
