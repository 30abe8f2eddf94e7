/**
 * Hash keys of cells for finding a row's partner under the spec's value rules, read
 * straight from source values. Cells equal under the rules get the same key, with one
 * exception: numbers are keyed by a tolerance-wide bucket (round(x / 2t)), and two numbers
 * within tolerance may sit in neighbouring buckets; numberNeighbours lists the buckets a
 * partner of a given number can sit in. Keys of unequal cells may collide: every hit is
 * checked with valuesEqual.
 */
import {
  HASH_NULL,
  HASH_OTHER,
  hashBytes,
  hashNumber,
  hashString,
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
  K_STR,
  newReadValue,
  type ReadValue,
  readValue,
} from './value-kind.js';
import { datesFlexible, type ValueRules } from './value-rules.js';

export interface KeyScheme {
  /** Bucket width for numbers (twice the tolerance); 0 keys numbers exactly. */
  readonly width: number;
  readonly tolerance: number;
  /**
   * Lenient: a date keys as its year, read as a number, so a gold label ('2009' or
   * '2009-05'), a day and its midnight timestamp all meet their partners.
   */
  readonly datesByYear: boolean;
}

/**
 * The key scheme for a set of value rules, or null for rules it cannot key (a relative
 * tolerance, or strings kept apart from numbers: the peer policies, which never use it).
 */
export function keyScheme(rules: ValueRules): KeyScheme | null {
  if (rules.relTolerance !== 0 || !rules.numericStrings) return null;
  return {
    width: 2 * rules.tolerance,
    tolerance: rules.tolerance,
    datesByYear: datesFlexible(rules),
  };
}

/** The same scheme keying numbers exactly: for tables whose numbers crowd into buckets. */
export function exactScheme(s: KeyScheme): KeyScheme {
  return { width: 0, tolerance: s.tolerance, datesByYear: s.datesByYear };
}

export function numberKey(x: number, s: KeyScheme): number {
  if (s.width === 0 || !Number.isFinite(x)) return hashNumber(x);
  return hashNumber(Math.round(x / s.width));
}

const read = newReadValue();

/** The key of one source value. */
export function cellKey(v: unknown, s: KeyScheme): number {
  if (typeof v === 'number') return numberKey(v, s);
  if (typeof v === 'string' && v.length > 0) {
    // Most strings are words: only a digit, sign, dot, N or I can start a number or a date.
    const c = v.charCodeAt(0);
    if (!((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46 || c === 73 || c === 78)) {
      return hashString(v, SEED_STRING);
    }
  }
  return readKey(readValue(v, read), s);
}

/** The key of a value already read (see readValue). */
function readKey(r: ReadValue, s: KeyScheme): number {
  switch (r.kind) {
    case K_NULL:
      return HASH_NULL;
    case K_NUM:
    case K_BIG:
    case K_NUMSTR:
    case K_BIGSTR:
      return numberKey(r.num, s);
    case K_STR:
      return hashString(r.payload as string, SEED_STRING);
    case K_DATE: {
      const text = r.payload as string;
      return s.datesByYear ? numberKey(yearOf(text), s) : hashString(text, SEED_STRING);
    }
    case K_BYTES:
      return hashBytes(r.payload as Uint8Array);
    default:
      return HASH_OTHER;
  }
}

/** The year of a date string (its first four digits) as a number. */
function yearOf(text: string): number {
  return (
    (text.charCodeAt(0) - 48) * 1000 +
    (text.charCodeAt(1) - 48) * 100 +
    (text.charCodeAt(2) - 48) * 10 +
    (text.charCodeAt(3) - 48)
  );
}

/** Most neighbouring buckets a number's partner may sit in before the caller gives up. */
const MAX_NEIGHBOURS = 4;

/**
 * Pushes onto `out` the keys of the buckets other than v's own where a value equal to v
 * (within tolerance, plus the rounding slack numbersEqual allows) may sit. Returns false
 * when there are too many (huge magnitudes, where the slack spans many buckets). Values
 * that are not numbers have no neighbours: their keys are exact.
 */
export function numberNeighbours(v: unknown, s: KeyScheme, out: number[]): boolean {
  if (s.width === 0) return true;
  let x: number;
  if (typeof v === 'number') {
    x = v;
  } else {
    const r = readValue(v, read);
    if (r.kind !== K_NUM && r.kind !== K_BIG && r.kind !== K_NUMSTR && r.kind !== K_BIGSTR) {
      return true;
    }
    x = r.num;
  }
  if (!Number.isFinite(x)) return true;
  const ax = Math.abs(x);
  // numbersEqual allows tolerance + 8 eps max(|x|, |y|); the bound below covers that with
  // room for the rounding of x / width.
  const reach = s.tolerance * (1 + 1e-9) + 32 * Number.EPSILON * (ax + s.tolerance);
  const own = Math.round(x / s.width);
  const lo = Math.round((x - reach) / s.width);
  const hi = Math.round((x + reach) / s.width);
  // (Beyond 2^52 buckets q + 1 may equal q; the reach there spans far more buckets anyway.)
  if (hi - lo > MAX_NEIGHBOURS || !(Math.abs(hi) < 2 ** 52 && Math.abs(lo) < 2 ** 52)) return false;
  for (let k = 0; k <= hi - lo; k++) if (lo + k !== own) out.push(hashNumber(lo + k));
  return true;
}
