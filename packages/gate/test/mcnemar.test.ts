import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GateInputError, mcnemarExact } from '../src/index.js';
import { mcnemarReference } from './reference.js';

describe('mcnemarExact', () => {
  it('gives the spec figures: ten lost and none gained is p = 0.002; five each way is 1.0', () => {
    expect(mcnemarExact(10, 0).toFixed(3)).toBe('0.002');
    expect(mcnemarExact(10, 0)).toBe(2 / 1024);
    expect(mcnemarExact(5, 5)).toBe(1);
  });

  it('is 1 with no flips and with one flip', () => {
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(1, 0)).toBe(1);
  });

  it('matches exact BigInt binomial sums', () => {
    const table: [number, number][] = [
      [2, 0],
      [3, 0],
      [6, 0],
      [6, 1],
      [7, 2],
      [8, 3],
      [12, 4],
      [20, 9],
      [30, 12],
      [45, 30],
      [100, 70],
      [500, 430],
      [1200, 1000],

      [3000, 2600],
    ];
    for (const [lost, gained] of table) {
      const expected = mcnemarReference(lost, gained);
      expect(Math.abs(mcnemarExact(lost, gained) - expected) / expected).toBeLessThan(1e-10);
    }
  });

  it('survives where 2^-n underflows (more than 1074 flips)', () => {
    const p = mcnemarExact(1500, 0);
    expect(p).toBe(0); // 2^-1499 is below the smallest double: the honest answer is 0
    const q = mcnemarExact(1100, 900);
    expect(q).toBeGreaterThan(0);
    expect(q).toBeLessThan(1e-5);
  });

  it('rejects negative and fractional counts', () => {
    expect(() => mcnemarExact(-1, 0)).toThrow(GateInputError);
    expect(() => mcnemarExact(1, 0.5)).toThrow(/gained must be a non-negative integer/);
  });

  it('is symmetric in lost and gained, in (0, 1], and falls as the split grows lopsided', () => {
    const count = fc.integer({ min: 0, max: 400 });
    fc.assert(
      fc.property(count, count, (lost, gained) => {
        const p = mcnemarExact(lost, gained);
        expect(mcnemarExact(gained, lost)).toBe(p);
        expect(p).toBeGreaterThan(0);
        expect(p).toBeLessThanOrEqual(1);
        if (lost >= gained) expect(mcnemarExact(lost + 1, gained)).toBeLessThanOrEqual(p);
      }),
    );
  });
});
