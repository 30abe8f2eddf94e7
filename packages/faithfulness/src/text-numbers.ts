import { codePointBefore, isAsciiDigit, isWordChar } from './char-class.js';
import type { Decimal } from './decimal.js';
import { NumberBody, readNumberBody, readScale } from './number-body.js';

const MAX_DIGITS = 40;

/**
 * Every number inside a text cell or the question, as a magnitude: the year and month of
 * "2009-01-01", the 5 of "Symphony No. 5", the 5 of "top 5". Unlike the answer scanner it
 * skips nothing, because an answer that repeats any of them is supported. A scaled number
 * ("12k") gives both its digits and its scaled value.
 */
export function scanTextNumbers(text: string): Decimal[] {
  const found: Decimal[] = [];
  const body = new NumberBody();
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    const startsDigits = isAsciiDigit(code) && !(i > 0 && isAsciiDigit(text.charCodeAt(i - 1)));
    const startsDot =
      code === 46 &&
      i + 1 < n &&
      isAsciiDigit(text.charCodeAt(i + 1)) &&
      !(i > 0 && (isWordChar(codePointBefore(text, i)) || text.charCodeAt(i - 1) === 46));
    if (!startsDigits && !startsDot) {
      i++;
      continue;
    }
    readNumberBody(text, i, body);
    if (body.digitCount() <= MAX_DIGITS) {
      const value: Decimal = { coef: BigInt(body.digits(text)), exp: -body.fractionLength };
      found.push(value);
      const scale = readScale(text, body.end);
      if (scale) found.push({ coef: value.coef, exp: value.exp + scale.power });
    }
    i = Math.max(body.end, i + 1);
  }
  return found;
}
