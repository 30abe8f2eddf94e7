/**
 * The gold rows' cells copied, row by row, into one typed array, so that the row proof
 * checks a result row against one compact place instead of its gold partner's scattered
 * objects. A gold row in the JS heap is an array, its elements and one object per number
 * or string, each on its own page once the garbage collector has moved them; the proof
 * visits gold rows in the result's order, so every one of those objects costs a cache and
 * TLB miss (about 70 ns each on the project's machine, barely overlapped). The copy is
 * written in the gold's own order, a sequential pass, and read at one place per row.
 *
 * A cell takes 16 bytes: a number (its double, exactly), null, undefined, or a string of
 * at most 15 Latin-1 characters (its length and characters, exactly). Anything else (longer
 * or wider strings, bigints, bytes, dates, booleans) is marked to be read from the source
 * row. A check reports a cell identical only when the copy proves `gold === result`;
 * otherwise it asks valuesEqual, with the gold value itself, so the verdict of every cell
 * is the one rowRelation (row-proof.ts) gives.
 *
 * The memory is kept and reused (decisions/comparator-gold-row-copy.md): one buffer, grown
 * to powers of two and never shrunk, handed to the next copy when released (releaseRows);
 * a copy in use is never handed out twice. It is a SharedArrayBuffer where there is one:
 * V8 counts a fresh ArrayBuffer of a hundred megabytes as external memory and answers with
 * a collection of the whole heap (the caller's million rows: a second or more).
 */
import { valuesEqual } from './cell-equality.js';
import type { ValueRules } from './value-rules.js';

/** Int32 words per cell. */
const CELL = 4;
/** Longest string copied: its length byte and up to 15 one-byte characters fill a cell. */
const MAX_CHARS = 15;
// A cell's first word: a string's length (0-15) in its low byte, its first three characters
// above; or one of these tags, which a string's first word can never equal.
const TAG_NUMBER = 0x10;
const TAG_NULL = 0x11;
const TAG_UNDEFINED = 0x12;
const TAG_SOURCE = 0x13;

/** Largest copy made (256 MiB: 1,000,000 rows of 16 cells); larger gold rows are read in place. */
export const MAX_PACKED_BYTES = 256 * 1024 * 1024;
/** Smallest buffer allocated. */
const MIN_BUFFER = 64 * 1024;

type Store = ArrayBuffer | SharedArrayBuffer;

/** The buffer released last (the largest so far), kept for the next copy. */
let spare: Store | null = null;

/** A buffer of at least `bytes`: the kept one, or a new one of the next power of two. */
function takeBuffer(bytes: number): Store {
  if (spare !== null && spare.byteLength >= bytes) {
    const b = spare;
    spare = null;
    return b;
  }
  let size = MIN_BUFFER;
  while (size < bytes) size *= 2;
  return typeof SharedArrayBuffer === 'function'
    ? new SharedArrayBuffer(size)
    : new ArrayBuffer(size);
}

export interface PackedRows {
  readonly buffer: Store;
  /** Row i's cell k starts at words[i * stride + 4k]. */
  readonly words: Int32Array;
  /** The same memory: a number cell starting at word o holds its double at numbers[o / 2 + 1]. */
  readonly numbers: Float64Array;
  readonly stride: number;
}

/**
 * Copies the cells rows[i][goldCols[k]]; null when the copy would exceed `limit` bytes,
 * when there is no column, or when a row is not an array. Pass the copy to releaseRows
 * once done with it.
 */
export function packRows(
  rows: readonly unknown[],
  goldCols: readonly number[],
  limit = MAX_PACKED_BYTES,
): PackedRows | null {
  const n = rows.length;
  const m = goldCols.length;
  const stride = m * CELL;
  const bytes = n * stride * 4;
  if (m === 0 || bytes > limit) return null;
  // Reused memory holds an earlier copy: every word a check reads is written below.
  const buffer = takeBuffer(bytes);
  const words = new Int32Array(buffer, 0, bytes >> 2);
  const numbers = new Float64Array(buffer, 0, bytes >> 3);
  for (let i = 0; i < n; i++) {
    const row: unknown = rows[i];
    if (!Array.isArray(row)) {
      releaseRows({ buffer, words, numbers, stride });
      return null;
    }
    let o = i * stride;
    for (let k = 0; k < m; k++, o += CELL) {
      const v: unknown = row[goldCols[k]!];
      if (typeof v === 'number') {
        words[o] = TAG_NUMBER;
        numbers[(o >> 1) + 1] = v;
      } else if (v === null) {
        words[o] = TAG_NULL;
      } else if (v === undefined) {
        words[o] = TAG_UNDEFINED;
      } else if (typeof v !== 'string' || !packString(v, words, o)) {
        words[o] = TAG_SOURCE;
      }
    }
  }
  return { buffer, words, numbers, stride };
}

