import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trimOutliers } from '../src/index.js';

describe('trimOutliers (BIRD clean_abnormal)', () => {
  it('drops values at or beyond 3 population standard deviations, keeps the rest in order', () => {
    const values = [...Array(19).fill(1), 50];
    const r = trimOutliers(values);
    expect(r.dropped).toEqual([19]);
    expect(r.kept).toEqual(Array(19).fill(1));
    expect(r.mean).toBeCloseTo(69 / 20, 12);
  });

  it('keeps every value when all are equal (BIRD keeps none there and divides by zero)', () => {
    expect(trimOutliers([2, 2, 2])).toEqual({ kept: [2, 2, 2], dropped: [], mean: 2, sd: 0 });
  });

  it('with 9 values or fewer nothing is ever dropped: |z| <= sqrt(n - 1) < 3', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 100, noNaN: true }), { minLength: 1, maxLength: 9 }),
        (values) => {
          expect(trimOutliers(values).dropped).toEqual([]);
        },
      ),
      { seed: 16 },
    );
  });

  it('kept and dropped partition the input; everything kept is inside the bound; above 1 sd something is kept (Chebyshev)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.001, max: 1000, noNaN: true }), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.double({ min: 1.0001, max: 4, noNaN: true }),
        (values, sigmas) => {
          const r = trimOutliers(values, sigmas);
          expect(r.kept.length + r.dropped.length).toBe(values.length);
          const keptIdx = values.map((_, i) => i).filter((i) => !r.dropped.includes(i));
          expect(keptIdx.map((i) => values[i])).toEqual(r.kept);
          if (r.sd > 0) {
            for (const v of r.kept) expect(Math.abs(v - r.mean)).toBeLessThan(sigmas * r.sd);
            for (const i of r.dropped)
              expect(Math.abs(values[i]! - r.mean)).toBeGreaterThanOrEqual(sigmas * r.sd);
          }
          expect(r.kept.length).toBeGreaterThan(0);
        },
      ),
      { seed: 16 },
    );
  });
});
