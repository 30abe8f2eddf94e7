import { isAsciiDigit, isAsciiLetter, isGroupSeparator, isInlineSpace } from './char-class.js';

// The digits of one written number and the scale word after it, shared by the answer
// scanner and the looser reader of text cells and the question.

export interface NumberBody {
  /** Integer digits with the thousands separators removed ("" for ".5"). */
  readonly integer: string;
  /** Digits after the decimal point ("" when none was written). */
  readonly fraction: string;
  /** Whether thousands separators were written ("1,297"). */
  readonly grouped: boolean;
  readonly end: number;
}

/** Reads `1297`, `1,297`, `1 297` (no-break space), `1234.5`, `.5` starting at `start`. */
export function readNumberBody(text: string, start: number): NumberBody {
  const n = text.length;
  let i = start;
  while (i < n && isAsciiDigit(text.charCodeAt(i))) i++;
  let integer = text.slice(start, i);
  let grouped = false;
  if (integer.length >= 1 && integer.length <= 3 && i < n) {
    const separator = text.charCodeAt(i);
    if (isGroupSeparator(separator)) {
      // Every group after the first has exactly three digits, all with the same separator.
      let j = i;
      let groups = '';
      while (
        j + 3 < n &&
        text.charCodeAt(j) === separator &&
        isAsciiDigit(text.charCodeAt(j + 1)) &&
        isAsciiDigit(text.charCodeAt(j + 2)) &&
        isAsciiDigit(text.charCodeAt(j + 3)) &&
        !(j + 4 < n && isAsciiDigit(text.charCodeAt(j + 4)))
      ) {
        groups += text.slice(j + 1, j + 4);
        j += 4;
      }
      if (groups.length > 0) {
        integer += groups;
        i = j;
        grouped = true;
      }
    }
  }
  let fraction = '';
  if (i + 1 < n && text.charCodeAt(i) === 46 && isAsciiDigit(text.charCodeAt(i + 1))) {
    const fracStart = i + 1;
    i = fracStart;
    while (i < n && isAsciiDigit(text.charCodeAt(i))) i++;
    fraction = text.slice(fracStart, i);
  }
  return { integer, fraction, grouped, end: i };
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
 * "5 m" is more often metres than millions. `isWordAfter` decides what may not follow.
 */
export function readScale(
  text: string,
  at: number,
  isWordAfter: (index: number) => boolean,
): ScaleSuffix | undefined {
  const attached = readLetters(text, at);
  if (attached.length > 0) {
    const power = ATTACHED_SCALES.get(attached.toLowerCase());
    if (power !== undefined && !isWordAfter(at + attached.length)) {
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
  if (power === undefined || isWordAfter(i + word.length)) return undefined;
  return { power, end: i + word.length };
}

/** ASCII letters starting at `at`, at most a few beyond the longest word we look for. */
export function readLetters(text: string, at: number): string {
  let i = at;
  while (i < text.length && i - at <= LONGEST_SCALE_WORD && isAsciiLetter(text.charCodeAt(i))) i++;
  return text.slice(at, i);
}
