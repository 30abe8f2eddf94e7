import { describe, expect, it } from 'vitest';
import { comparePolicy, type PolicyOptions, type TableLike } from '../src/index.js';

const t = (columns: readonly string[], rows: readonly (readonly unknown[])[]): TableLike => ({
  columns,
  rows,
});
const spider = (gold: TableLike, run: TableLike, opts?: PolicyOptions) =>
  comparePolicy('spider', gold, run, opts);

// taoyds/test-suite-sql-eval exec_eval.py, result_eq.
describe('spider policy: multiset of rows up to a column permutation', () => {
  it('allows column permutations', () => {
    const v = spider(
      t(
        ['id', 'name'],
        [
          [1, 'a'],
          [2, 'b'],
        ],
      ),
      t(
        ['name', 'id'],
        [
          ['b', 2],
          ['a', 1],
        ],
      ),
    );
    expect(v).toMatchObject({ pass: true, mapping: [1, 0] });
  });

  it('compares multisets: duplicates count', () => {
    expect(spider(t(['a'], [[1], [1], [2]]), t(['a'], [[1], [2], [2]])).pass).toBe(false);
    expect(spider(t(['a'], [[1], [1], [2]]), t(['a'], [[1], [2]])).reason?.code).toBe('row_count');
  });

  it('requires the same number of columns', () => {
    expect(spider(t(['a'], [[1]]), t(['a', 'b'], [[1, 2]])).reason?.code).toBe('column_count');
  });

  it('respects row order only when the gold query has a top-level ORDER BY', () => {
    const gold = t(['a'], [[1], [2]]);
    const run = t(['a'], [[2], [1]]);
    expect(spider(gold, run, { goldSql: 'SELECT a FROM t' }).pass).toBe(true);
    expect(spider(gold, run, { goldSql: 'SELECT a FROM t ORDER BY a' }).reason?.code).toBe('order');
    expect(
      spider(gold, run, { goldSql: 'SELECT a FROM (SELECT a FROM t ORDER BY a LIMIT 2) s' }).pass,
    ).toBe(true);
    expect(
      spider(gold, run, { goldSql: 'SELECT a FROM t ORDER BY a', orderMatters: false }).pass,
    ).toBe(true);
  });

  it('passes when both results are empty, flagged', () => {
    expect(spider(t(['a'], []), t(['b', 'c'], []))).toMatchObject({ pass: true, emptyMatch: true });
  });

  it('compares values by Python equality: exact numbers, strings apart from numbers', () => {
    expect(spider(t(['a'], [[1]]), t(['a'], [[1.0]])).pass).toBe(true);
    expect(spider(t(['a'], [[1]]), t(['a'], [['1']])).pass).toBe(false);
    expect(spider(t(['a'], [[0.3]]), t(['a'], [[0.1 + 0.2]])).pass).toBe(false);
  });

  it('lets constant columns answer (no lenient guardrails)', () => {
    const v = spider(
      t(
        ['c', 'n'],
        [
          ['USA', 1],
          ['USA', 2],
        ],
      ),
      t(
        ['n', 'c'],
        [
          [2, 'USA'],
          [1, 'USA'],
        ],
      ),
    );
    expect(v.pass).toBe(true);
  });
});
