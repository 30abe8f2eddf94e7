import { describe, expect, it } from 'vitest';
import { buildEvidence } from '../src/evidence.js';

const has = (
  index: { hasRoundingTo(d: { coef: bigint; exp: number }, u: number): boolean },
  v: string,
) => {
  const [coef, exp] = v.split('e');
  return index.hasRoundingTo({ coef: BigInt(coef!), exp: Number(exp) }, Number(exp));
};

describe('buildEvidence', () => {
  it('indexes numeric cells, the row count and numeric column sums', () => {
    const evidence = buildEvidence(
      {
        columns: ['a', 'b', 'c'],
        rows: [
          [1.5, 'x 7', 10n],
          [2.25, 'y', '20.5'],
          [null, 'z', 1],
        ],
      },
      'top 3?',
    );
    expect(has(evidence.values, '15e-1')).toBe(true);
    expect(has(evidence.values, '375e-2')).toBe(true); // 1.5 + 2.25 (the null is skipped)
    expect(has(evidence.values, '315e-1')).toBe(true); // 10 + 20.5 + 1
    expect(has(evidence.values, '3e0')).toBe(true); // the row count
    expect(has(evidence.values, '7e0')).toBe(false); // inside text: a text number, not a value
    expect(has(evidence.textNumbers, '7e0')).toBe(true);
    expect(has(evidence.textNumbers, '3e0')).toBe(true); // from the question
    expect(has(evidence.shares, '150e0')).toBe(true);
  });

  it('sums no column that holds text', () => {
    const evidence = buildEvidence({ columns: ['a'], rows: [[4], ['n/a'], [5]] }, '');
    expect(has(evidence.values, '9e0')).toBe(false);
  });
});
