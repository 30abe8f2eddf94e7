import {
  codePointAt,
  codePointBefore,
  isAnyDecimalDigit,
  isLetterLike,
  isWhitespace,
  isWordChar,
} from './char-class.js';
import { blankCode } from './code-spans.js';

/** One name the answer states, as the scorer will check it. */
export interface NameClaim {
  /** The name as written, without its quotes or asterisks. */
  readonly written: string;
  readonly kind: 'quoted' | 'bold';
  readonly start: number;
  readonly end: number;
}

// Bold spans are often labels or whole phrases rather than names; these are skipped so the
// name check flags little it should not.
const MAX_BOLD_WORDS = 6;

const QUOTE_PAIRS: ReadonlyMap<string, string> = new Map([
  ['"', '"'],
  ['\u201c', '\u201d'], // “ ”
  ['\u2018', '\u2019'], // ‘ ’
  ['\u00ab', '\u00bb'], // « »
  ['\u300c', '\u300d'], // 「 」
  ['\u300e', '\u300f'], // 『 』
]);

/**
 * Finds the next occurrence of a needle at or after a position. Calls come with positions
 * that never decrease, so the last answer is reused while it is still ahead: every search
 * covers new text, which keeps the scanners linear even with many unclosed openers.
 */
class NextFinder {
  private from = -1;
  private found = -1;

  constructor(
    private readonly text: string,
    private readonly accept: (index: number) => boolean,
    private readonly needle: string,
  ) {}

  at(position: number): number {
    if (position >= this.from && this.from >= 0 && (this.found === -1 || this.found >= position)) {
      return this.found;
    }
    let k = this.text.indexOf(this.needle, position);
    while (k >= 0 && !this.accept(k)) k = this.text.indexOf(this.needle, k + 1);
    this.from = position;
    this.found = k;
    return k;
  }
}

/** Every quoted ("Jazz", “Jazz”, 'Jazz') and bold (**Rock**, __Rock__) name outside code. */
export function scanNames(text: string): NameClaim[] {
  return scanNamesIn(blankCode(text));
}

/** scanNames on text whose code is already blanked. */
export function scanNamesIn(text: string): NameClaim[] {
  const claims = [...scanBold(text), ...scanQuoted(text)];
  return claims.sort((a, b) => a.start - b.start);
}

function scanBold(text: string): NameClaim[] {
  const claims: NameClaim[] = [];
  const lines = new NextFinder(text, () => true, '\n');
  // A closing run follows a non-space (CommonMark's right-flanking rule); "__" must also not
  // be followed by a word character.
  const stars = new NextFinder(text, (k) => !isWhitespace(text.charCodeAt(k - 1)), '**');
  const underscores = new NextFinder(
    text,
    (k) =>
      !isWhitespace(text.charCodeAt(k - 1)) &&
      !isWordChar(codePointAt(text, k + 2 + runLength(text, k + 2, 95))),
    '__',
  );
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if ((c !== 42 && c !== 95) || text.charCodeAt(i + 1) !== c) {
      i++;
      continue;
    }
    const open = i;
    const runEnd = i + runLength(text, i, c);
    // An opening run precedes a non-space; "__" inside a word (snake__case) is not emphasis.
    const next = text.charCodeAt(runEnd);
    if (runEnd >= n || isWhitespace(next) || (c === 95 && isWordChar(codePointBefore(text, i)))) {
      i = runEnd;
      continue;
    }
    let lineEnd = lines.at(runEnd);
    if (lineEnd < 0) lineEnd = n;
    const close = (c === 42 ? stars : underscores).at(runEnd);
    if (close < 0 || close > lineEnd) {
      i = runEnd;
      continue;
    }
    const closeEnd = close + runLength(text, close, c);
    const inner = text.slice(runEnd, close);
    i = closeEnd;
    const name = inner.trim();
    if (boldIsSkipped(name)) continue;
    claims.push({ written: name, kind: 'bold', start: open, end: closeEnd });
  }
  return claims;
}

function runLength(text: string, from: number, code: number): number {
  let k = from;
  while (k < text.length && text.charCodeAt(k) === code) k++;
  return k - from;
}

/**
 * The spec's skip rules: a digit, a trailing ':' (**Note:**), more than six words. Also a
 * span with no letter, and a span that is itself a quotation (the quote scanner takes it).
 * A colon after the asterisks (**Rock**: 1,297) does not skip the span: that is how lists
 * of names are written, and the spec skips only the colon inside.
 */
function boldIsSkipped(name: string): boolean {
  const last = name.charCodeAt(name.length - 1);
  if (last === 58 || last === 0xff1a) return true;
  let letters = false;
  let words = 0;
  let inWord = false;
  for (const ch of name) {
    const cp = ch.codePointAt(0) ?? -1;
    if (isAnyDecimalDigit(cp)) return true;
    if (isLetterLike(cp)) letters = true;
    const space = isWhitespace(cp);
    if (!space && !inWord) words++;
    inWord = !space;
  }
  if (!letters || words > MAX_BOLD_WORDS) return true;
  const first = name[0] ?? '';
  const closer = QUOTE_PAIRS.get(first);
  return closer !== undefined && name.endsWith(closer) && name.length > 1;
}

function scanQuoted(text: string): NameClaim[] {
  const claims: NameClaim[] = [];
  const lines = new NextFinder(text, () => true, '\n');
  // One finder per closing quote, made when first needed.
  const closers = new Map<string, NextFinder>();
  const closerFinder = (closer: string): NextFinder => {
    let finder = closers.get(closer);
    if (!finder) {
      finder = new NextFinder(text, () => true, closer);
      closers.set(closer, finder);
    }
    return finder;
  };
  // A straight single quote closes only where it is not an apostrophe: 'Jazz' but not N' Roses.
  const singleCloser = new NextFinder(
    text,
    (k) => !isWhitespace(text.charCodeAt(k - 1)) && !isWordChar(codePointAt(text, k + 1)),
    "'",
  );
  const n = text.length;
  let i = 0;
  while (i < n) {
    const ch = text[i]!;
    const pair = QUOTE_PAIRS.get(ch);
    const single = ch === "'" && opensSingle(text, i);
    if (pair === undefined && !single) {
      i++;
      continue;
    }
    let lineEnd = lines.at(i + 1);
    if (lineEnd < 0) lineEnd = n;
    const close = single ? singleCloser.at(i + 1) : closerFinder(pair!).at(i + 1);
    if (close < 0 || close > lineEnd) {
      i++;
      continue;
    }
    const inner = text.slice(i + 1, close).trim();
    if (hasLetter(inner)) {
      claims.push({ written: inner, kind: 'quoted', start: i, end: close + 1 });
    }
    i = close + 1;
  }
  return claims;
}

function opensSingle(text: string, i: number): boolean {
  if (isWordChar(codePointBefore(text, i))) return false;
  const next = text.charCodeAt(i + 1);
  return i + 1 < text.length && !isWhitespace(next) && next !== 39;
}

function hasLetter(text: string): boolean {
  for (const ch of text) {
    if (isLetterLike(ch.codePointAt(0) ?? -1) && !isAnyDecimalDigit(ch.codePointAt(0) ?? -1)) {
      return true;
    }
  }
  return false;
}
