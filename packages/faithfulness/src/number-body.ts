import {
  codePointAt,
  isAsciiDigit,
  isAsciiLetter,
  isGroupSeparator,
  isInlineSpace,
  isWordChar,
} from './char-class.js';

// The digits of one written number and the scale word after it, shared by the answer
// scanner and the looser reader of text cells and the question.

/**
 * Where one written number's parts lie. A scanner reuses one instance for every number
 * (a 1 MB answer holds ~10^5 numbers, and allocating per number dominated the run time).
 */
export class NumberBody {
  start = 0;
  /** End of the integer part, thousands groups included. */
  integerEnd = 0;
  /** Start of the fraction digits, or -1 when no decimal point was written. */
  fractionStart = -1;
  end = 0;
  /** Whether thousands separators were written ("1,297"). */
  grouped = false;

  get integerLength(): number {
    return this.grouped ? -1 : this.integerEnd - this.start;
  }

  get fractionLength(): number {
    return this.fractionStart < 0 ? 0 : this.end - this.fractionStart;
  }

  /** How many digits were written, separators not counted. */
  digitCount(): number {
    const span = this.integerEnd - this.start;
    // A lead of 1-3 digits, then groups of a separator and three digits.
    const separators = this.grouped ? Math.floor((span - 1) / 4) : 0;
    return span - separators + this.fractionLength;
  }

  /** All digits, separators and point removed: 1,234.5 -> "12345". */
  digits(text: string): string {
    let integer = text.slice(this.start, this.integerEnd);
    if (this.grouped) integer = integer.replace(/\D/g, '');
    return this.fractionStart < 0 ? integer : integer + text.slice(this.fractionStart, this.end);
  }
}

/** Reads `1297`, `1,297`, `1 297` (no-break space), `1234.5`, `.5` from `start` into `body`. */
export function readNumberBody(text: string, start: number, body: NumberBody): void {
  const n = text.length;
  let i = start;
  while (i < n && isAsciiDigit(text.charCodeAt(i))) i++;
  body.start = start;
  body.grouped = false;
  body.fractionStart = -1;
  const runLength = i - start;
  if (runLength >= 1 && runLength <= 3 && i < n) {
    const separator = text.charCodeAt(i);
    if (isGroupSeparator(separator)) {
      // Every group after the first has exactly three digits, all with the same separator.
      let j = i;
      while (
        j + 3 < n &&
        text.charCodeAt(j) === separator &&
        isAsciiDigit(text.charCodeAt(j + 1)) &&
        isAsciiDigit(text.charCodeAt(j + 2)) &&
        isAsciiDigit(text.charCodeAt(j + 3)) &&
        !(j + 4 < n && isAsciiDigit(text.charCodeAt(j + 4)))
      ) {
        j += 4;
      }
      if (j > i) {
        i = j;
        body.grouped = true;
      }
    }
  }
  body.integerEnd = i;
  if (i + 1 < n && text.charCodeAt(i) === 46 && isAsciiDigit(text.charCodeAt(i + 1))) {
    i++;
    body.fractionStart = i;
    while (i < n && isAsciiDigit(text.charCodeAt(i))) i++;
  }
  body.end = i;
}

export interface ScaleSuffix {
  /** Power of ten the scale multiplies by (3 for k, 6 for million). */
  readonly power: number;
  readonly end: number;
}

const ATTACHED_SCALES: ReadonlyMap<string, number> = new Map([
  ['k', 3],
  ['m', 6],
  ['mn', 6],
  ['mln', 6],
  ['b', 9],
  ['bn', 9],
]);

const SCALE_WORDS: ReadonlyMap<string, number> = new Map([
  ['thousand', 3],
  ['million', 6],
  ['mn', 6],
  ['mln', 6],
  ['billion', 9],
  ['bn', 9],
  ['trillion', 12],
]);

const LONGEST_SCALE_WORD = 8;

/**
 * A scale right after a number: attached letters (12k, 4.12M, 3bn) or a word after spaces
 * (4.12 million, 4.12&nbsp;million). Single letters count only when attached, since
 * "5 m" is more often metres than millions. No word character may follow the scale.
 */
export function readScale(text: string, at: number): ScaleSuffix | undefined {
  const first = text.charCodeAt(at);
  if (!isAsciiLetter(first) && !isInlineSpace(first)) return undefined;
  const attached = readLetters(text, at);
  if (attached.length > 0) {
    const power = ATTACHED_SCALES.get(attached.toLowerCase());
    if (power !== undefined && !isWordChar(codePointAt(text, at + attached.length))) {
      return { power, end: at + attached.length };
    }
    return undefined;
  }
  let i = at;
  while (i < text.length && i - at < 3 && isInlineSpace(text.charCodeAt(i))) i++;
  if (i === at) return undefined;
  const word = readLetters(text, i);
  if (word.length === 0 || word.length > LONGEST_SCALE_WORD) return undefined;
  const power = SCALE_WORDS.get(word.toLowerCase());
  if (power === undefined || isWordChar(codePointAt(text, i + word.length))) return undefined;
  return { power, end: i + word.length };
}

/** ASCII letters starting at `at`, at most a few beyond the longest word we look for. */
export function readLetters(text: string, at: number): string {
  let i = at;
  while (i < text.length && i - at <= LONGEST_SCALE_WORD && isAsciiLetter(text.charCodeAt(i))) i++;
  return text.slice(at, i);
}
