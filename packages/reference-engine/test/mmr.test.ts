import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mmr } from '../src/mmr.js';

describe('mmr', () => {
  it('picks min(k, n) distinct indices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 25 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (relevance, k, lambda) => {
          const picked = mmr(relevance, (i, j) => (i % 3 === j % 3 ? 1 : 0), { k, lambda });
          expect(picked).toHaveLength(Math.min(k, relevance.length));
          expect(new Set(picked).size).toBe(picked.length);
          for (const i of picked) expect(i).toBeLessThan(relevance.length);
        },
      ),
    );
  });

  it('with lambda 1 is a plain ranking by relevance (ties to the lower index)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 15 }),
        (rel) => {
          const picked = mmr(rel, () => 1, { k: rel.length, lambda: 1 });
          const expected = rel
            .map((_, i) => i)
            .sort((a, b) => (rel[b] ?? 0) - (rel[a] ?? 0) || a - b);
          expect(picked).toEqual(expected);
        },
      ),
    );
  });

  it('prefers a diverse item over a near-duplicate of the first pick', () => {
    // 0 and 1 are near-copies; 2 is slightly less relevant but different.
    const sim = (i: number, j: number) => ((i < 2 && j < 2) || i === j ? 1 : 0);
    expect(mmr([1, 0.95, 0.8], sim, { k: 2, lambda: 0.7 })).toEqual([0, 2]);
    expect(mmr([1, 0.95, 0.8], sim, { k: 2, lambda: 1 })).toEqual([0, 1]);
  });
});
