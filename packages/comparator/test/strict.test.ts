import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLenient, compareStrict, type TableLike } from '../src/index.js';
import { referenceStrict } from './reference-rules.js';
import { rulePair } from './rule-tables.js';

const t = (columns: readonly string[], rows: readonly (readonly unknown[])[]): TableLike => ({
  columns,
  rows,
});

// Spec 000, "How a run is scored": rows are compared by value, in selected column order.
describe('strict: spec rules, one test each', () => {
  it('names do not count: SELECT Country AS c matches a gold Country column', () => {
    const gold = t(['Country'], [['USA'], ['Canada']]);
    const run = t(['c'], [['USA'], ['Canada']]);
    expect(compareStrict(gold, run).pass).toBe(true);
  });

  it('column order counts: a swapped column order does not match', () => {
    const gold = t(['FirstName', 'LastName'], [['Luís', 'Gonçalves']]);
    const run = t(['LastName', 'FirstName'], [['Gonçalves', 'Luís']]);
    const v = compareStrict(gold, run);
    expect(v.pass).toBe(false);
    expect(v.reason?.code).toBe('row_mismatch');
  });

  it('numbers match within 0.005, because gold values are rounded to two decimals', () => {
    const gold = t(['total'], [[37.62], [2.35]]);
    expect(compareStrict(gold, t(['s'], [[37.6200000001], [2.345]])).pass).toBe(true);
    expect(compareStrict(gold, t(['s'], [[37.615], [2.355]])).pass).toBe(true);
    expect(compareStrict(gold, t(['s'], [[37.63], [2.35]])).pass).toBe(false);
  });

  it("a number matches a string that spells it, within the same tolerance: '2009' is 2009", () => {
    expect(compareStrict(t(['y'], [['2009']]), t(['y'], [[2009]])).pass).toBe(true);
    expect(compareStrict(t(['y'], [[2009]]), t(['y'], [['2009']])).pass).toBe(true);
    expect(compareStrict(t(['x'], [[1.5]]), t(['x'], [['1.504']])).pass).toBe(true);
    expect(compareStrict(t(['x'], [[1.5]]), t(['x'], [['1.51']])).pass).toBe(false);
  });

  it("other strings must be equal; two strings compare as strings: '2009' is not '2009.0'", () => {
    expect(compareStrict(t(['y'], [['2009']]), t(['y'], [['2009.0']])).pass).toBe(false);
    expect(compareStrict(t(['n'], [['Rock']]), t(['n'], [['rock']])).pass).toBe(false);
    expect(compareStrict(t(['n'], [['Rock']]), t(['n'], [['Rock ']])).pass).toBe(false);
    // Each string equals the number, but not each other.
    expect(compareStrict(t(['y'], [[2009]]), t(['y'], [['2009.0']])).pass).toBe(true);
  });

  it('row order counts only when order_matters is true', () => {
    const gold = t(['a'], [[1], [2], [3]]);
    const run = t(['a'], [[3], [1], [2]]);
    expect(compareStrict(gold, run).pass).toBe(true);
    expect(compareStrict(gold, run, { orderMatters: false }).pass).toBe(true);
    const ordered = compareStrict(gold, run, { orderMatters: true });
    expect(ordered.pass).toBe(false);
    expect(ordered.reason).toEqual({
      code: 'order',
      index: 0,
      gold: { index: 0, values: [1] },
      result: { index: 0, values: [3] },
    });
  });
});

