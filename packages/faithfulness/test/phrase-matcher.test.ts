import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhraseMatcher } from '../src/phrase-matcher.js';

function naiveOccurs(phrases: readonly (readonly number[])[], text: readonly number[]): boolean {
  return phrases.some(
    (phrase) =>
      phrase.length > 0 && text.some((_, i) => phrase.every((symbol, k) => text[i + k] === symbol)),
  );
}

describe('PhraseMatcher', () => {
  it('finds a phrase inside a sequence exactly when a naive search does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }), { maxLength: 8 }),
        fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 30 }),
        (phrases, text) => {
          const matcher = new PhraseMatcher();
          for (const phrase of phrases) matcher.add(phrase);
          expect(matcher.occursIn(text)).toBe(naiveOccurs(phrases, text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finds a short phrase hidden behind a failed longer one', () => {
    const matcher = new PhraseMatcher();
    matcher.add([1, 2, 3, 4]);
    matcher.add([2, 3, 5]);
    expect(matcher.occursIn([1, 2, 3, 5])).toBe(true);
    expect(matcher.occursIn([1, 2, 3])).toBe(false);
  });
});
