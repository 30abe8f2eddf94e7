import { describe, expect, it } from 'vitest';
import { explainDifference, TOLERATED_DIFFERENCES } from '../src/index.js';

describe('explainDifference', () => {
  it('calls identical rows the same, and reordered rows the same when order does not matter', () => {
    expect(explainDifference([[1, 'a']], [[1, 'a']], true)).toBe('same');
    expect(explainDifference([[1], [2]], [[2], [1]], false)).toBe('same');
  });

  it('calls rows the same when they differ only within the tie groups of the gold ORDER BY', () => {
    const sqlite = [
      [7, 'Ada'],
      [5, 'Bob'],
      [5, 'Cyd'],
    ];
    const tied = [
      [7, 'Ada'],
      [5, 'Cyd'],
      [5, 'Bob'],
    ];
    expect(explainDifference(sqlite, tied, true)).toBe('collation');
    expect(explainDifference(sqlite, tied, true, { groups: [1, 2] })).toBe('same');
    expect(explainDifference(sqlite, tied, true, { groups: [2, 1] })).toBe('collation');
    // A LIMIT through the tie: another row of the whole group is the same answer.
    const cut = {
      groups: [1, 2],
      boundary_rows: [
        [5, 'Bob'],
        [5, 'Cyd'],
        [5, 'Dee'],
      ],
    };
    expect(
      explainDifference(
        sqlite,
        [
          [7, 'Ada'],
          [5, 'Dee'],
          [5, 'Bob'],
        ],
        true,
        cut,
      ),
    ).toBe('same');
    expect(
      explainDifference(
        sqlite,
        [
          [7, 'Ada'],
          [5, 'Dee'],
          [5, 'Dee'],
        ],
        true,
        cut,
      ),
    ).toBe('different rows');
  });

  it('names NULL ordering and collation for reordered rows when order matters', () => {
    expect(explainDifference([[null], ['a']], [['a'], [null]], true)).toBe('null ordering');
    expect(explainDifference([['a'], ['B']], [['B'], ['a']], true)).toBe('collation');
  });

  it('names float formatting, integer division and value types', () => {
    expect(explainDifference([[2328.6000000000004]], [[2328.6]], true)).toBe('float formatting');
    expect(explainDifference([[5, 'x']], [[5.73, 'x']], true)).toBe('integer division');
    expect(explainDifference([['2021']], [[2021]], true)).toBe('value types');
  });

  it('explains a numeric difference in rows that also come back in another order', () => {
    expect(
      explainDifference(
        [
          [1, 'a'],
          [2, 'b'],
        ],
        [
          [2.5, 'b'],
          [1, 'a'],
        ],
        false,
      ),
    ).toBe('integer division');
  });

  it('calls anything else different rows, including two kinds at once', () => {
    expect(explainDifference([[1]], [[1], [2]], false)).toBe('different rows');
    expect(explainDifference([[1]], [[3]], false)).toBe('different rows');
    expect(explainDifference([[5, 1.0001]], [[5.5, 1]], true)).toBe('different rows');
    expect(explainDifference([[null]], [['x']], true)).toBe('different rows');
  });

  it('tolerates only what the scoring comparator absorbs', () => {
    expect([...TOLERATED_DIFFERENCES].sort()).toEqual(['float formatting', 'same']);
  });
});
