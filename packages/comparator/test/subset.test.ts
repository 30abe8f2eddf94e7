import { describe, expect, it } from 'vitest';
import { compareLenient, comparePolicy, type PolicyOptions, type TableLike } from '../src/index.js';

const t = (columns: readonly string[], rows: readonly (readonly unknown[])[]): TableLike => ({
  columns,
  rows,
});
const subset = (gold: TableLike, run: TableLike, opts?: PolicyOptions) =>
  comparePolicy('subset', gold, run, opts);

// defog-ai/sql-eval eval/eval.py, subset_df (after compare_df fails).
describe('subset policy: every gold column found in some result column', () => {
  it('accepts extra columns: gold `SELECT id` against generated `SELECT id, name`', () => {
    const gold = t(['id'], [[1], [2], [3]]);
    const run = t(
      ['id', 'name'],
      [
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ],
    );
    expect(subset(gold, run)).toMatchObject({ pass: true, mapping: [0] });
  });

  it('ignores names, column order and number types', () => {
    const gold = t(
      ['customer_id', 'total'],
      [
        [7, 10],
        [8, 12.5],
      ],
    );
    const run = t(
      ['name', 'sum', 'cid'],
      [
        ['x', 12.5, 8],
        ['y', 10.0, 7],
      ],
    );
    expect(subset(gold, run)).toMatchObject({ pass: true, mapping: [2, 1] });
  });

  it('compares numbers like pandas (rtol 1e-5), and strings never equal numbers', () => {
    expect(subset(t(['a'], [[100000]]), t(['a'], [[100000.5]])).pass).toBe(true);
    expect(subset(t(['a'], [[1]]), t(['a'], [[1.001]])).pass).toBe(false);
    expect(subset(t(['a'], [[1]]), t(['a'], [['1']])).pass).toBe(false);
  });

  it('still needs the matched columns to line up row by row (de-duplicated rows as a set)', () => {
    const gold = t(
      ['name', 'n'],
      [
        ['a', 1],
        ['b', 2],
      ],
    );
    expect(
      subset(
        gold,
        t(
          ['name', 'n'],
          [
            ['a', 2],
            ['b', 1],
          ],
        ),
      ).reason?.code,
    ).toBe('row_mismatch');
  });

  it('keeps row order when order matters', () => {
    const gold = t(['a'], [[1], [2]]);
    expect(
      subset(
        gold,
        t(
          ['a', 'b'],
          [
            [2, 'x'],
            [1, 'y'],
          ],
        ),
        { orderMatters: true },
      ).pass,
    ).toBe(false);
    expect(
      subset(
        gold,
        t(
          ['a', 'b'],
          [
            [1, 'x'],
            [2, 'y'],
          ],
        ),
        { orderMatters: true },
      ).pass,
    ).toBe(true);
  });

  it('matches columns first fit, as Defog does, so it misses what lenient search finds', () => {
    const gold = t(
      ['a', 'b'],
      [
        [1, 'x'],
        [2, 'y'],
        [3, 'z'],
      ],
    );
    const run = t(
      ['p', 'q', 'r'],
      [
        [3, 1, 'x'],
        [1, 2, 'y'],
        [2, 3, 'z'],
      ],
    );
    expect(subset(gold, run)).toMatchObject({ pass: false, reason: { code: 'row_mismatch' } });
    expect(compareLenient(gold, run).pass).toBe(true);
  });

  it('names the gold column that no result column holds', () => {
    const v = subset(t(['a', 'b'], [[1, 2]]), t(['a', 'c'], [[1, 5]]));
    expect(v.reason).toMatchObject({ code: 'unmatched_gold_column', column: 1, name: 'b' });
  });

  it('passes empty against empty (flagged) and fails an empty gold against rows', () => {
    expect(subset(t(['a'], []), t(['a'], []))).toMatchObject({ pass: true, emptyMatch: true });
    expect(subset(t(['a'], []), t(['a'], [[1]])).reason?.code).toBe('row_count');
  });
});
