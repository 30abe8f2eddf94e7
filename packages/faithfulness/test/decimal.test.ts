import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  decimalFromNumber,
  parseDecimal,
  roundsTo,
  shiftDecimal,
} from '../src/decimal.js';

describe('decimal', () => {
  it('parses plain, signed, fractional and exponent forms exactly', () => {
    expect(parseDecimal('523.06')).toEqual({ coef: 52306n, exp: -2 });
    expect(parseDecimal('-5')).toEqual({ coef: -5n, exp: 0 });
    expect(parseDecimal('+.5')).toEqual({ coef: 5n, exp: -1 });
    expect(parseDecimal('4118530.00')).toEqual({ coef: 411853000n, exp: -2 });
    expect(parseDecimal('1e+21')).toEqual({ coef: 1n, exp: 21 });
    expect(parseDecimal('5e-7')).toEqual({ coef: 5n, exp: -7 });
    for (const bad of ['', '.', '-', '1,297', '1e', '1e99999', 'abc', '1.2.3', ' 1']) {
      expect(parseDecimal(bad), bad).toBeUndefined();
    }
  });

  it('takes a number at its shortest printed form, so 2.675 stays 2.675', () => {
    expect(decimalFromNumber(2.675)).toEqual({ coef: 2675n, exp: -3 });
    expect(decimalFromNumber(0.1 + 0.2)).toEqual({ coef: 30000000000000004n, exp: -17 });
    expect(decimalFromNumber(Number.NaN)).toBeUndefined();
    expect(decimalFromNumber(Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it('adds exactly', () => {
    const sum = [523.06, 303.96, 195.1].map((v) => decimalFromNumber(v)!).reduce(addDecimals);
    expect(roundsTo(sum, { coef: 102212n, exp: -2 }, -10)).toBe(true);
  });

  it('rounds inclusively at the half unit', () => {
    const v = parseDecimal('523.06')!;
    expect(roundsTo(v, parseDecimal('523.1')!, -1)).toBe(true);
    expect(roundsTo(v, parseDecimal('523')!, 0)).toBe(true);
    expect(roundsTo(v, parseDecimal('523.60')!, -2)).toBe(false);
    expect(roundsTo(parseDecimal('2.675')!, parseDecimal('2.68')!, -2)).toBe(true);
    expect(roundsTo(parseDecimal('2.675')!, parseDecimal('2.67')!, -2)).toBe(true);
    expect(roundsTo(parseDecimal('2.6751')!, parseDecimal('2.67')!, -2)).toBe(false);
    expect(roundsTo(shiftDecimal(parseDecimal('0.3718')!, 2), parseDecimal('37.2')!, -1)).toBe(
      true,
    );
  });

  it('agrees with integer arithmetic on small values', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: 0, max: 4 }),
        (a, b, k) => {
          const expected = 2 * Math.abs(a - b) <= 10 ** k;
          expect(roundsTo({ coef: BigInt(a), exp: 0 }, { coef: BigInt(b), exp: 0 }, k)).toBe(
            expected,
          );
        },
      ),
    );
  });
});