describe('strict: shape and explanations', () => {
  it('fails with column_count when the widths differ', () => {
    const v = compareStrict(t(['a'], [[1]]), t(['a', 'b'], [[1, 2]]));
    expect(v).toMatchObject({ pass: false, reason: { code: 'column_count', gold: 1, result: 2 } });
  });

  it('fails with row_count when the heights differ', () => {
    const v = compareStrict(t(['a'], [[1], [2]]), t(['a'], [[1]]));
    expect(v).toMatchObject({ pass: false, reason: { code: 'row_count', gold: 2, result: 1 } });
  });

  it('row_mismatch names the first unmatched gold row and result row', () => {
    const v = compareStrict(
      t(
        ['a', 'b'],
        [
          [1, 'x'],
          [2, 'y'],
        ],
      ),
      t(
        ['a', 'b'],
        [
          [2, 'y'],
          [1, 'z'],
        ],
      ),
    );
    expect(v.reason).toEqual({
      code: 'row_mismatch',
      gold: { index: 0, values: [1, 'x'] },
      result: { index: 1, values: [1, 'z'] },
    });
  });

  it('ordered mismatch of a different multiset is a row_mismatch at the first differing pair', () => {
    const v = compareStrict(t(['a'], [[1], [2]]), t(['a'], [[1], [5]]), { orderMatters: true });
    expect(v.reason).toMatchObject({
      code: 'row_mismatch',
      gold: { index: 1 },
      result: { index: 1 },
    });
  });

  it('empty against empty passes and is flagged as an empty match', () => {
    const v = compareStrict(t(['a'], []), t(['x'], []));
    expect(v).toMatchObject({ pass: true, emptyMatch: true });
    expect(compareStrict(t(['a'], []), t(['a'], [[1]])).reason?.code).toBe('row_count');
    expect(compareStrict(t(['a'], [[1]]), t(['a'], [[1]])).emptyMatch).toBe(false);
  });

  it('duplicates count: a multiset, not a set', () => {
    expect(compareStrict(t(['a'], [[1], [1], [2]]), t(['a'], [[1], [2], [2]])).pass).toBe(false);
  });

  it('rows equal only within tolerance still pair up even when exact pairs would block them', () => {
    // Greedy exact pairing (1.004 with 1.004) leaves 1.0 and 1.008, 0.008 apart; the
    // matching 1.0-1.004, 1.004-1.008 is complete, so the run passes.
    expect(compareStrict(t(['a'], [[1.0], [1.004]]), t(['a'], [[1.004], [1.008]])).pass).toBe(true);
  });

  it('a tolerance option overrides 0.005, and a bad one throws a ComparatorError', () => {
    expect(compareStrict(t(['a'], [[1]]), t(['a'], [[1.004]]), { tolerance: 0 }).pass).toBe(false);
    expect(compareStrict(t(['a'], [[1]]), t(['a'], [[1.04]]), { tolerance: 0.05 }).pass).toBe(true);
    expect(() => compareStrict(t(['a'], [[1]]), t(['a'], [[1]]), { tolerance: -1 })).toThrow(
      /tolerance must be a finite number/,
    );
  });
});

describe('strict: properties', () => {
  const cell = fc.oneof(
    fc.integer({ min: -50, max: 50 }),
    fc.double({ min: -1000, max: 1000, noNaN: true }),
    fc.constantFrom('a', 'b', '2009', '2009.0', '2009-01-01', '', 'NaN'),
    fc.constant(null),
    fc.boolean(),
    fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }),
  );
  const table = fc.integer({ min: 1, max: 4 }).chain((w) =>
    fc.array(fc.array(cell, { minLength: w, maxLength: w }), { maxLength: 8 }).map((rows) =>
      t(
        Array.from({ length: w }, (_, i) => `c${i}`),
        rows,
      ),
    ),
  );

  it('a result compared with itself passes strictly, in order or not', () => {
    fc.assert(
      fc.property(table, fc.boolean(), (x, orderMatters) => {
        expect(compareStrict(x, x, { orderMatters }).pass).toBe(true);
      }),
    );
  });

  it('permuting rows does not change a verdict when order does not matter', () => {
    fc.assert(
      fc.property(table, table, fc.integer(), (gold, run, seed) => {
        const before = compareStrict(gold, run).pass;
        const rows = [...run.rows];
        // Fisher-Yates with a seeded LCG: fast-check shrinks the seed.
        let s = seed >>> 0;
        for (let i = rows.length - 1; i > 0; i--) {
          s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
          const k = s % (i + 1);
          [rows[i], rows[k]] = [rows[k]!, rows[i]!];
        }
        expect(compareStrict(gold, t([...run.columns], rows)).pass).toBe(before);
      }),
    );
  });

  it('strict implies lenient', () => {
    const near = table.chain((gold) =>
      fc
        .array(fc.integer({ min: 0, max: 3 }), {
          minLength: gold.rows.length,
          maxLength: gold.rows.length,
        })
        .map((noise) =>
          t(
            [...gold.columns],
            gold.rows.map((r, i) =>
              r.map((v) => (typeof v === 'number' ? v + (noise[i]! - 1) * 0.002 : v)),
            ),
          ),
        )
        .map((run) => ({ gold, run })),
    );
    fc.assert(
      fc.property(near, fc.boolean(), ({ gold, run }, orderMatters) => {
        if (compareStrict(gold, run, { orderMatters }).pass) {
          expect(compareLenient(gold, run, { orderMatters }).pass).toBe(true);
        }
      }),
    );
  });
});

// The proof and the full comparison against a simple reference of the documented rules.
describe('strict: verdicts agree with a reference of the documented rules', () => {
  it('property: pass exactly when the reference finds every gold row a distinct equal row', () => {
    fc.assert(
      fc.property(
        rulePair,
        fc.boolean(),
        fc.constantFrom(0.005, 0.001, 0.5),
        ({ gold, result }, orderMatters, tolerance) => {
          expect(compareStrict(gold, result, { orderMatters, tolerance }).pass).toBe(
            referenceStrict(gold, result, tolerance, orderMatters),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});
