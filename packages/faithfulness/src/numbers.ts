import { isDayNumber, isMonthNumber, monthNameAfter, monthNameBefore } from './calendar.js';
import {
  codePointAt,
  codePointBefore,
  isAsciiDigit,
  isAsciiLetter,
  isCurrencySymbol,
  isGlueChar,
  isInlineSpace,
  isMinus,
  isWordChar,
} from './char-class.js';
import { blankCode } from './code-spans.js';
import type { Decimal } from './decimal.js';
import { MarkdownTable } from './markdown-table.js';
import { NumberBody, readLetters, readNumberBody, readScale } from './number-body.js';
import { numberStart } from './number-start.js';
import { type Direction, statedDirection } from './stated-direction.js';

/** One number the answer states, as the scorer will check it. */
export interface NumberClaim {
  /** Exactly as written, sign, currency, scale and percent included ("$4.12M", "-5", "37.2%"). */
  readonly written: string;
  /** The value written, scale applied (4.12M -> 4120000), signed. */
  readonly value: Decimal;
  /** The written precision: the number stands for any value within 10^unitExp / 2. */
  readonly unitExp: number;
  readonly percent: boolean;
  /** 'none' when no sign was written: prose often carries the sign in words ("fell by 5"). */
  readonly sign: Sign;
  /** The direction the words before it in its clause state ("rose by"), or null. */
  readonly direction: Direction | null;
  readonly start: number;
  readonly end: number;
}

// Longer digit strings are identifiers (card numbers, hashes), not quantities.
const MAX_DIGITS = 40;

const PERCENT_WORDS = ['percent', 'pct'];

/**
 * Called for each number the rules check: its written span, where its digits lie (`body`
 * is reused: read it during the call), the scale's power of ten, percent and sign.
 */
export type NumberVisitor = (
  text: string,
  start: number,
  end: number,
  body: NumberBody,
  power: number,
  percent: boolean,
  sign: Sign,
) => void;

export type Sign = 'minus' | 'plus' | 'none';

/**
 * Every number in `text` the faithfulness rules check, left to right, in one pass.
 * Skipped, as the spec says: ordinals (2nd), list markers (1. at a line start), numbers glued
 * to a word or identifier (chinook_001, MPEG-4, #7, Q3), and the month and day of a date.
 * Also skipped: clock times (10:30), which are positions like dates, and a Markdown table's
 * rank column (| 1 | Rock |), which numbers rows like list markers. Code is not read.
 */
export function scanNumbers(text: string): NumberClaim[] {
  const claims: NumberClaim[] = [];
  visitNumbers(blankCode(text), (t, start, end, body, power, percent, sign) => {
    claims.push(numberClaim(t, start, end, body, power, percent, sign));
  });
  return claims;
}

/** The scanner behind scanNumbers, allocation-light for long answers; code already blanked. */
export function visitNumbers(text: string, visit: NumberVisitor): void {
  const body = new NumberBody();
  const table = new MarkdownTable(text);
  table.startLine(0);
  const unlessRank: NumberVisitor = (t, start, end, b, power, percent, sign) => {
    if (!table.isRankCell(start, end)) visit(t, start, end, b, power, percent, sign);
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code === 10) table.startLine(i + 1);
    const start = numberStart(text, i);
    if (start === null) {
      i++;
      continue;
    }
    const next =
      start === 'digits'
        ? readAt(text, i, body, unlessRank)
        : readNumber(text, i, body, unlessRank);
    i = Math.max(next, i + 1);
  }
}

/** Builds the claim for one visited number. */
export function numberClaim(
  text: string,
  start: number,
  end: number,
  body: NumberBody,
  power: number,
  percent: boolean,
  sign: Sign,
): NumberClaim {
  const magnitude = BigInt(body.digits(text));
  const exp = power - body.fractionLength;
  return {
    written: text.slice(start, end),
    value: { coef: sign === 'minus' ? -magnitude : magnitude, exp },
    unitExp: exp,
    percent,
    sign,
    direction: sign === 'none' ? statedDirection(text, start) : null,
    start,
    end,
  };
}

/** Reads what starts at a digit run: a date, a clock time, or a number. Returns where to go on. */
function readAt(text: string, p: number, body: NumberBody, visit: NumberVisitor): number {
  let r = p;
  while (r < text.length && isAsciiDigit(text.charCodeAt(r))) r++;
  const date = readDate(text, p, r);
  if (date) {
    if (date.yearStart >= 0 && !gluedBefore(text, p)) {
      body.start = date.yearStart;
      body.integerEnd = date.yearEnd;
      body.fractionStart = -1;
      body.end = date.yearEnd;
      body.grouped = false;
      visit(text, date.yearStart, date.yearEnd, body, 0, false, 'none');
    }
    return skipClock(text, date.end);
  }
  if (r - p <= 2 && isClockAt(text, r)) return skipClock(text, p);
  return readNumber(text, p, body, visit);
}

