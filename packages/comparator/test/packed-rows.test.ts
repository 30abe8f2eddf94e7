import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packedRelation, packRows, releaseRows } from '../src/packed-rows.js';
import { rowRelation } from '../src/row-proof.js';
import { specRules } from '../src/value-rules.js';

const STRICT = specRules(0.005, false);
const LENIENT = specRules(0.005, true);

/**
 * Cells of every kind the copy handles or leaves to the source row: numbers near the
 * tolerance and special ones, null and undefined, strings of 0-15 one-byte characters
 * and longer or wider ones, spelled numbers, dates and midnights, bigints, booleans,
 * bytes and Dates.
 */
const cell = fc.oneof(
  fc.integer({ min: -3, max: 3 }).map((k) => 1.23 + k * 0.0025),
  fc.double({ noNaN: false }),
  fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 53),
  fc.constantFrom(null, undefined, true, false, 7n, 2n ** 60n),
  fc.string({ maxLength: 17 }),
  fc.string({ unit: 'binary', maxLength: 17 }),
  fc.constantFrom('', 'a', 'Holý', 'žluť', 'é'.repeat(15), 'é'.repeat(16), 'x'.repeat(15)),
  fc.constantFrom('1.23', '1.235', 'NaN', '-Infinity', '2009', '2009-01', '2009-01-01'),
  fc.constantFrom('1962-02-18', '1962-02-18 00:00:00', '1962-02-18T00:00:00Z', '1962-02-18 13:45'),
  fc.constantFrom(new Uint8Array([1, 2]), new Date(Date.UTC(1962, 1, 18))),
);

/** A result cell: often the gold cell or a near spelling of it, so equal rows are common. */
const answer = (g: unknown) =>
  fc.oneof(
    fc.constant(g),
    fc.constant(typeof g === 'string' ? g.split('').join('') : g),
    fc.constant(typeof g === 'number' ? g + 0.004 : g),
    fc.constant(typeof g === 'number' ? String(g) : g),
    cell,
  );

const rowsAndMapping = fc.integer({ min: 1, max: 5 }).chain((w) =>
  fc
    .array(fc.array(cell, { minLength: w, maxLength: w }), { minLength: 1, maxLength: 6 })
    .chain((gold) =>
      fc.tuple(
        fc.constant(gold),
        fc.tuple(...gold.map((row) => fc.tuple(...row.map(answer)))),
        fc.shuffledSubarray(
          Array.from({ length: w }, (_, j) => j),
          { minLength: w, maxLength: w },
        ),
      ),
    ),
);

describe('packedRelation: the copy decides a cell exactly as the source row does', () => {
  it('property: equals rowRelation for every gold row and result row, strict and lenient', () => {
    fc.assert(
      fc.property(rowsAndMapping, fc.boolean(), ([gold, results, perm], lenient) => {
        const rules = lenient ? LENIENT : STRICT;
        const w = gold[0]!.length;
        const goldCols = Array.from({ length: w }, (_, j) => j);
        // The result carries the gold's cells in permuted columns.
        const resultRows = results.map((row) => {
          const out = new Array<unknown>(w);
          perm.forEach((j, k) => {
            out[j] = row[k];
          });
          return out;
        });
        const packed = packRows(gold, goldCols);
        expect(packed).not.toBeNull();
        try {
          for (let g = 0; g < gold.length; g++) {
            for (const r of resultRows) {
              expect(packedRelation(packed!, g, gold, goldCols, r, perm, rules)).toBe(
                rowRelation(gold[g]!, goldCols, r, perm, rules),
              );
            }
          }
        } finally {
          releaseRows(packed);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads nothing left over from an earlier copy in the same buffer', () => {
    // The largest copy released so far, so its buffer is the one kept.
    const long = Array.from({ length: 40 }, (_, i) => ['abcdefghijklmno', i + 0.5, 'z'.repeat(15)]);
    const first = packRows(long, [0, 1, 2]);
    releaseRows(first);
    // A quarter of its size: the buffer is reused. Shorter strings, other kinds in other places.
    const short = [['abc', 'x', null], ['', 7, undefined], ...long.slice(0, 8)];
    const second = packRows(short, [0, 1, 2]);
    expect(second?.buffer).toBe(first?.buffer);
    const cols = [0, 1, 2];
    const rel = (g: number, r: unknown[]) =>
      packedRelation(second!, g, short, cols, r, cols, STRICT);
    expect(rel(0, ['abc', 'x', null])).toBe(2);
    expect(rel(0, ['abcdefg', 'x', null])).toBe(0); // the stale characters of the first copy
    expect(rel(0, ['abcd', 'x', null])).toBe(0);
    expect(rel(1, ['', 7, undefined])).toBe(2);
    expect(rel(1, ['', '7', null])).toBe(1); // a spelled number, null for undefined
    expect(rel(1, ['a', 7, undefined])).toBe(0);
    expect(rel(1, ['', 7.5, undefined])).toBe(0);
    releaseRows(second);
  });

  it('declines what it cannot copy: past the limit, no column, a row that is not an array', () => {
    expect(packRows([[1, 2]], [0, 1], 31)).toBeNull();
    expect(packRows([[1, 2]], [0, 1], 32)).not.toBeNull();
    expect(packRows([[1, 2]], [])).toBeNull();
    expect(packRows([[1], 'x'], [0])).toBeNull();
  });
});
