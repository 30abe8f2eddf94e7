import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clopperPearson, GateInputError, wilson } from '../src/index.js';
import { countsArb, INTERVAL_CASES, levelArb } from './interval-table.js';
import { clopperPearsonReference } from './reference.js';

describe('clopperPearson', () => {
  it('on 27 of 47 is wider than Wilson on both sides', () => {
    const exact = clopperPearson(27, 47);
    const score = wilson(27, 47);
    expect(exact.estimate).toBe(27 / 47);
    expect(exact.lower).toBeLessThan(score.lower);
    expect(exact.upper).toBeGreaterThan(score.upper);
  });

  it('at k = 0 is [0, 1 - (alpha/2)^(1/n)] and at k = n is [(alpha/2)^(1/n), 1]', () => {
    for (const n of [1, 2, 10, 47, 1000]) {
      const none = clopperPearson(0, n);
      const all = clopperPearson(n, n);
      expect(none.lower).toBe(0);
      expect(none.upper).toBeCloseTo(1 - 0.025 ** (1 / n), 10);
      expect(all.upper).toBe(1);
      expect(all.lower).toBeCloseTo(0.025 ** (1 / n), 10);
    }
  });

  it('rejects n = 0 and impossible counts with a clear error', () => {
    expect(() => clopperPearson(0, 0)).toThrow(GateInputError);
    expect(() => clopperPearson(0, 0)).toThrow(/clopperPearson: n must be a positive integer/);
    expect(() => clopperPearson(3, 2)).toThrow(/k must be an integer from 0 to n = 2/);
    expect(() => clopperPearson(1, 2, 1.5)).toThrow(/level must be strictly between 0 and 1/);
  });

  it.each(INTERVAL_CASES)(
    'matches bisection on the exact binomial tails for k = %i, n = %i, level %f',
    (k, n, level) => {
      const [lower, upper] = clopperPearsonReference(k, n, level);
      const interval = clopperPearson(k, n, level);
      expect(Math.abs(interval.lower - lower)).toBeLessThan(1e-9);
      expect(Math.abs(interval.upper - upper)).toBeLessThan(1e-9);
    },
  );

  it('contains k/n and stays inside [0, 1]', () => {
    fc.assert(
      fc.property(countsArb, levelArb, ([k, n], level) => {
        const { lower, upper, estimate } = clopperPearson(k, n, level);
        expect(0 <= lower && lower <= estimate && estimate <= upper && upper <= 1).toBe(true);
      }),
    );
  });

  it('widens as the level rises', () => {
    fc.assert(
      fc.property(countsArb, levelArb, levelArb, ([k, n], a, b) => {
        fc.pre(a !== b);
        const narrow = clopperPearson(k, n, Math.min(a, b));
        const wide = clopperPearson(k, n, Math.max(a, b));
        // Allow float noise of the quantile inversions when the two levels nearly coincide.
        expect(wide.lower).toBeLessThanOrEqual(narrow.lower + 1e-12);
        expect(wide.upper).toBeGreaterThanOrEqual(narrow.upper - 1e-12);
      }),
    );
  });
});