interface DateShape {
  /** The year's span, or -1 when the date has none. */
  readonly yearStart: number;
  readonly yearEnd: number;
  readonly end: number;
}

// 2013-12-22, 2013/12/22, 2013.12.22, 2013-12; 22/12/2013, 12/22/2013, 22.12.2013; 12/2013.
function readDate(text: string, p: number, r: number): DateShape | undefined {
  const sep = text.charCodeAt(r);
  if (sep !== 45 && sep !== 47 && sep !== 46) return undefined;
  const second = digitRun(text, r + 1);
  if (second === r + 1) return undefined;
  const third = text.charCodeAt(second) === sep ? digitRun(text, second + 1) : second;
  const hasThird = third > second + 1;
  if (hasThird && text.charCodeAt(third) === sep && isAsciiDigit(text.charCodeAt(third + 1))) {
    return undefined; // four parts: a version or an address, not a date
  }
  const first = text.slice(p, r);
  const middle = text.slice(r + 1, second);
  if (first.length === 4) {
    if (!isMonthNumber(middle)) return undefined;
    if (hasThird) {
      const day = text.slice(second + 1, third);
      if (!isDayNumber(day)) return undefined;
      return { yearStart: p, yearEnd: r, end: third };
    }
    // Year-month needs a two-digit month and no '.', else "2013.12" is a decimal.
    if (sep === 46 || middle.length !== 2) return undefined;
    return { yearStart: p, yearEnd: r, end: second };
  }
  // Month/year: 12/2013.
  if (!hasThird && sep === 47 && isMonthNumber(first) && middle.length === 4) {
    return { yearStart: r + 1, yearEnd: second, end: second };
  }
  if (!hasThird || !isDayNumber(first) || !isDayNumber(middle)) return undefined;
  if (!isMonthNumber(first) && !isMonthNumber(middle)) return undefined;
  if (third - (second + 1) !== 4) return undefined;
  return { yearStart: second + 1, yearEnd: third, end: third };
}

function digitRun(text: string, from: number): number {
  let i = from;
  while (i < text.length && isAsciiDigit(text.charCodeAt(i))) i++;
  return i;
}

function isClockAt(text: string, r: number): boolean {
  return (
    text.charCodeAt(r) === 58 &&
    isAsciiDigit(text.charCodeAt(r + 1)) &&
    isAsciiDigit(text.charCodeAt(r + 2)) &&
    !isAsciiDigit(text.charCodeAt(r + 3))
  );
}

// Skips " 00:00:00", "T10:30", "10:30:15.250" from `from`; returns `from` when no clock follows.
function skipClock(text: string, from: number): number {
  let i = from;
  const c = text.charCodeAt(i);
  if ((c === 32 || c === 84) && isAsciiDigit(text.charCodeAt(i + 1))) {
    const r = digitRun(text, i + 1);
    if (r - (i + 1) > 2 || !isClockAt(text, r)) return from;
    i = r;
  } else if (isAsciiDigit(c)) {
    i = digitRun(text, i);
    if (!isClockAt(text, i)) return from;
  } else {
    return from;
  }
  while (isClockAt(text, i)) i += 3;
  if (text.charCodeAt(i) === 46 && isAsciiDigit(text.charCodeAt(i + 1))) i = digitRun(text, i + 1);
  return i;
}

/** A number's prefix: the sign and currency written before its digits. */
interface Prefix {
  readonly start: number;
  readonly sign: Sign;
  readonly currency: boolean;
  /** The digits are glued to a word through a hyphen (MPEG-4). */
  readonly glued: boolean;
}

function readPrefix(text: string, p: number): Prefix {
  let j = p;
  let sign: Sign = 'none';
  let currency = false;
  for (let step = 0; step < 2; step++) {
    const cp = codePointBefore(text, j);
    if (!currency && isCurrencySymbol(cp)) {
      currency = true;
      j -= cp > 0xffff ? 2 : 1;
      continue;
    }
    if (sign === 'none' && (isMinus(cp) || cp === 43)) {
      const before = codePointBefore(text, j - 1);
      // 2009-2013 and 5–10 are ranges: the dash joins two positive numbers.
      if (isAsciiDigit(before)) break;
      if (cp !== 43 && isGlueChar(before)) return { start: j, sign, currency, glued: true };
      sign = cp === 43 ? 'plus' : 'minus';
      j -= 1;
      continue;
    }
    break;
  }
  return { start: j, sign, currency, glued: false };
}

/** The digits at `p` belong to a word or identifier: Q3, chinook_001, #7, No.5, v1. */
function gluedBefore(text: string, p: number): boolean {
  const cp = codePointBefore(text, p);
  if (isGlueChar(cp) || cp === 35 || cp === 64 || cp === 92) return true; // # @ \
  if (cp === 46) {
    const before = codePointBefore(text, p - 1);
    return isWordChar(before);
  }
  if (isMinus(cp)) return isGlueChar(codePointBefore(text, p - 1));
  return false;
}

