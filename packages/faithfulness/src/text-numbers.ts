import type { Decimal } from './decimal.js';
import { NumberBody, readNumberBody, readScale } from './number-body.js';
import { numberStart } from './number-start.js';

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
    if (numberStart(text, i) === null) {
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
