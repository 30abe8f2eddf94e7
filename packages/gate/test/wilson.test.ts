import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GateInputError, wilson } from '../src/index.js';
import { countsArb, INTERVAL_CASES, levelArb } from './interval-table.js';
import { normalUpperQuantile, wilsonReference } from './reference.js';

const percent = (x: number) => Math.round(x * 1000) / 10;

describe('wilson', () => {
  it('gives the spec figure: 27 of 47 is 57.4%, 95% Wilson 43.3%-70.5%', () => {
    const interval = wilson(27, 47);
    expect(percent(interval.estimate)).toBe(57.4);
    expect(percent(interval.lower)).toBe(43.3);
    expect(percent(interval.upper)).toBe(70.5);
    expect(interval).toMatchObject({ k: 27, n: 47, level: 0.95 });
  });

  it('gives the 004 figure: 68.8% [62.4, 74.5] on 221 Financials questions', () => {
    const interval = wilson(152, 221);
    expect([interval.estimate, interval.lower, interval.upper].map(percent)).toEqual([
      68.8, 62.4, 74.5,
    ]);
  });

  it('at k = 0 starts at exactly 0 and ends at z^2 / (n + z^2)', () => {
    const z = normalUpperQuantile(0.025);
    const interval = wilson(0, 20);
    expect(interval.lower).toBe(0);
    expect(interval.upper).toBeCloseTo((z * z) / (20 + z * z), 12);
  });

  it('at k = n ends at exactly 1 and mirrors k = 0', () => {
    const full = wilson(20, 20);
    const none = wilson(0, 20);
    expect(full.upper).toBe(1);
    expect(full.lower).toBeCloseTo(1 - none.upper, 14);
  });

  it('rejects n = 0 with a clear error', () => {
    expect(() => wilson(0, 0)).toThrow(GateInputError);
    expect(() => wilson(0, 0)).toThrow(/n must be a positive integer.*got 0/);
    try {
      wilson(0, 0);
    } catch (error) {
      expect((error as GateInputError).code).toBe('INVALID_COUNTS');
    }
  });

  it('rejects k outside 0..n, fractional counts and levels outside (0, 1)', () => {
    expect(() => wilson(5, 4)).toThrow(
      /k must be an integer from 0 to n = 4 \(the runs that passed\), got 5/,
    );
    expect(() => wilson(-1, 4)).toThrow(GateInputError);
    expect(() => wilson(1.5, 4)).toThrow(GateInputError);
    expect(() => wilson(1, 4.5)).toThrow(GateInputError);
    expect(() => wilson(1, 4, 1)).toThrow(/level must be strictly between 0 and 1/);
    expect(() => wilson(1, 4, 0)).toThrow(GateInputError);
    expect(() => wilson(1, 4, Number.NaN)).toThrow(GateInputError);
  });

  it.each(INTERVAL_CASES)(
    'matches the score-test quadratic for k = %i, n = %i, level %f',
    (k, n, level) => {
      const [lower, upper] = wilsonReference(k, n, level);
      const interval = wilson(k, n, level);
      expect(Math.abs(interval.lower - lower)).toBeLessThan(1e-11);
      expect(Math.abs(interval.upper - upper)).toBeLessThan(1e-11);
    },
  );

  it('contains k/n and stays inside [0, 1]', () => {
    fc.assert(
      fc.property(countsArb, levelArb, ([k, n], level) => {
        const { lower, upper, estimate } = wilson(k, n, level);
        expect(0 <= lower && lower <= estimate && estimate <= upper && upper <= 1).toBe(true);
      }),
    );
  });

  it('widens as the level rises', () => {
    fc.assert(
      fc.property(countsArb, levelArb, levelArb, ([k, n], a, b) => {
        fc.pre(a !== b);
        const narrow = wilson(k, n, Math.min(a, b));
        const wide = wilson(k, n, Math.max(a, b));
        // Allow float noise of the quantile inversions when the two levels nearly coincide.
        expect(wide.lower).toBeLessThanOrEqual(narrow.lower + 1e-12);
        expect(wide.upper).toBeGreaterThanOrEqual(narrow.upper - 1e-12);
      }),
    );
  });
});