function readNumber(text: string, p: number, body: NumberBody, visit: NumberVisitor): number {
  readNumberBody(text, p, body);
  let end = body.end;
  // 1.2.3 and 192.168.0.1 are identifiers.
  if (
    body.fractionStart >= 0 &&
    text.charCodeAt(end) === 46 &&
    isAsciiDigit(text.charCodeAt(end + 1))
  ) {
    while (
      end < text.length &&
      (isAsciiDigit(text.charCodeAt(end)) ||
        (text.charCodeAt(end) === 46 && isAsciiDigit(text.charCodeAt(end + 1))))
    ) {
      end++;
    }
    return end;
  }
  const prefix = readPrefix(text, p);
  if (prefix.glued) return end;
  // A currency code may sit against the symbol (US$5, A$12), so letters before it are fine.
  if (!prefix.currency && gluedBefore(text, prefix.start)) return end;
  const bare =
    prefix.sign === 'none' && !prefix.currency && !body.grouped && body.fractionStart < 0;

  // Ordinals: 2nd, 21st, 3RD, 1º.
  if (bare && body.integerEnd > body.start && isAsciiLetter(text.charCodeAt(end))) {
    const suffix = readLetters(text, end).toLowerCase();
    if (
      (suffix === 'st' || suffix === 'nd' || suffix === 'rd' || suffix === 'th') &&
      !isWordChar(codePointAt(text, end + 2))
    ) {
      return end + 2;
    }
  }
  if (bare && (text.charCodeAt(end) === 0xba || text.charCodeAt(end) === 0xaa)) return end + 1;
  // 第3 is "the third" in Chinese and Japanese.
  if (codePointBefore(text, prefix.start) === 0x7b2c) return end;

  let power = 0;
  let percent = false;
  const scale = readScale(text, end);
  if (scale) {
    power = scale.power;
    end = scale.end;
  } else {
    const percentEnd = readPercent(text, end);
    if (percentEnd > end) {
      percent = true;
      end = percentEnd;
    }
  }
  // Anything else against the number glues it: 5kg, 3D, mp3 is caught above, 4-star.
  if (!scale && !percent) {
    const after = codePointAt(text, end);
    if (isGlueChar(after)) return skipWord(text, end);
    if (isMinus(after) && isAsciiLetter(text.charCodeAt(end + 1))) return skipWord(text, end + 1);
  }

  if (bare && !percent && power === 0) {
    const integerLength = body.integerEnd - body.start;
    if (isListMarker(text, prefix.start, integerLength, end)) return end + 1;
    if (
      integerLength <= 2 &&
      isDayNumber(text.slice(body.start, body.integerEnd)) &&
      (monthNameBefore(text, p) || monthNameAfter(text, end))
    ) {
      return end;
    }
  }

  if (body.digitCount() > MAX_DIGITS) return end;
  visit(text, prefix.start, end, body, power, percent, prefix.sign);
  return end;
}

// "37.2%", "37.2 %", "37.2 percent", "37.2 per cent", full-width "％".
function readPercent(text: string, at: number): number {
  let i = at;
  if (isInlineSpace(text.charCodeAt(i))) i++;
  const c = text.charCodeAt(i);
  if (c === 37 || c === 0xff05) return i + 1;
  if (i === at) return at;
  const word = readLetters(text, i).toLowerCase();
  if (PERCENT_WORDS.includes(word)) return i + word.length;
  if (word === 'per' && isInlineSpace(text.charCodeAt(i + 3))) {
    const cent = readLetters(text, i + 4).toLowerCase();
    if (cent === 'cent') return i + 8;
  }
  return at;
}

function isListMarker(text: string, start: number, integerLength: number, end: number): boolean {
  if (integerLength < 1 || integerLength > 3) return false;
  const c = text.charCodeAt(end);
  if (c !== 46 && c !== 41) return false; // . )
  if (!isInlineSpace(text.charCodeAt(end + 1))) return false;
  let k = end + 1;
  while (k < text.length && isInlineSpace(text.charCodeAt(k))) k++;
  if (k >= text.length || text.charCodeAt(k) === 10 || text.charCodeAt(k) === 13) return false;
  // Only indentation (or a block quote's '>') may stand between the line start and the marker.
  let j = start;
  while (j > 0) {
    const b = text.charCodeAt(j - 1);
    if (b === 10) return true;
    if (!isInlineSpace(b) && b !== 62) return false;
    j--;
  }
  return true;
}

function skipWord(text: string, from: number): number {
  let i = from;
  while (i < text.length && isWordChar(codePointAt(text, i)))
    i += text.charCodeAt(i) >= 0xd800 && text.charCodeAt(i) <= 0xdbff ? 2 : 1;
  return i;
}
