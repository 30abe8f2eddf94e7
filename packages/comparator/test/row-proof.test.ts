import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLenient, compareStrict, type TableLike } from '../src/index.js';
import { lenientVerdict } from '../src/lenient.js';
import { prepareTable } from '../src/prepared-table.js';
import { proveRowsMatch } from '../src/row-proof.js';
import { strictVerdict } from '../src/strict.js';
import { specRules } from '../src/value-rules.js';

const STRICT = specRules(0.005, false);
const LENIENT = specRules(0.005, true);

const t = (rows: readonly (readonly unknown[])[]): TableLike => ({
  columns: (rows[0] ?? []).map((_, j) => `c${j}`),
  rows,
});
const ids = (w: number) => Array.from({ length: w }, (_, j) => j);
const proven = (g: TableLike, r: TableLike, orderMatters = false, rules = STRICT) => {
  const w = (g.rows[0] ?? []).length;
  return proveRowsMatch(g, r, ids(w), ids(w), rules, orderMatters);
};
/** The reference: the full strict comparison, with no proof tried. */
const i2 = (s: unknown) => Number(String(s).slice(1));
const fullStrict = (g: TableLike, r: TableLike, orderMatters: boolean, tolerance = 0.005) =>
  strictVerdict(prepareTable(g), prepareTable(r), orderMatters, tolerance, 'strict', true, false);

