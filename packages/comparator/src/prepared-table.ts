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
  /** Strings that spell a number (within +-2^53) or a big integer. */
  nNumStr: number;
  nBigStr: number;
  /** Date strings: exact in strict, open to the label rule in lenient. */
  nDate: number;
  dateSumA: number;
  dateSumB: number;
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
    nNumStr: 0,
    nBigStr: 0,
    nDate: 0,
    dateSumA: 0,
    dateSumB: 0,
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
  for (let j = 0; j < width; j++) cols.push(prepareColumn(rows, j, height));
  return { source: t, names, width, height, cols };
}

const TWO_53 = 2 ** 53;

/**
 * One column at a time, so its arrays and running signature stay local; plain finite
 * numbers (the bulk of most results) take an inlined fast path.
 */
function prepareColumn(
  rows: readonly (readonly unknown[])[],
  j: number,
  height: number,
): PreparedColumn {
  const kind = new Uint8Array(height);
  const num = new Float64Array(height);
  const hash = new Int32Array(height);
  const sig = emptySignature();
  let payload: unknown[] | null = null;
  let nNum = 0;
  let sum = 0;
  let sumAbs = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sameHash = true;
  let first = 0;
  for (let i = 0; i < height; i++) {
    const row = rows[i];
    const v = Array.isArray(row) ? row[j] : null;
    let h: number;
    let k: number;
    let p: unknown;
    if (typeof v === 'number' && Number.isFinite(v) && v < TWO_53 && v > -TWO_53) {
      // Fast path: a plain finite number.
      const x = v === 0 ? 0 : v;
      k = K_NUM;
      num[i] = x;
      h = hashNumber(x);
      nNum++;
      sum += x;
      sumAbs += x < 0 ? -x : x;
      if (x < min) min = x;
      if (x > max) max = x;
      p = undefined;
    } else {
      const r = readValue(v);
      k = r.kind;
      num[i] = r.num;
      p = r.payload;
      switch (k) {
        case K_NUM:
          // booleans, small bigints, NaN and the infinities
          h = hashNumber(r.num);
          nNum++;
          if (Number.isNaN(r.num)) sig.nNaN++;
          else if (r.num === Number.POSITIVE_INFINITY) sig.nPosInf++;
          else if (r.num === Number.NEGATIVE_INFINITY) sig.nNegInf++;
          else {
            sum += r.num;
            sumAbs += Math.abs(r.num);
            if (r.num < min) min = r.num;
            if (r.num > max) max = r.num;
          }
          break;
        case K_NUMSTR:
          h = hashNumber(r.num);
          sig.nNumStr++;
          break;
        case K_BIG:
          h = hashString(String(r.payload), SEED_BIG);
          sig.nBig++;
          break;
        case K_BIGSTR:
          h = hashString(BigInt(r.payload as string).toString(), SEED_BIG);
          sig.nBigStr++;
          break;
        case K_DATE:
          h = hashString(r.payload as string, SEED_STRING);
          sig.nDate++;
          sig.dateSumA = (sig.dateSumA + h) | 0;
          sig.dateSumB = (sig.dateSumB + mix32(h ^ 0x68e31da4)) | 0;
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
    }
    kind[i] = k;
    hash[i] = h;
    if (i === 0) first = h;
    else if (h !== first) sameHash = false;
    // Payload arrays grow by push: `new Array(n)` beyond ~100k elements starts in V8's
    // slow dictionary mode.
    if (payload !== null) {
      payload.push(p);
    } else if (k !== K_NUM && k !== K_NULL) {
      payload = [];
      for (let q = 0; q < i; q++) payload.push(undefined);
      payload.push(p);
    }
  }
  sig.nNum = nNum;
  sig.sum = sum;
  sig.sumAbs = sumAbs;
  sig.min = min;
  sig.max = max;
  sig.sameHash = sameHash;
  return { kind, num, hash, payload, sig };
}

function addExact(sig: ColumnSignature, h: number): void {
  sig.nExact++;
  sig.exactSumA = (sig.exactSumA + h) | 0;
  sig.exactSumB = (sig.exactSumB + mix32(h ^ 0x68e31da4)) | 0;
}
