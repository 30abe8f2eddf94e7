import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distill } from '../src/distill.js';

const killSets = fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 15 }), {
  maxLength: 12,
});

describe('distill', () => {
  it('keeps the original, respects the cap and covers exactly what it chose', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 10 }),
        killSets,
        fc.integer({ min: 0, max: 12 }),
        (originalKills, sets, cap) => {
          const candidates = new Map(sets.map((s, i) => [`c${i}`, new Set(s)]));
          const original = new Set(originalKills);
          const { chosen, gains, covered } = distill(original, candidates, cap);
          expect(chosen.length).toBeLessThanOrEqual(cap);
          expect(gains[0]).toEqual({ id: 'original', gain: original.size });
          const union = new Set([...original, ...chosen.flatMap((id) => [...candidates.get(id)!])]);
          expect([...covered].sort()).toEqual([...union].sort());
          // Every pick adds something new, and gains never grow (greedy takes the best first).
          for (let i = 1; i < gains.length; i += 1) {
            expect(gains[i]!.gain).toBeGreaterThan(0);
            if (i > 1) expect(gains[i]!.gain).toBeLessThanOrEqual(gains[i - 1]!.gain);
          }
        },
      ),
    );
  });

  it('covers everything the pool kills when the cap allows it', () => {
    fc.assert(
      fc.property(killSets, (sets) => {
        const candidates = new Map(sets.map((s, i) => [`c${i}`, new Set(s)]));
        const { covered } = distill(new Set(), candidates, sets.length);
        expect(covered).toEqual(new Set(sets.flat()));
      }),
    );
  });

  it('breaks ties by pool order, so the same matrix always gives the same suite', () => {
    const candidates = new Map([
      ['c0', new Set([1, 2])],
      ['c1', new Set([3, 4])],
      ['c2', new Set([1, 2, 3])],
    ]);
    expect(distill(new Set([9]), candidates, 10).chosen).toEqual(['c2', 'c1']);
    expect(distill(new Set([1, 2, 3]), candidates, 10).chosen).toEqual(['c1']);
    expect(distill(new Set(), candidates, 1).chosen).toEqual(['c2']);
  });
});
