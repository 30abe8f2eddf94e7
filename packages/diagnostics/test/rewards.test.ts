import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RVES_BUCKETS, rvesReward, vesReward } from '../src/index.js';

describe('rvesReward (BIRD Mini-Dev buckets)', () => {
  it('each bucket at and just below its boundary', () => {
    const cases: [number, number][] = [
      [10, 1.25],
      [2, 1.25],
      [1.999, 1],
      [1, 1],
      [0.999, 0.75],
      [0.5, 0.75],
      [0.4999, 0.5],
      [0.25, 0.5],
      [0.2499, 0.25],
      [1e-9, 0.25],
      [0, 0],
      [-1, 0],
      [Number.NaN, 0],
    ];
    for (const [ratio, reward] of cases)
      expect([ratio, rvesReward(ratio)]).toEqual([ratio, reward]);
    expect(RVES_BUCKETS.map((b) => b.reward)).toEqual([1.25, 1, 0.75, 0.5, 0.25]);
  });

  it('never decreases as the prediction gets faster, and stays within [0.25, 1.25] for a measured ratio', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(rvesReward(lo)).toBeLessThanOrEqual(rvesReward(hi));
          expect(rvesReward(lo)).toBeGreaterThanOrEqual(0.25);
          expect(vesReward(lo)).toBeLessThanOrEqual(vesReward(hi));
        },
      ),
      { seed: 16 },
    );
  });

  it('VES reward is sqrt(time_gold / time_pred)', () => {
    expect(vesReward(4)).toBe(2);
    expect(vesReward(0.25)).toBe(0.5);
    expect(vesReward(0)).toBe(0);
  });
});