/** Done with a copy (null is ignored): its buffer may serve the next one. */
export function releaseRows(packed: PackedRows | null): void {
  if (packed !== null && (spare === null || spare.byteLength < packed.buffer.byteLength)) {
    spare = packed.buffer;
  }
}

/**
 * Writes a string's length and characters into the cell at o, every word stringMatches
 * reads; false, leaving the cell to be overwritten, when it is too long or has a character
 * beyond U+00FF.
 */
function packString(s: string, words: Int32Array, o: number): boolean {
  const n = s.length;
  if (n > MAX_CHARS) return false;
  let w = n;
  let shift = 8;
  let at = o;
  for (let c = 0; c < n; c++) {
    const x = s.charCodeAt(c);
    if (x > 0xff) return false;
    w |= x << shift;
    shift += 8;
    if (shift === 32) {
      words[at++] = w;
      w = 0;
      shift = 0;
    }
  }
  if (shift !== 0) words[at] = w;
  return true;
}

/** True when s is exactly the string copied into the cell at o. */
function stringMatches(s: string, words: Int32Array, o: number): boolean {
  const n = s.length;
  if (n > MAX_CHARS || (words[o]! & 0xff) !== n) return false;
  let w = n;
  let shift = 8;
  let at = o;
  for (let c = 0; c < n; c++) {
    const x = s.charCodeAt(c);
    if (x > 0xff) return false;
    w |= x << shift;
    shift += 8;
    if (shift === 32) {
      if (words[at++] !== w) return false;
      w = 0;
      shift = 0;
    }
  }
  return shift === 0 || words[at] === w;
}

/**
 * rowRelation (row-proof.ts) of gold row g, read from its copy, and result row r: 0 some
 * cell differs, 1 equal under the rules, 2 identical cell for cell. The source gold row is
 * read only for a cell the copy cannot decide.
 */
export function packedRelation(
  packed: PackedRows,
  g: number,
  gr: readonly unknown[],
  goldCols: readonly number[],
  r: readonly unknown[],
  resultCols: readonly number[],
  rules: ValueRules,
): number {
  const { words, numbers } = packed;
  let o = g * packed.stride;
  let identical = true;
  for (let k = 0; k < goldCols.length; k++, o += CELL) {
    const b: unknown = r[resultCols[k]!];
    const tag = words[o]!;
    if (tag === TAG_NUMBER) {
      const x = numbers[(o >> 1) + 1]!;
      if (x === b) continue;
      if (!valuesEqual(x, b, rules)) return 0;
    } else if (tag === TAG_NULL) {
      if (b === null) continue;
      if (!valuesEqual(null, b, rules)) return 0;
    } else if (tag === TAG_UNDEFINED) {
      if (b === undefined) continue;
      if (!valuesEqual(undefined, b, rules)) return 0;
    } else if (tag === TAG_SOURCE) {
      const a: unknown = (gr[g] as readonly unknown[])[goldCols[k]!];
      if (a === b) continue;
      if (!valuesEqual(a, b, rules)) return 0;
    } else {
      if (typeof b === 'string' && stringMatches(b, words, o)) continue;
      const a: unknown = (gr[g] as readonly unknown[])[goldCols[k]!];
      if (!valuesEqual(a, b, rules)) return 0;
    }
    identical = false;
  }
  return identical ? 2 : 1;
}

/** True when cell k of copied row i holds a number. */
export function packedIsNumber(packed: PackedRows, i: number, k: number): boolean {
  return packed.words[i * packed.stride + k * CELL] === TAG_NUMBER;
}

/** The number in cell k of copied row i (see packedIsNumber). */
export function numberAt(packed: PackedRows, i: number, k: number): number {
  return packed.numbers[((i * packed.stride + k * CELL) >> 1) + 1]!;
}
