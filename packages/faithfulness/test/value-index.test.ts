import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Decimal, roundsTo } from '../src/decimal.js';
import { ValueIndex } from '../src/value-index.js';

const decimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: -6, max: 6 }))
  .map(([coef, exp]): Decimal => ({ coef, exp }));

describe('ValueIndex', () => {
  it('answers exactly what a scan of every value answers', () => {
    fc.assert(
      fc.property(
        fc.array(decimal, { maxLength: 40 }),
        decimal,
        fc.integer({ min: -6, max: 9 }),
        (values, written, unitExp) => {
          const index = new ValueIndex(values);
          const expected = values.some((v) => roundsTo(v, written, unitExp));
          expect(index.hasRoundingTo(written, unitExp)).toBe(expected);
        },
      ),
    );
  });

  it('finds values at the edges of the half unit', () => {
    const index = new ValueIndex([
      { coef: 52306n, exp: -2 },
      { coef: 1n, exp: 300 },
    ]);
    expect(index.hasRoundingTo({ coef: 5231n, exp: -1 }, -1)).toBe(true);
    expect(index.hasRoundingTo({ coef: 52360n, exp: -2 }, -2)).toBe(false);
    expect(index.hasRoundingTo({ coef: 1n, exp: 300 }, 300)).toBe(true);
    expect(new ValueIndex([]).hasRoundingTo({ coef: 1n, exp: 0 }, 0)).toBe(false);
  });
});
