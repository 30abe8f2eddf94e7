import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameAnswer } from '../src/same-answer.js';

const table = fc.integer({ min: 1, max: 4 }).chain((width) =>
  fc.record({
    columns: fc.constant(Array.from({ length: width }, (_, i) => `c${i}`)),
    rows: fc.array(
      fc.array(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom('a', 'b', null)), {
        minLength: width,
        maxLength: width,
      }),
      { maxLength: 6 },
    ),
  }),
);

describe('sameAnswer', () => {
  it('ignores column order and names, and row order unless it matters (property)', () => {
    fc.assert(
      fc.property(table, fc.infiniteStream(fc.nat()), (t, randoms) => {
        const width = t.columns.length;
        const perm = [...Array(width).keys()].sort(() => (randoms.next().value % 3) - 1);
        const permuted = {
          columns: perm.map((i) => `renamed_${i}`),
          rows: [...t.rows].reverse().map((r) => perm.map((i) => r[i])),
        };
        expect(sameAnswer(t, permuted, false).same).toBe(true);
      }),
    );
  });

  it('tells apart a different width, a different row and a different order when order matters', () => {
    const gold = {
      columns: ['a', 'b'],
      rows: [
        [1, 'x'],
        [2, 'y'],
      ],
    };
    expect(sameAnswer(gold, { columns: ['a'], rows: [[1], [2]] }, false)).toEqual({
      same: false,
      detail: 'gold has 2 columns, candidate 1',
    });
    expect(
      sameAnswer(
        gold,
        {
          columns: ['a', 'b'],
          rows: [
            [1, 'x'],
            [3, 'y'],
          ],
        },
        false,
      ).same,
    ).toBe(false);
    const swapped = {
      columns: ['a', 'b'],
      rows: [
        [2, 'y'],
        [1, 'x'],
      ],
    };
    expect(sameAnswer(gold, swapped, false).same).toBe(true);
    expect(sameAnswer(gold, swapped, true).same).toBe(false);
    expect(sameAnswer(gold, { columns: ['a', 'b'], rows: [[1, 'x']] }, false).detail).toMatch(
      /row count/,
    );
  });

  it('counts duplicates and reads numbers within the comparator tolerance', () => {
    const gold = { columns: ['n'], rows: [[1], [1]] };
    expect(sameAnswer(gold, { columns: ['n'], rows: [[1]] }, false).same).toBe(false);
    expect(
      sameAnswer({ columns: ['x'], rows: [[4.7]] }, { columns: ['x'], rows: [[4.7001]] }, false)
        .same,
    ).toBe(true);
    expect(
      sameAnswer({ columns: ['x'], rows: [[2021]] }, { columns: ['y'], rows: [['2021']] }, false)
        .same,
    ).toBe(true);
  });
});