describe('proveRowsMatch: a proof of a match, never of a mismatch', () => {
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
    expect(proven(g, r)).toBe(true);
    expect(
      proven(
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

  it('numeric columns key alone, so rows differing only in a string are still told apart', () => {
    const g = t([
      [1, 'x'],
      [1, 'y'],
      [2, 'x'],
    ]);
    expect(
      proven(
        g,
        t([
          [1, 'y'],
          [2, 'x'],
          [1, 'x'],
        ]),
      ),
    ).toBe(true);
    expect(
      proven(
        g,
        t([
          [1, 'y'],
          [2, 'x'],
          [1, 'z'],
        ]),
      ),
    ).toBe(false);
  });

  it('falls back to keying every column when the numeric ones repeat (no quadratic walk)', () => {
    const n = 5000;
    const g = t(Array.from({ length: n }, (_, i) => [7, `s${i}`]));
    const r = t(Array.from({ length: n }, (_, i) => [7, `s${n - 1 - i}`]));
    expect(proven(g, r)).toBe(true);
    const bad = t(Array.from({ length: n }, (_, i) => [7, `s${i === 0 ? 'x' : i}`]));
    expect(proven(g, bad)).toBe(false);
  });

  it('proves values equal under the rules: tolerance, spellings, NaN, bytes, null', () => {
    expect(proven(t([[1.5]]), t([['1.5']]))).toBe(true);
    expect(proven(t([[1], [2]]), t([[2.004], [1.001]]))).toBe(true);
    expect(proven(t([[Number.NaN]]), t([[Number.NaN]]))).toBe(true);
    expect(proven(t([['NaN', 1]]), t([[Number.NaN, '1']]))).toBe(true);
    expect(proven(t([[new Uint8Array([1])]]), t([[Buffer.from([1])]]))).toBe(true);
    expect(proven(t([[null]]), t([[undefined]]))).toBe(true);
    expect(proven(t([[10n, 2n ** 60n]]), t([[10, (2n ** 60n).toString()]]))).toBe(true);
  });

  it('and nothing the rules keep apart', () => {
    expect(proven(t([['2009']]), t([['2009.0']]))).toBe(false);
    expect(proven(t([[1]]), t([[1.0051]]))).toBe(false);
    expect(proven(t([[2n ** 53n + 1n]]), t([[2 ** 53]]))).toBe(false);
    expect(proven(t([['2009']]), t([['2009-01-01']]))).toBe(false);
    expect(proven(t([['2009']]), t([['2009-01-01']]), false, LENIENT)).toBe(true);
    expect(proven(t([['1962-02-18 00:00:00']]), t([['1962-02-18']]), false, LENIENT)).toBe(true);
    expect(proven(t([['1962-02-18 00:00:01']]), t([['1962-02-18']]), false, LENIENT)).toBe(false);
  });

  it('finds a partner across a bucket edge (buckets are 2 x tolerance wide)', () => {
    // 0.0149 rounds to bucket 1 and 0.0151 to bucket 2, yet they are 0.0002 apart.
    expect(proven(t([[0.0149, 'a']]), t([[0.0151, 'a']]))).toBe(true);
    expect(proven(t([[0.0151], [7]]), t([[7], [0.0149]]))).toBe(true);
    // Exactly the tolerance apart, on both sides of an edge.
    expect(proven(t([[1.23]]), t([[1.235]]))).toBe(true);
    expect(proven(t([[1.235]]), t([[1.24]]))).toBe(true);
    // Two numeric cells both across their edges.
    expect(proven(t([[0.0149, 2.0049]]), t([[0.0151, 2.0051]]))).toBe(true);
  });

  it('keys numbers exactly when they crowd into buckets, so dense values stay linear', () => {
    const n = 20_000;
    const values = Array.from({ length: n }, (_, i) => [i * 1e-6]);
    const g = t(values);
    const r = t([...values].reverse());
    const t0 = performance.now();
    expect(proven(g, r)).toBe(true);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('works across many blocks of rows: shuffled near copies pass, one wrong cell fails', () => {
    const n = 3000;
    const gold = Array.from({ length: n }, (_, i) => [i % 7, ((i * 37) % 1000) / 100, `n${i}`]);
    const near = gold
      .map(([a, b, c]) => [a, (b as number) + (i2(c) % 3) * 0.002 - 0.002, c])
      .reverse();
    expect(proven(t(gold), t(near))).toBe(true);
    expect(compareStrict(t(gold), t(near)).pass).toBe(true);
    const wrong = near.map((row, i) =>
      i === 1234 ? [row[0], (row[1] as number) + 0.01, row[2]] : row,
    );
    expect(proven(t(gold), t(wrong))).toBe(false);
    expect(compareStrict(t(gold), t(wrong))).toEqual(fullStrict(t(gold), t(wrong), false));
  });

  it('treats 0 and -0, and equal bigints, as the same', () => {
    expect(proven(t([[0, 10n]]), t([[-0, 10n]]))).toBe(true);
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
    expect(proveRowsMatch(g, r, [0, 1], [1, 0], STRICT, true)).toBe(true);
    const swapped = t([
      ['b', 2],
      ['a', 1],
    ]);
    expect(proveRowsMatch(g, swapped, [0, 1], [1, 0], STRICT, true)).toBe(false);
    expect(proveRowsMatch(g, swapped, [0, 1], [1, 0], STRICT, false)).toBe(true);
  });

  it('leaves empty tables, unequal heights and rows that are not arrays to the full comparison', () => {
    expect(proven(t([]), t([]))).toBe(false);
    expect(proven(t([[1]]), t([[1], [1]]))).toBe(false);
    const odd = { columns: ['a'], rows: [[1], 'x'] } as unknown as TableLike;
    expect(proveRowsMatch(odd, odd, [0], [0], STRICT, false)).toBe(false);
    expect(proveRowsMatch(odd, odd, [0], [0], STRICT, true)).toBe(false);
  });
});

/**
 * Values that stress the key scheme: numbers on and near bucket edges (multiples of 0.005
 * with buckets 0.01 wide), tolerance boundaries, huge and special numbers, bigints,
 * decimals as strings, dates and midnight timestamps, nulls.
 */
const edgy = fc.oneof(
  fc.integer({ min: -3, max: 3 }).map((k) => k * 0.005),
  fc.constantFrom(0.0149, 0.0151, 1.23, 1.235, 1.24, -0.005, 2 ** 53, 2 ** 53 + 2, 1e15, 1e300),
  fc.double({ min: -2, max: 2, noNaN: true }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0),
  fc.constantFrom(1n, 2n ** 53n, 2n ** 53n + 1n, 2n ** 60n),
  fc.constantFrom('1.235', '1.24', '0.010', 'NaN', '-Infinity', '9007199254740993', '2009'),
  fc.constantFrom('2009-01-01', '1962-02-18', '1962-02-18 00:00:00', '1962-02-18T00:00:00Z'),
  fc.constantFrom('a', '', null, undefined, true),
);

/** A result near the gold: rows shuffled, numbers moved by up to a little over the tolerance, spellings changed. */
function nearCopy(rows: readonly (readonly unknown[])[], seed: number): unknown[][] {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
  const deltas = [0, 0, 0, 0.001, -0.001, 0.004999, -0.005, 0.005, 0.0051, -0.0051];
  const out = rows.map((row) =>
    row.map((v) => {
      const roll = next() % 10;
      if (typeof v === 'number') {
        if (roll === 9) return String(v);
        return v + deltas[next() % deltas.length]!;
      }
      if (typeof v === 'bigint' && roll >= 7) return v.toString();
      if (v === null && roll >= 5) return undefined;
      if (v === '1962-02-18' && roll >= 5) return '1962-02-18 00:00:00';
      return v;
    }),
  );
  for (let i = out.length - 1; i > 0; i--) {
    const k = next() % (i + 1);
    [out[i], out[k]] = [out[k]!, out[i]!];
  }
  return out;
}

describe('the proofs give exactly the verdict of the full comparison', () => {
  const rows = (w: number) =>
    fc.array(fc.array(edgy, { minLength: w, maxLength: w }), { minLength: 1, maxLength: 8 });
  const pair = fc.integer({ min: 1, max: 3 }).chain((w) =>
    fc.tuple(
      rows(w),
      fc.oneof(
        rows(w).map((r) => ({ kind: 'random' as const, r })),
        fc.integer(),
      ),
    ),
  );
  const resultOf = (gold: unknown[][], how: { kind: 'random'; r: unknown[][] } | number) =>
    typeof how === 'number' ? nearCopy(gold, how) : how.r;

  it('property: compareStrict equals strictVerdict (with duplicates, edges and spellings)', () => {
    fc.assert(
      fc.property(pair, fc.boolean(), fc.boolean(), ([gold, how], orderMatters, dup) => {
        const gRows = dup ? [...gold, ...gold] : gold;
        const g = t(gRows);
        const r = t(resultOf(gRows, how));
        expect(compareStrict(g, r, { orderMatters })).toEqual(fullStrict(g, r, orderMatters));
        if (proven(g, r, orderMatters)) expect(fullStrict(g, r, orderMatters).pass).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('property: compareStrict equals strictVerdict at other tolerances, 0 included', () => {
    fc.assert(
      fc.property(pair, fc.constantFrom(0, 0.001, 0.5), ([gold, how], tolerance) => {
        const g = t(gold);
        const r = t(resultOf(gold, how));
        expect(compareStrict(g, r, { tolerance })).toEqual(fullStrict(g, r, false, tolerance));
      }),
      { numRuns: 500 },
    );
  });

  it('property: compareLenient passes exactly when lenientVerdict does, and fails with its verdict', () => {
    fc.assert(
      fc.property(pair, fc.boolean(), ([gold, how], orderMatters) => {
        const g = t(gold);
        const r = t(resultOf(gold, how));
        const full = lenientVerdict(prepareTable(g), prepareTable(r), orderMatters, 0.005, false);
        const fast = compareLenient(g, r, { orderMatters });
        if (!full.pass || !fast.pass) {
          expect(fast).toEqual(full);
          return;
        }
        // Several assignments may line the rows up; the one reported must.
        const m = fast.mapping ?? [];
        const back = t(r.rows.map((row) => m.map((j) => row[j])));
        expect(proven(g, back, orderMatters, LENIENT) || full.mapping?.join() === m.join()).toBe(
          true,
        );
      }),
      { numRuns: 1000 },
    );
  });
});
