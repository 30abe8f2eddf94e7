import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SuffixAutomaton } from '../src/suffix-automaton.js';

function naiveContains(haystack: readonly number[], needle: readonly number[]): boolean {
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((symbol, k) => haystack[i + k] === symbol)) return true;
  }
  return false;
}

describe('SuffixAutomaton', () => {
  it('contains exactly the contiguous subsequences of what was appended', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 6 }),
        (haystack, needle) => {
          const automaton = new SuffixAutomaton();
          for (const symbol of haystack) automaton.extend(symbol);
          expect(automaton.contains(needle)).toBe(naiveContains(haystack, needle));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('does not match across a separator', () => {
    const automaton = new SuffixAutomaton();
    for (const symbol of [1, 2, -1, 3, 4]) automaton.extend(symbol);
    expect(automaton.contains([2, 3])).toBe(false);
    expect(automaton.contains([3, 4])).toBe(true);
  });
});
