// Character classes for the scanners. ASCII is decided by code comparisons (the hot path on
// a 1 MB answer); other characters by one Unicode property test on a single code point, so
// no regex ever runs over a span of text and nothing can backtrack.

const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const NUMBER = /\p{N}/u;
const DECIMAL_DIGIT = /\p{Nd}/u;
const CURRENCY = /\p{Sc}/u;
// Scripts written without spaces between words: a number beside them is not glued to a word.
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** The code point that ends just before index `i` (handles surrogate pairs); -1 at the start. */
export function codePointBefore(text: string, i: number): number {
  if (i <= 0) return -1;
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}

/** The code point starting at index `i`; -1 past the end. */
export function codePointAt(text: string, i: number): number {
  if (i >= text.length) return -1;
  return text.codePointAt(i) ?? -1;
}

/** A letter or mark in any script (full-width digits and other non-ASCII numbers count too). */
export function isLetterLike(cp: number): boolean {
  if (cp < 0) return false;
  if (cp < 128) return isAsciiLetter(cp);
  const ch = String.fromCodePoint(cp);
  return LETTER_OR_MARK.test(ch) || NUMBER.test(ch);
}

/**
 * A character that glues an adjacent number into a word or identifier: letters, marks,
 * non-ASCII digits (full-width digits are text, not numbers), underscore. Han and kana are
 * excluded because those scripts put numbers straight against words ("共有3首").
 */
export function isGlueChar(cp: number): boolean {
  if (cp < 0) return false;
  if (cp < 128) return isAsciiLetter(cp) || cp === 95; // _
  const ch = String.fromCodePoint(cp);
  if (UNSPACED_SCRIPT.test(ch)) return false;
  return LETTER_OR_MARK.test(ch) || NUMBER.test(ch);
}

/** A word character for boundary tests: ASCII letters, digits, underscore, and any letter or number. */
export function isWordChar(cp: number): boolean {
  if (cp < 0) return false;
  if (cp < 128) return isAsciiLetter(cp) || isAsciiDigit(cp) || cp === 95;
  return isLetterLike(cp);
}

export function isAnyDecimalDigit(cp: number): boolean {
  if (cp < 0) return false;
  if (cp < 128) return isAsciiDigit(cp);
  return DECIMAL_DIGIT.test(String.fromCodePoint(cp));
}

export function isCurrencySymbol(cp: number): boolean {
  if (cp < 0) return false;
  if (cp === 36) return true; // $
  if (cp < 128) return false;
  return CURRENCY.test(String.fromCodePoint(cp));
}

/** Hyphen-minus, the minus sign and the en dash all read as a minus before a number. */
export function isMinus(cp: number): boolean {
  return cp === 45 || cp === 0x2212 || cp === 0x2013;
}

/** Spaces that may sit inside one line of prose: space, tab and the no-break and thin spaces. */
export function isInlineSpace(cp: number): boolean {
  return (
    cp === 32 ||
    cp === 9 ||
    cp === 0xa0 ||
    cp === 0x202f ||
    cp === 0x2009 ||
    cp === 0x2007 ||
    cp === 0x2002 ||
    cp === 0x2003
  );
}

/** Thousands separators: comma, and the no-break, narrow no-break, thin and figure spaces. */
export function isGroupSeparator(code: number): boolean {
  return code === 44 || code === 0xa0 || code === 0x202f || code === 0x2009 || code === 0x2007;
}

export function isWhitespace(code: number): boolean {
  return isInlineSpace(code) || code === 10 || code === 13 || code === 12 || code === 11;
}
