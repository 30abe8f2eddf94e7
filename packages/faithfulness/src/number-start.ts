import { codePointBefore, isAsciiDigit, isWordChar } from './char-class.js';

/**
 * How a number starts at position i, if one does: at the first of a run of digits, or at a
 * dot before a digit that is not part of a word or an identifier (".5", not "v1.5" or "..5").
 * Both scanners (the answer's and the cells') step through text with this one rule, so they
 * agree on where numbers are.
 */
export function numberStart(text: string, i: number): 'digits' | 'dot' | null {
  const code = text.charCodeAt(i);
  if (isAsciiDigit(code)) {
    return i > 0 && isAsciiDigit(text.charCodeAt(i - 1)) ? null : 'digits';
  }
  if (
    code === 46 &&
    i + 1 < text.length &&
    isAsciiDigit(text.charCodeAt(i + 1)) &&
    !(i > 0 && (isWordChar(codePointBefore(text, i)) || text.charCodeAt(i - 1) === 46))
  ) {
    return 'dot';
  }
  return null;
}
