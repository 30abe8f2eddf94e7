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
  K_NUM,
  K_NUMSTR,
  K_OTHER,
  K_STR,
  type ReadValue,
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
  /**
   * Exact payload of row i (string text, bigint, bytes, other); only meaningful where the
   * kind is neither number nor null. Read from the source row, so a million-row table holds
   * no second copy of its strings: those copies cost more in garbage collection than the
   * rest of the comparison.
   */
  payloadAt(i: number): unknown;
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
export function readShape(t: TableLike): {
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
  // Row-major: each source row is visited once. Rows arrive in any order (a shuffled result
  // scatters them over the heap), so one pass instead of one per column saves most cache misses.
  const kinds: Uint8Array[] = [];
  const nums: Float64Array[] = [];
  const hashes: Int32Array[] = [];
  const sigs: ColumnSignature[] = [];
  // Payloads that are not the source value itself (bigints read from doubles, byte views,
  // Date text): few, so kept by row in a map.
  const overrides: (Map<number, unknown> | null)[] = [];
  for (let j = 0; j < width; j++) {
    kinds.push(new Uint8Array(height));
    nums.push(new Float64Array(height));
    hashes.push(new Int32Array(height));
    sigs.push(emptySignature());
    overrides.push(null);
  }
  const nNum = new Float64Array(width);
  const sum = new Float64Array(width);
  const sumAbs = new Float64Array(width);
  const min = new Float64Array(width).fill(Number.POSITIVE_INFINITY);
  const max = new Float64Array(width).fill(Number.NEGATIVE_INFINITY);
  const first = new Int32Array(width);
  const mixed = new Uint8Array(width);
  for (let i = 0; i < height; i++) {
    const row = rows[i];
    const isRow = Array.isArray(row);
    for (let j = 0; j < width; j++) {
      const v = isRow ? row[j] : null;
      let h: number;
      let k: number;
      let p: unknown;
      if (typeof v === 'number' && Number.isFinite(v) && v < TWO_53 && v > -TWO_53) {
        // Fast path: a plain finite number, the bulk of most results.
        const x = v === 0 ? 0 : v;
        k = K_NUM;
        nums[j]![i] = x;
        h = hashNumber(x);
        nNum[j]!++;
        sum[j]! += x;
        sumAbs[j]! += x < 0 ? -x : x;
        if (x < min[j]!) min[j] = x;
        if (x > max[j]!) max[j] = x;
        p = undefined;
      } else {
        const r = readValue(v);
        k = r.kind;
        nums[j]![i] = r.num;
        p = r.payload;
        h = slowCell(r, sigs[j]!);
        if (k === K_NUM) {
          // booleans, small bigints, NaN and the infinities
          nNum[j]!++;
          if (Number.isFinite(r.num)) {
            sum[j]! += r.num;
            sumAbs[j]! += Math.abs(r.num);
            if (r.num < min[j]!) min[j] = r.num;
            if (r.num > max[j]!) max[j] = r.num;
          }
        }
      }
      kinds[j]![i] = k;
      hashes[j]![i] = h;
      if (i === 0) first[j] = h;
      else if (h !== first[j]) mixed[j] = 1;
      if (p !== undefined && p !== v) {
        let map = overrides[j]!;
        if (map === null) {
          map = new Map();
          overrides[j] = map;
        }
        map.set(i, p);
      }
    }
  }
  const cols: PreparedColumn[] = [];
  for (let j = 0; j < width; j++) {
    const sig = sigs[j]!;
    sig.nNum = nNum[j]!;
    sig.sum = sum[j]!;
    sig.sumAbs = sumAbs[j]!;
    sig.min = min[j]!;
    sig.max = max[j]!;
    sig.sameHash = mixed[j] === 0;
    cols.push({
      kind: kinds[j]!,
      num: nums[j]!,
      hash: hashes[j]!,
      payloadAt: payloadReader(rows, j, overrides[j]!),
      sig,
    });
  }
  return { source: t, names, width, height, cols };
}

const TWO_53 = 2 ** 53;

function payloadReader(
  rows: readonly (readonly unknown[])[],
  j: number,
  overrides: Map<number, unknown> | null,
): (i: number) => unknown {
  if (overrides === null) return (i) => rows[i]![j];
  return (i) => (overrides.has(i) ? overrides.get(i) : rows[i]![j]);
}

/**
 * The hash a prepared column holds for a value read with readValue: equal values (exact
 * equality; numbers by value) hash alike. isConstantColumn reads columns by these hashes.
 */
export function readHash(r: ReadValue): number {
  switch (r.kind) {
    case K_NUM:
    case K_NUMSTR:
      return hashNumber(r.num);
    case K_BIG:
      return hashString(String(r.payload), SEED_BIG);
    case K_BIGSTR:
      return hashString(BigInt(r.payload as string).toString(), SEED_BIG);
    case K_DATE:
    case K_STR:
      return hashString(r.payload as string, SEED_STRING);
    case K_BYTES:
      return hashBytes(r.payload as Uint8Array);
    case K_OTHER:
      return HASH_OTHER;
    default:
      return HASH_NULL;
  }
}

/** Hash and signature bookkeeping for every cell that is not a plain finite number. */
function slowCell(r: ReadValue, sig: ColumnSignature): number {
  const h = readHash(r);
  switch (r.kind) {
    case K_NUM:
      if (Number.isNaN(r.num)) sig.nNaN++;
      else if (r.num === Number.POSITIVE_INFINITY) sig.nPosInf++;
      else if (r.num === Number.NEGATIVE_INFINITY) sig.nNegInf++;
      break;
    case K_NUMSTR:
      sig.nNumStr++;
      break;
    case K_BIG:
      sig.nBig++;
      break;
    case K_BIGSTR:
      sig.nBigStr++;
      break;
    case K_DATE:
      sig.nDate++;
      sig.dateSumA = (sig.dateSumA + h) | 0;
      sig.dateSumB = (sig.dateSumB + mix32(h ^ 0x68e31da4)) | 0;
      break;
    case K_STR:
    case K_BYTES:
    case K_OTHER:
      addExact(sig, h);
      break;
    default:
      sig.nNull++;
  }
  return h;
}

function addExact(sig: ColumnSignature, h: number): void {
  sig.nExact++;
  sig.exactSumA = (sig.exactSumA + h) | 0;
  sig.exactSumB = (sig.exactSumB + mix32(h ^ 0x68e31da4)) | 0;
}
