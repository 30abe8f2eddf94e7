import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identicalColumnsMapping, identicalRowsMatch } from '../src/identical-rows.js';
import { compareLenient, compareStrict, type TableLike } from '../src/index.js';
import { lenientVerdict } from '../src/lenient.js';
import { prepareTable } from '../src/prepared-table.js';
import { strictVerdict } from '../src/strict.js';

const t = (rows: readonly (readonly unknown[])[]): TableLike => ({
  columns: (rows[0] ?? []).map((_, j) => `c${j}`),
  rows,
});
const ids = (w: number) => Array.from({ length: w }, (_, j) => j);
const same = (g: TableLike, r: TableLike, orderMatters = false) => {
  const w = (g.rows[0] ?? []).length;
  return identicalRowsMatch(g, r, ids(w), ids(w), orderMatters);
};

describe('identicalRowsMatch: a proof of a match, never of a mismatch', () => {
  it('pairs shuffled identical rows, duplicates included', () => {
    const g = t([
      [1, 'a'],
      [2, 'b'],
      [1, 'a'],
      [3, null],
    ]);
    const r = t([
      [3, null],
      [1, 'a'],
      [2, 'b'],
      [1, 'a'],
    ]);
    expect(same(g, r)).toBe(true);
    expect(
      same(
        g,
        t([
          [3, null],
          [1, 'a'],
          [2, 'b'],
          [2, 'b'],
        ]),
      ),
    ).toBe(false);
  });

  it('numeric columns hash alone, so rows differing only in a string are still told apart', () => {
    const g = t([
      [1, 'x'],
      [1, 'y'],
      [2, 'x'],
    ]);
    expect(
      same(
        g,
        t([
          [1, 'y'],
          [2, 'x'],
          [1, 'x'],
        ]),
      ),
    ).toBe(true);
    expect(
      same(
        g,
        t([
          [1, 'y'],
          [2, 'x'],
          [1, 'z'],
        ]),
      ),
    ).toBe(false);
  });

  it('falls back to hashing every column when the numeric ones repeat (no quadratic walk)', () => {
    const n = 5000;
    const g = t(Array.from({ length: n }, (_, i) => [7, `s${i}`]));
    const r = t(Array.from({ length: n }, (_, i) => [7, `s${n - 1 - i}`]));
    expect(same(g, r)).toBe(true);
    const bad = t(Array.from({ length: n }, (_, i) => [7, `s${i === 0 ? 'x' : i}`]));
    expect(same(g, bad)).toBe(false);
  });

  it('proves nothing for values equal only under the value rules', () => {
    expect(same(t([[1.5]]), t([['1.5']]))).toBe(false);
    expect(same(t([[1]]), t([[1.001]]))).toBe(false);
    expect(same(t([[Number.NaN]]), t([[Number.NaN]]))).toBe(false);
    expect(same(t([[new Uint8Array([1])]]), t([[new Uint8Array([1])]]))).toBe(false);
    expect(same(t([[null]]), t([[undefined]]))).toBe(false);
    // ...but the full comparison still passes them.
    expect(compareStrict(t([[1.5], [Number.NaN]]), t([[Number.NaN], ['1.5']])).pass).toBe(true);
  });

  it('treats 0 and -0, and equal bigints, as identical', () => {
    expect(same(t([[0, 10n]]), t([[-0, 10n]]))).toBe(true);
  });

  it('respects the column mapping, and row order when it matters', () => {
    const g = t([
      [1, 'a'],
      [2, 'b'],
    ]);
    const r = t([
      ['a', 1],
      ['b', 2],
    ]);
    expect(identicalRowsMatch(g, r, [0, 1], [1, 0], true)).toBe(true);
    expect(
      identicalRowsMatch(
        g,
        t([
          ['b', 2],
          ['a', 1],
        ]),
        [0, 1],
        [1, 0],
        true,
      ),
    ).toBe(false);
    expect(
      identicalRowsMatch(
        g,
        t([
          ['b', 2],
          ['a', 1],
        ]),
        [0, 1],
        [1, 0],
        false,
      ),
    ).toBe(true);
  });

  it('leaves empty tables, unequal heights and rows that are not arrays to the full comparison', () => {
    expect(same(t([]), t([]))).toBe(false);
    expect(same(t([[1]]), t([[1], [1]]))).toBe(false);
    const odd = { columns: ['a'], rows: [[1], 'x'] } as unknown as TableLike;
    expect(identicalRowsMatch(odd, odd, [0], [0], false)).toBe(false);
  });

  it('property: compareStrict gives the verdict of the full comparison', () => {
    const cell = fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom(0.5, 1.004, -0, Number.NaN, '1', '1.0', 'a', 'b', null, true, 2n),
    );
    const table = fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { maxLength: 8 });
    fc.assert(
      fc.property(table, table, fc.boolean(), (a, b, orderMatters) => {
        const g = { columns: ['x', 'y'], rows: a };
        const r = { columns: ['x', 'y'], rows: b };
        const full = strictVerdict(
          prepareTable(g),
          prepareTable(r),
          orderMatters,
          0.005,
          'strict',
          true,
          false,
        );
        expect(compareStrict(g, r, { orderMatters })).toEqual(full);
        // A reversed copy of the gold is proven identical (NaN is never === itself).
        const reversed = { columns: ['x', 'y'], rows: [...a].reverse() };
        const hasNaN = a.some((row) => row.some((v) => Number.isNaN(v)));
        if (a.length > 0 && !hasNaN) expect(same(g, reversed)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('identicalColumnsMapping: lenient proof for permuted identical columns', () => {
  it('finds the permutation, with twin columns tried in order', () => {
    const g = t([
      [1, 'x', 'x', 2.5],
      [2, 'y', 'y', 3.5],
      [3, 'z', 'z', 4.5],
    ]);
    const r = t([
      ['y', 3.5, 2, 'y'],
      ['x', 2.5, 1, 'x'],
      ['z', 4.5, 3, 'z'],
    ]);
    expect(identicalColumnsMapping(g, r, 4, false)).toEqual([2, 0, 3, 1]);
    expect(identicalColumnsMapping(g, r, 4, true)).toBeNull();
  });

  it('rows holding the same values in other columns collide but are told apart', () => {
    const g = t([
      [1, 2],
      [2, 1],
      [3, 3],
    ]);
    expect(
      identicalColumnsMapping(
        g,
        t([
          [2, 1],
          [3, 3],
          [1, 2],
        ]),
        2,
        false,
      ),
    ).toEqual([0, 1]);
    // Column multisets agree, rows do not: not proven.
    expect(
      identicalColumnsMapping(
        g,
        t([
          [1, 1],
          [2, 2],
          [3, 3],
        ]),
        2,
        false,
      ),
    ).toBeNull();
  });

  it('pairs thousands of duplicate rows under a swapped mapping', () => {
    const n = 20000;
    const g = t(Array.from({ length: n }, () => [1, 2]));
    const r = t(Array.from({ length: n }, () => [2, 1]));
    expect(identicalColumnsMapping(g, r, 2, false)).toEqual([1, 0]);
    expect(compareLenient(g, r)).toMatchObject({ pass: true, mapping: [1, 0] });
  });

  it('leaves a result with values no gold row holds to the full search', () => {
    const g = t([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(
      identicalColumnsMapping(
        g,
        t([
          ['a', 1],
          ['c', 2],
        ]),
        2,
        false,
      ),
    ).toBeNull();
    expect(
      identicalColumnsMapping(
        g,
        t([
          ['a', 1.004],
          ['b', 2],
        ]),
        2,
        false,
      ),
    ).toBeNull();
    expect(
      compareLenient(
        g,
        t([
          ['a', 1.004],
          ['b', 2],
        ]),
      ),
    ).toMatchObject({
      pass: true,
      mapping: [1, 0],
    });
  });

  it('property: compareLenient gives the pass of the full search on permuted columns', () => {
    const cell = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b', 1.5, null));
    const rows = fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 6 });
    fc.assert(
      fc.property(rows, fc.constantFrom([0, 1, 2], [2, 0, 1], [1, 2, 0], [0, 2, 1]), (a, perm) => {
        const g = { columns: ['x', 'y', 'z'], rows: a };
        const r = {
          columns: ['x', 'y', 'z'],
          rows: [...a].reverse().map((row) => perm.map((j) => row[j])),
        };
        const full = lenientVerdict(prepareTable(g), prepareTable(r), false, 0.005);
        const fast = compareLenient(g, r);
        expect(fast.pass).toBe(full.pass);
        if (fast.pass) {
          // The reported mapping lines the rows up: reordered by it, the result passes strict.
          const m = fast.mapping ?? [];
          const back = { columns: g.columns, rows: r.rows.map((row) => m.map((j) => row[j])) };
          expect(compareStrict(g, back).pass).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the fast proofs agree with the full comparison on dates and midnight timestamps', () => {
  const cell = fc.oneof(
    fc.constantFrom(
      '1962-02-18',
      '1962-02-18 00:00:00',
      '1962-02-18T00:00:00Z',
      '1962-02-18 00:00:01',
      '1962-02-19',
      '1962-02',
      '1962',
      null,
    ),
    fc.integer({ min: 0, max: 2 }),
  );
  const rows = fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { maxLength: 6 });
  it('property: compareStrict and compareLenient give the verdicts of strictVerdict and lenientVerdict', () => {
    fc.assert(
      fc.property(rows, rows, fc.boolean(), fc.boolean(), (a, b, orderMatters, swap) => {
        const g = { columns: ['x', 'y'], rows: a };
        // Half the time the result is the gold's own rows reversed, with columns swapped.
        const r = {
          columns: ['x', 'y'],
          rows: swap ? [...a].reverse().map(([x, y]) => [y, x]) : b,
        };
        const fullStrict = strictVerdict(
          prepareTable(g),
          prepareTable(r),
          orderMatters,
          0.005,
          'strict',
          true,
          false,
        );
        expect(compareStrict(g, r, { orderMatters })).toEqual(fullStrict);
        const fullLenient = lenientVerdict(prepareTable(g), prepareTable(r), orderMatters, 0.005);
        const fast = compareLenient(g, r, { orderMatters });
        expect(fast.pass).toBe(fullLenient.pass);
        if (!fast.pass) expect(fast).toEqual(fullLenient);
      }),
      { numRuns: 500 },
    );
  });
});
