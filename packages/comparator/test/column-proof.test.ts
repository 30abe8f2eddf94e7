import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isConstantColumn } from '../src/column-assignment.js';
import { proveColumnsMatch } from '../src/column-proof.js';
import { compareLenient, compareStrict, type TableLike } from '../src/index.js';
import { lenientVerdict } from '../src/lenient.js';
import { prepareTable } from '../src/prepared-table.js';
import { strictVerdict } from '../src/strict.js';
import { specRules } from '../src/value-rules.js';

const LENIENT = specRules(0.005, true);

const t = (rows: readonly (readonly unknown[])[]): TableLike => ({
  columns: (rows[0] ?? []).map((_, j) => `c${j}`),
  rows,
});
const mapping = (g: TableLike, r: TableLike, orderMatters = false) =>
  proveColumnsMatch(
    g,
    r,
    (g.rows[0] ?? []).length,
    (r.rows[0] ?? []).length,
    LENIENT,
    orderMatters,
  );

describe('proveColumnsMatch: lenient proof for permuted columns', () => {
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
    expect(mapping(g, r)).toEqual([2, 0, 3, 1]);
    expect(mapping(g, r, true)).toBeNull();
  });

  it('tries the identity first, as lenient tries strict first', () => {
    const g = t([
      [1, 1],
      [2, 2],
    ]);
    expect(mapping(g, t([...g.rows].reverse()))).toEqual([0, 1]);
  });

  it('rows holding the same values in other columns collide but are told apart', () => {
    const g = t([
      [1, 2],
      [2, 1],
      [3, 3],
    ]);
    const same = t([
      [2, 1],
      [3, 3],
      [1, 2],
    ]);
    expect(mapping(g, same)).toEqual([0, 1]);
    // Column multisets agree, rows do not: not proven.
    const other = t([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(mapping(g, other)).toBeNull();
  });

  it('pairs thousands of duplicate rows under a swapped mapping', () => {
    const n = 20000;
    const g = t(Array.from({ length: n }, () => [1, 2]));
    const r = t(Array.from({ length: n }, () => [2, 1]));
    expect(mapping(g, r)).toEqual([1, 0]);
    expect(compareLenient(g, r)).toMatchObject({ pass: true, mapping: [1, 0] });
  });

  it('proves permuted columns equal within tolerance, by spelling and by the date rules', () => {
    const g = t([
      [1, 'a', '2009', '1962-02-18 00:00:00'],
      [2, 'b', '2010', '1970-07-01 00:00:00'],
    ]);
    const r = t([
      ['1970-07-01', 'b', '2010-01-01', '2.004'],
      ['1962-02-18', 'a', '2009-01-01', 0.999],
    ]);
    expect(mapping(g, r)).toEqual([3, 1, 2, 0]);
    expect(compareLenient(g, r)).toMatchObject({ pass: true, mapping: [3, 1, 2, 0] });
  });

  it('proves a result with extra columns (a key beside the answer), within tolerance', () => {
    const g = t([
      ['Rock', 1297.5],
      ['Jazz', 130.25],
      ['Metal', 374],
    ]);
    const r = t([
      [2, 'Jazz', 130.251, 'x'],
      [3, 'Metal', '374.00', 'y'],
      [1, 'Rock', 1297.499, 'z'],
    ]);
    expect(mapping(g, r)).toEqual([1, 2]);
    expect(compareLenient(g, r)).toMatchObject({ pass: true, mapping: [1, 2] });
  });

  it('never lets a constant extra column answer, as the full search does not', () => {
    const g = t([
      ['USA', 1],
      ['USA', 2],
    ]);
    const literal = t([
      [9, 'USA', 1],
      [8, 'USA', 2],
    ]);
    expect(mapping(g, literal)).toBeNull();
    const full = lenientVerdict(prepareTable(g), prepareTable(literal), false, 0.005, false);
    expect(full.pass).toBe(false);
    expect(compareLenient(g, literal)).toEqual(full);
    // Numbers within tolerance of each other are constant too.
    const g2 = t([
      [1, 'a'],
      [1.001, 'b'],
    ]);
    const r2 = t([
      [7, 1.001, 'a'],
      [8, 1, 'b'],
    ]);
    expect(mapping(g2, r2)).toBeNull();
    expect(compareLenient(g2, r2)).toEqual(
      lenientVerdict(prepareTable(g2), prepareTable(r2), false, 0.005, false),
    );
  });

  it('leaves a result with values no gold row holds to the full search', () => {
    const g = t([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(
      mapping(
        g,
        t([
          ['a', 1],
          ['c', 2],
        ]),
      ),
    ).toBeNull();
    expect(
      mapping(
        g,
        t([
          ['a', 1.006],
          ['b', 2],
        ]),
      ),
    ).toBeNull();
  });

  it('property: compareLenient gives the pass of the full search on permuted columns', () => {
    const cell = fc.oneof(
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom('a', 'b', 1.5, '1.5', 1.504, null, '2009', '2009-01-01'),
    );
    const rows = fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 6 });
    fc.assert(
      fc.property(rows, fc.constantFrom([0, 1, 2], [2, 0, 1], [1, 2, 0], [0, 2, 1]), (a, perm) => {
        const g = { columns: ['x', 'y', 'z'], rows: a };
        const r = {
          columns: ['x', 'y', 'z'],
          rows: [...a].reverse().map((row) => perm.map((j) => row[j])),
        };
        const full = lenientVerdict(prepareTable(g), prepareTable(r), false, 0.005, false);
        const fast = compareLenient(g, r);
        expect(fast.pass).toBe(full.pass);
        if (!fast.pass) expect(fast).toEqual(full);
        const proven = proveColumnsMatch(g, r, 3, 3, LENIENT, false);
        if (proven) {
          // The mapping lines the rows up: reordered by it, the result passes the full search.
          const back = { columns: g.columns, rows: r.rows.map((row) => proven.map((j) => row[j])) };
          expect(
            lenientVerdict(prepareTable(g), prepareTable(back), false, 0.005, false),
          ).toMatchObject({
            pass: true,
          });
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('proveColumnsMatch with extra result columns agrees with the full search', () => {
  const cell = fc.oneof(
    fc.integer({ min: 0, max: 3 }),
    fc.constantFrom('a', 'b', 1.5, '1.5', 1.504, 1.0049, null, '2009', '2009-01-01'),
  );
  const extraColumn = fc.oneof(
    fc.constant({ kind: 'constant' as const, value: 'USA' }),
    fc.constant({ kind: 'constant' as const, value: null }),
    fc.constant({ kind: 'copy' as const, value: 0 }),
    fc.constant({ kind: 'near' as const, value: 0 }),
    fc.constant({ kind: 'random' as const, value: 0 }),
  );
  it('property: same pass as lenientVerdict; the same verdict on failure; a valid mapping on a pass', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 7 }),
        fc.array(extraColumn, { minLength: 1, maxLength: 2 }),
        fc.array(cell, { minLength: 7, maxLength: 7 }),
        fc.integer(),
        fc.boolean(),
        (gold, extras, randoms, seed, orderMatters) => {
          let s = seed >>> 0;
          const next = () => {
            s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
            return s;
          };
          const rows = gold.map((row, i) => {
            const out = [...row];
            for (const e of extras) {
              if (e.kind === 'constant') out.push(e.value);
              else if (e.kind === 'copy') out.push(row[0]);
              else if (e.kind === 'near')
                out.push(typeof row[1] === 'number' ? row[1] + 0.001 : row[1]);
              else out.push(randoms[i]);
            }
            return out;
          });
          const width = rows[0]!.length;
          const perm = Array.from({ length: width }, (_, j) => j).sort(() => (next() % 3) - 1);
          const order = orderMatters ? rows : [...rows].reverse();
          const g = t(gold);
          const r = t(order.map((row) => perm.map((j) => row[j])));
          const full = lenientVerdict(prepareTable(g), prepareTable(r), orderMatters, 0.005, false);
          const fast = compareLenient(g, r, { orderMatters });
          expect(fast.pass).toBe(full.pass);
          if (!fast.pass) {
            expect(fast).toEqual(full);
            return;
          }
          const m = fast.mapping ?? [];
          const prepared = prepareTable(r);
          for (const j of m) {
            expect(isConstantColumn(prepared.cols[j]!, r.rows.length, 0.005)).toBe(false);
          }
          const back = t(r.rows.map((row) => m.map((j) => row[j])));
          expect(compareLenient(g, back, { orderMatters }).pass).toBe(true);
        },
      ),
      { numRuns: 800 },
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
        const fullLenient = lenientVerdict(
          prepareTable(g),
          prepareTable(r),
          orderMatters,
          0.005,
          false,
        );
        const fast = compareLenient(g, r, { orderMatters });
        expect(fast.pass).toBe(fullLenient.pass);
        if (!fast.pass) expect(fast).toEqual(fullLenient);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the assignment search with proofs at its leaves', () => {
  const cell = fc.oneof(
    fc.integer({ min: 0, max: 3 }),
    fc.constantFrom('a', 'b', 1.5, '1.5', 1.504, 1.0049, null, '2009', '2009-01-01'),
  );
  it('property: lenientVerdict gives the same verdict with and without them', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 3 })
          .chain((g) =>
            fc.tuple(
              fc.array(fc.array(cell, { minLength: g, maxLength: g }), { maxLength: 6 }),
              fc.integer({ min: 0, max: 3 }),
              fc.array(cell, { minLength: 6, maxLength: 6 }),
            ),
          ),
        fc.boolean(),
        ([gold, extra, noise], orderMatters) => {
          // The result: the gold's columns reversed, near copies, beside extra columns.
          const rows = gold.map((row, i) => [
            ...Array.from({ length: extra }, (_, e) => (e === 0 ? noise[i] : row[0])),
            ...[...row].reverse().map((v) => (typeof v === 'number' ? v + 0.001 : v)),
          ]);
          const g = t(gold);
          const r = t([...rows].reverse());
          const a = lenientVerdict(prepareTable(g), prepareTable(r), orderMatters, 0.005, true);
          const b = lenientVerdict(prepareTable(g), prepareTable(r), orderMatters, 0.005, false);
          expect(a).toEqual(b);
        },
      ),
      { numRuns: 500 },
    );
  });
});
