import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CostCap } from '../src/index.js';

describe('CostCap', () => {
  it('always runs the first case, then stops when spent + the most expensive case could pass the cap', () => {
    const cap = new CostCap(1);
    expect(cap.allows(0)).toBe(true);
    cap.start();
    expect(cap.allows(1)).toBe(false); // nothing known until the first case finishes
    cap.finish(0.4);
    expect(cap.allows(0)).toBe(true); // 0.4 + 0.4 <= 1
    cap.start();
    cap.finish(0.3);
    expect(cap.allows(0)).toBe(false); // 0.7 + 0.4 > 1
    expect(cap.exhausted(0)).toBe(true);
  });

  it('reserves the most expensive case for each one in flight', () => {
    const cap = new CostCap(1);
    cap.start();
    cap.finish(0.2);
    expect(cap.allows(3)).toBe(true); // 0.2 + 4 x 0.2 = 1.0
    expect(cap.allows(4)).toBe(false);
  });

  it('has no limit without a cap and rejects a nonsense cap', () => {
    const cap = new CostCap(null);
    cap.start();
    expect(cap.allows(100)).toBe(true);
    expect(() => new CostCap(-1)).toThrow(RangeError);
  });

  it('run one at a time, the total passes the cap only by what one case costs more than the most expensive before it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 1, maxLength: 40 }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        (costs, max) => {
          const cap = new CostCap(max);
          let spent = 0;
          let before = 0;
          let allowed = 0;
          for (const cost of costs) {
            if (!cap.allows(0)) break;
            cap.start();
            const overshootBound = max + Math.max(0, cost - before);
            spent += cost;
            cap.finish(cost);
            allowed++;
            // The first case always runs; after it the total stays within the spec's bound.
            if (allowed > 1) expect(spent).toBeLessThanOrEqual(overshootBound + 1e-9);
            before = Math.max(before, cost);
          }
          expect(allowed).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
});
