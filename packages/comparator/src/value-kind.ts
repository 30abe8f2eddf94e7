/**
 * Value canonicalisation: every cell is read once into a kind, a numeric value and a hash,
 * so comparisons and hashing run over typed arrays instead of re-inspecting JS values.
 */

/** Cell kinds. Numeric strings keep a kind of their own: they equal numbers, not other spellings. */
export const K_NULL = 0;
/** number, boolean (as 0/1), bigint within +-2^53. */
export const K_NUM = 1;
/** An integer at or beyond 2^53 (bigint or double): compared exactly, as a bigint. */
export const K_BIG = 2;
/** A string that spells a number within +-2^53 ('2009', '12.50', '1e3', 'NaN'). */
export const K_NUMSTR = 3;
/** A string that spells an integer at or beyond 2^53. */
export const K_BIGSTR = 4;
/** Any other string. */
export const K_STR = 5;
/** A date, datetime or year-month string (YYYY-MM, YYYY-MM-DD[ T]HH:MM[:SS[.f]][zone]); Date objects too. */
export const K_DATE = 6;
/** Buffer, Uint8Array, any ArrayBuffer view or ArrayBuffer: compared byte for byte. */
export const K_BYTES = 7;
/** Anything else: compared by exact equality (Object.is). */
export const K_OTHER = 8;

const TWO_53 = 2 ** 53;
const SPECIAL_NUMERIC = new Set(['NaN', 'Infinity', '+Infinity', '-Infinity']);
const INTEGER_STRING = /^[+-]?\d+$/;

/** The result of reading one cell. `payload` is what exact comparison needs beyond the number. */
export interface ReadValue {
  kind: number;
  num: number;
  payload: unknown;
}

/** A fresh ReadValue to reuse as scratch space. */
export function newReadValue(): ReadValue {
  return { kind: K_NULL, num: 0, payload: undefined };
}

const scratch = newReadValue();

/**
 * Reads a value into `out` (by default a shared scratch object, reused: this runs once per
 * cell on million-row inputs; pass your own to hold two reads at once). Never throws:
 * anything it cannot interpret becomes K_OTHER.
 */
export function readValue(v: unknown, out: ReadValue = scratch): ReadValue {
  out.payload = undefined;
  out.num = 0;
  switch (typeof v) {
    case 'number':
      if (Number.isInteger(v) && Math.abs(v) >= TWO_53) {
        out.kind = K_BIG;
        out.num = v;
        out.payload = BigInt(v);
      } else {
        out.kind = K_NUM;
        out.num = v === 0 ? 0 : v;
      }
      return out;
    case 'string':
      return readString(v, out);
    case 'boolean':
      out.kind = K_NUM;
      out.num = v ? 1 : 0;
      return out;
    case 'bigint':
      if (v >= TWO_53 || v <= -TWO_53) {
        out.kind = K_BIG;
        out.num = Number(v);
        out.payload = v;
      } else {
        out.kind = K_NUM;
        out.num = Number(v);
      }
      return out;
    case 'undefined':
      out.kind = K_NULL;
      return out;
    case 'object':
      return readObject(v, out);
    default:
      out.kind = K_OTHER;
      out.payload = v;
      return out;
  }
}

