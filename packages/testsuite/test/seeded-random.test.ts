import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveSeed, SeededRandom } from '../src/seeded-random.js';

describe('SeededRandom', () => {
  it('repeats its draws for a seed and stays in range', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -50, max: 50 }),
        fc.nat(100),
        (seed, from, width) => {
          const a = new SeededRandom(seed);
          const b = new SeededRandom(seed);
          for (let i = 0; i < 20; i += 1) {
            const x = a.int(from, from + width);
            expect(b.int(from, from + width)).toBe(x);
            expect(x).toBeGreaterThanOrEqual(from);
            expect(x).toBeLessThanOrEqual(from + width);
          }
        },
      ),
    );
  });

  it('decorrelates nearby seeds', () => {
    const first = Array.from({ length: 50 }, (_, i) => new SeededRandom(1000 + i).float());
    expect(new Set(first.map((x) => x < 0.25)).size).toBe(2);
  });

  it('derives seeds from labels deterministically', () => {
    expect(deriveSeed(1, 'variant', 3)).toBe(deriveSeed(1, 'variant', 3));
    expect(deriveSeed(1, 'variant', 3)).not.toBe(deriveSeed(1, 'variant', 4));
    expect(deriveSeed(1, 'variant', 3)).not.toBe(deriveSeed(2, 'variant', 3));
  });
});
