/**
 * fast-check generators of small gold/result pairs for the reference properties: values
 * near the tolerance, NaN, infinities, -0, null and undefined, booleans, spelled numbers,
 * dates, labels and midnights, one-byte, wider and long strings; results that are near
 * copies of the gold (rows shuffled, numbers moved by up to a little over the tolerance,
 * spellings changed, duplicates) or unrelated.
 */
import fc from 'fast-check';
import type { TableLike } from '../src/index.js';

export const ruleCell = fc.oneof(
  fc.integer({ min: -3, max: 3 }).map((k) => 1.23 + k * 0.0025),
  fc.integer({ min: -3, max: 3 }),
  fc.double({ min: -10, max: 10, noNaN: true }),
  fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.constantFrom(null, undefined, true, false),
  fc.constantFrom('', 'a', 'b', 'Holý', 'žluť', 'x'.repeat(20), 'é'.repeat(15)),
  fc.constantFrom('1.23', '1.235', '2009', '0.010', '12.50', '1e3', 'NaN', '-Infinity'),
  fc.constantFrom('2009-01', '2009-01-01', '2009-01-01 00:00:00', '2009-01-01T00:00:00Z'),
  fc.constantFrom('2009-01-01 13:45:00', '2009-02-01', '2009-01-01 00:00:00.000+00:00'),
);

/** Moves a cell to a nearby or equivalent spelling, or leaves it, by `roll`. */
function nudge(v: unknown, roll: number): unknown {
  if (typeof v === 'number') {
    const deltas = [0, 0.001, -0.004999, 0.005, -0.0051, 0];
    return roll === 6 ? String(v) : v + deltas[roll % deltas.length]!;
  }
  if (v === null && roll > 3) return undefined;
  if (v === undefined && roll > 3) return null;
  if (v === '2009-01-01' && roll > 3) return '2009-01-01 00:00:00';
  if (v === '2009-01-01 00:00:00' && roll > 3) return '2009-01-01';
  if (v === '2009' && roll > 4) return 2009;
  return v;
}

export interface RulePair {
  gold: TableLike;
  result: TableLike;
}

const table = (rows: unknown[][], w: number): TableLike => ({
  columns: Array.from({ length: w }, (_, j) => `c${j}`),
  rows,
});

/** Gold and result of the same width (1-3 columns, 0-6 rows, possibly duplicated). */
export const rulePair = fc.integer({ min: 1, max: 3 }).chain((w) => {
  const rows = fc.array(fc.array(ruleCell, { minLength: w, maxLength: w }), { maxLength: 6 });
  return fc
    .tuple(
      rows,
      fc.boolean(),
      fc.oneof(
        rows.map((r) => ({ r })),
        fc.integer(),
      ),
      fc.nat(),
    )
    .map(([gold, dup, how, seed]) => {
      const g = dup ? [...gold, ...gold] : gold;
      let s = seed >>> 0;
      const next = () => {
        s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
        return s >>> 8;
      };
      let r: unknown[][];
      if (typeof how === 'number') {
        r = g.map((row) => row.map((v) => (next() % 3 === 0 ? nudge(v, next() % 7) : v)));
        for (let i = r.length - 1; i > 0; i--) {
          const k = next() % (i + 1);
          [r[i], r[k]] = [r[k]!, r[i]!];
        }
      } else {
        r = how.r;
      }
      return { gold: table(g, w), result: table(r, w) };
    });
});

/** The same pair with the result's columns in another order. */
export function permuteColumns(t: TableLike, perm: readonly number[]): TableLike {
  return {
    columns: perm.map((j) => t.columns[j]!),
    rows: t.rows.map((row) => perm.map((j) => row[j])),
  };
}
