import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentile } from '../src/index.js';

describe('percentile (nearest rank)', () => {
  it('gives values that occurred', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 95)).toBe(5);
    expect(percentile([], 50)).toBe(0);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it('is a member of the list, monotone in p, and between min and max', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (values, p, q) => {
          const [lo, hi] = p <= q ? [p, q] : [q, p];
          expect(values).toContain(percentile(values, lo));
          expect(percentile(values, lo)).toBeLessThanOrEqual(percentile(values, hi));
          expect(percentile(values, 100)).toBe(Math.max(...values));
        },
      ),
    );
  });
});
