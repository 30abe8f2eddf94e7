import { isAsciiDigit, isWordChar } from './char-class.js';
import type { Decimal } from './decimal.js';
import { readNumberBody, readScale } from './number-body.js';

const MAX_DIGITS = 40;

/**
 * Every number inside a text cell or the question, as a magnitude: the year and month of
 * "2009-01-01", the 5 of "Symphony No. 5", the 5 of "top 5". Unlike the answer scanner it
 * skips nothing, because an answer that repeats any of them is supported. A scaled number
 * ("12k") gives both its digits and its scaled value.
 */
export function scanTextNumbers(text: string): Decimal[] {
  const found: Decimal[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    const startsDigits = isAsciiDigit(code) && !(i > 0 && isAsciiDigit(text.charCodeAt(i - 1)));
    const startsDot =
      code === 46 &&
      i + 1 < n &&
      isAsciiDigit(text.charCodeAt(i + 1)) &&
      !(i > 0 && isAsciiDigit(text.charCodeAt(i - 1)));
    if (!startsDigits && !startsDot) {
      i++;
      continue;
    }
    const body = readNumberBody(text, i);
    const digits = body.integer + body.fraction;
    if (digits.length <= MAX_DIGITS) {
      const value: Decimal = { coef: BigInt(digits), exp: -body.fraction.length };
      found.push(value);
      const scale = readScale(text, body.end, (index) => isWordChar(text.codePointAt(index) ?? -1));
      if (scale) found.push({ coef: value.coef, exp: value.exp + scale.power });
    }
    i = Math.max(body.end, i + 1);
  }
  return found;
}
