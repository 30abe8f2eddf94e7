import { describe, expect, it } from 'vitest';
import { compareAny, type TableLike } from '../src/index.js';

const t = (columns: readonly string[], rows: readonly (readonly unknown[])[]): TableLike => ({
  columns,
  rows,
});

// Spec 000, "Alternative answers".
describe('compareAny', () => {
  const topCustomers = t(
    ['FirstName', 'LastName', 'spend'],
    [
      ['Helena', 'Holý', 49.62],
      ['Richard', 'Cunningham', 47.62],
    ],
  );
  const fullName = t(
    ['name', 'spend'],
    [
      ['Helena Holý', 49.62],
      ['Richard Cunningham', 47.62],
    ],
  );

  it('"top 5 customers by total spend" is answered with the name in one column as with FirstName and LastName', () => {
    const run = t(
      ['customer', 'total'],
      [
        ['Helena Holý', 49.62],
        ['Richard Cunningham', 47.62],
      ],
    );
    const v = compareAny([topCustomers, fullName], run);
    expect(v).toMatchObject({ pass: true, matchedGold: 1 });
    expect(v.attempts).toHaveLength(2);
    expect(v.attempts[0]?.pass).toBe(false);
  });

  it('"total revenue per year" is answered with the year written 2009 or 2009-01-01', () => {
    const gold = t(['year', 'revenue'], [['2009', 449.46]]);
    const alt = t(['year', 'revenue'], [['2009-01-01', 449.46]]);
    expect(compareAny([gold, alt], t(['y', 'r'], [['2009-01-01', 449.46]])).matchedGold).toBe(1);
    expect(compareAny([gold, alt], t(['y', 'r'], [['2009', 449.46]])).matchedGold).toBe(0);
  });

  it('stops at the first gold that matches', () => {
    const v = compareAny([fullName, fullName], fullName);
    expect(v.matchedGold).toBe(0);
    expect(v.attempts).toHaveLength(1);
  });

  it('on failure carries the primary gold reason and every attempt', () => {
    const v = compareAny([topCustomers, fullName], t(['x'], [[1]]));
    expect(v).toMatchObject({ pass: false, matchedGold: null, reason: { code: 'column_count' } });
    expect(v.attempts.map((a) => a.reason?.code)).toEqual(['column_count', 'column_count']);
  });

  it('applies the lenient score when asked', () => {
    const run = t(
      ['LastName', 'FirstName', 'spend'],
      [
        ['Holý', 'Helena', 49.62],
        ['Cunningham', 'Richard', 47.62],
      ],
    );
    expect(compareAny([topCustomers], run).pass).toBe(false);
    expect(compareAny([topCustomers], run, { score: 'lenient' })).toMatchObject({
      pass: true,
      score: 'lenient',
      matchedGold: 0,
      mapping: [1, 0, 2],
    });
  });

  it('flags an empty match from the gold that matched', () => {
    expect(compareAny([t(['a'], [])], t(['a'], []))).toMatchObject({
      pass: true,
      emptyMatch: true,
    });
  });

  it('throws a ComparatorError when given no gold', () => {
    expect(() => compareAny([], t(['a'], []))).toThrow(/at least one gold/);
  });

  it('gives the same verdicts whether a gold is proven identical or compared in full', () => {
    const result = t(
      ['b', 'a'],
      [
        ['y', 2],
        ['x', 1.5],
      ],
    );
    const near = t(
      ['a', 'b'],
      [
        [1.501, 'x'],
        [2, 'y'],
      ],
    ); // lenient only, within tolerance
    const exact = t(
      ['a', 'b'],
      [
        [1.5, 'x'],
        [2, 'y'],
      ],
    ); // lenient, identical cells
    const strictly = t(
      ['b', 'a'],
      [
        ['x', 1.5],
        ['y', 2],
      ],
    ); // strict, identical cells
    const lenient = compareAny([near, exact], result, { score: 'lenient' });
    expect(lenient).toMatchObject({ pass: true, matchedGold: 0, mapping: [1, 0] });
    expect(compareAny([exact], result, { score: 'lenient' })).toMatchObject({
      pass: true,
      matchedGold: 0,
      mapping: [1, 0],
    });
    const strict = compareAny([exact, near, strictly], result);
    expect(strict).toMatchObject({ pass: true, matchedGold: 2, mapping: [0, 1] });
    expect(strict.attempts.map((a) => a.reason?.code)).toEqual([
      'row_mismatch',
      'row_mismatch',
      undefined,
    ]);
  });
});