function readString(s: string, out: ReadValue): ReadValue {
  out.payload = s;
  const c = s.charCodeAt(0);
  // Only strings starting with a digit, sign, dot, N or I can spell a number or a date.
  if ((c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45) {
    if (spellsDecimal(s)) {
      const n = Number(s);
      if (INTEGER_STRING.test(s) && Math.abs(n) >= TWO_53) {
        out.kind = K_BIGSTR;
        out.num = n;
        return out;
      }
      out.kind = K_NUMSTR;
      out.num = n === 0 ? 0 : n;
      return out;
    }
    // Dates start YYYY-: test the full pattern only for those.
    if (s.length >= 7 && s.charCodeAt(4) === 45 && isDateText(s)) {
      out.kind = K_DATE;
      return out;
    }
  }
  if ((c === 78 || c === 73 || c === 43 || c === 45) && SPECIAL_NUMERIC.has(s)) {
    out.kind = K_NUMSTR;
    out.num = Number(s);
    return out;
  }
  out.kind = K_STR;
  return out;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Characters i and i + 1 of s are digits. */
function twoDigits(s: string, i: number): boolean {
  return isDigit(s.charCodeAt(i)) && isDigit(s.charCodeAt(i + 1));
}

/**
 * A date, datetime or year-month string:
 * `YYYY-MM`, `YYYY-MM-DD`, then optionally `[ T]HH:MM`, `:SS`, `.f+` (after seconds only)
 * and a zone `Z`, `+HH`, `+HHMM` or `+HH:MM` (or `-`). Digits only, no range checks. A
 * hand-written scan (this runs on every string cell that starts `dddd-`), tested against
 * the equivalent regular expression.
 */
export function isDateText(s: string): boolean {
  const n = s.length;
  if (n < 7 || !twoDigits(s, 0) || !twoDigits(s, 2) || s.charCodeAt(4) !== 45) return false;
  if (!twoDigits(s, 5)) return false;
  if (n === 7) return true;
  if (n < 10 || s.charCodeAt(7) !== 45 || !twoDigits(s, 8)) return false;
  if (n === 10) return true;
  const sep = s.charCodeAt(10);
  if (sep !== 32 && sep !== 84) return false;
  if (n < 16 || !twoDigits(s, 11) || s.charCodeAt(13) !== 58 || !twoDigits(s, 14)) return false;
  let i = 16;
  if (i < n && s.charCodeAt(i) === 58) {
    if (i + 3 > n || !twoDigits(s, i + 1)) return false;
    i += 3;
    if (i < n && s.charCodeAt(i) === 46) {
      i++;
      const start = i;
      while (i < n && isDigit(s.charCodeAt(i))) i++;
      if (i === start) return false;
    }
  }
  if (i === n) return true;
  const z = s.charCodeAt(i);
  if (z === 90) return i + 1 === n; // Z
  if (z !== 43 && z !== 45) return false;
  if (i + 3 > n || !twoDigits(s, i + 1)) return false;
  i += 3;
  if (i === n) return true;
  if (s.charCodeAt(i) === 58) i++;
  return i + 2 === n && twoDigits(s, i);
}

/**
 * [+-]? (digits [. digits*] | . digits) ([eE] [+-]? digits)? -- a hand-written scan: this
 * runs on every string cell, and most of them fail at the first few characters.
 */
export function spellsDecimal(s: string): boolean {
  const n = s.length;
  let i = 0;
  let c = s.charCodeAt(0);
  if (c === 43 || c === 45) c = s.charCodeAt(++i);
  let digits = 0;
  while (i < n && isDigit(c)) {
    digits++;
    c = s.charCodeAt(++i);
  }
  if (i < n && c === 46) {
    c = s.charCodeAt(++i);
    while (i < n && isDigit(c)) {
      digits++;
      c = s.charCodeAt(++i);
    }
  }
  if (digits === 0) return false;
  if (i < n && (c === 101 || c === 69)) {
    c = s.charCodeAt(++i);
    if (c === 43 || c === 45) c = s.charCodeAt(++i);
    let expDigits = 0;
    while (i < n && isDigit(c)) {
      expDigits++;
      c = s.charCodeAt(++i);
    }
    if (expDigits === 0) return false;
  }
  return i === n;
}

function readObject(v: object | null, out: ReadValue): ReadValue {
  if (v === null) {
    out.kind = K_NULL;
    return out;
  }
  if (ArrayBuffer.isView(v)) {
    out.kind = K_BYTES;
    out.payload = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    return out;
  }
  if (v instanceof ArrayBuffer) {
    out.kind = K_BYTES;
    out.payload = new Uint8Array(v);
    return out;
  }
  if (v instanceof Date) {
    const t = v.getTime();
    if (Number.isNaN(t)) {
      out.kind = K_OTHER;
      out.payload = v;
      return out;
    }
    out.kind = K_DATE;
    out.payload = dateText(v);
    return out;
  }
  out.kind = K_OTHER;
  out.payload = v;
  return out;
}

/** A Date as the text SQLite and most drivers print: 'YYYY-MM-DD HH:MM:SS[.mmm]', in UTC. */
export function dateText(d: Date): string {
  const iso = d.toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ (or +/-YYYYYY for far years)
  const body = iso.slice(0, -1).replace('T', ' ');
  return body.endsWith('.000') ? body.slice(0, -4) : body;
}

/** True for kinds that can be equal to a number. */
export function isNumericKind(k: number): boolean {
  return k >= K_NUM && k <= K_BIGSTR;
}

/** True for kinds whose equality is exact identity of content: hashing is exact for them. */
export function isExactKind(k: number): boolean {
  return k === K_NULL || k === K_STR || k === K_BYTES || k === K_OTHER;
}

/** A gold value that may stand for a longer date: 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'. */
const LABEL = /^\d{4}(?:-\d{2}(?:-\d{2})?)?$/;
/** A predicted value that is a date: starts with YYYY-MM-DD. */
const FULL_DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * The date/period label rule: gold '2009' equals '2009-01-01', '2013-02' equals
 * '2013-02-01', '2013-02-01' equals '2013-02-01 00:00:00'. Gold must be the shorter; the
 * prediction must be a date and continue at a component boundary.
 */
export function labelMatches(gold: string, predicted: string): boolean {
  if (gold.length >= predicted.length) return false;
  if (!LABEL.test(gold) || !FULL_DATE.test(predicted)) return false;
  if (!predicted.startsWith(gold)) return false;
  const next = predicted.charCodeAt(gold.length);
  // '-' after a year or month; ' ' or 'T' after a full date.
  return gold.length === 10 ? next === 32 || next === 84 : next === 45;
}

/**
 * True for a date string that names a whole calendar day at UTC midnight: `YYYY-MM-DD`
 * alone, or followed by ` ` or `T` and `00:00`, optionally `:00`, optionally a fraction of
 * zeros (`.0`, `.000`, `.000000`), optionally a zone of offset zero (`Z`, `+00`, `+0000`,
 * `+00:00`, or the same with `-`). Any other time or a non-zero offset is another instant.
 * Assumes a K_DATE string (already shaped `YYYY-MM...`).
 */
export function isMidnightOrDay(s: string): boolean {
  const n = s.length;
  if (n < 10 || s.charCodeAt(7) !== 45) return false; // YYYY-MM is a month, not a day
  if (n === 10) return true;
  const sep = s.charCodeAt(10);
  if ((sep !== 32 && sep !== 84) || n < 16) return false;
  // HH:MM
  if (!s.startsWith('00:00', 11)) return false;
  let i = 16;
  if (i < n && s.charCodeAt(i) === 58) {
    if (!s.startsWith('00', i + 1)) return false;
    i += 3;
    if (i < n && s.charCodeAt(i) === 46) {
      i++;
      const start = i;
      while (i < n && s.charCodeAt(i) === 48) i++;
      if (i === start) return false;
    }
  }
  if (i === n) return true;
  const z = s.charCodeAt(i);
  if (z === 90) return i + 1 === n; // Z
  if (z !== 43 && z !== 45) return false;
  // +00, +0000 or +00:00: every digit of the offset is zero.
  const zone = s.slice(i + 1);
  return zone === '00' || zone === '0000' || zone === '00:00';
}

/**
 * The midnight rule (lenient): a day `YYYY-MM-DD` and a midnight timestamp of that day
 * (see isMidnightOrDay), or two midnight spellings of it, are the same calendar value.
 * Symmetric: neither side loses information, so either may be the shorter.
 */
export function sameCalendarDay(a: string, b: string): boolean {
  if (a.length < 10 || b.length < 10) return false;
  for (let i = 0; i < 10; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return isMidnightOrDay(a) && isMidnightOrDay(b);
}
