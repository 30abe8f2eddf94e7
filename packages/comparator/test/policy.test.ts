import { describe, expect, it } from 'vitest';
import { comparePolicy, POLICIES, type Policy, type TableLike } from '../src/index.js';

const t = (columns: readonly string[], rows: readonly (readonly unknown[])[]): TableLike => ({
  columns,
  rows,
});

describe('comparePolicy', () => {
  it('runs every policy by name and labels the verdict with it', () => {
    const x = t(['a'], [[1], [2]]);
    for (const policy of POLICIES) {
      expect(comparePolicy(policy, x, x)).toMatchObject({ score: policy, pass: true });
    }
  });

  it('reads order from the gold SQL for the spec scores too, unless told explicitly', () => {
    const gold = t(['a'], [[1], [2]]);
    const run = t(['a'], [[2], [1]]);
    expect(comparePolicy('strict', gold, run, { goldSql: 'SELECT a FROM t ORDER BY a' }).pass).toBe(
      false,
    );
    expect(comparePolicy('strict', gold, run, { goldSql: 'SELECT a FROM t' }).pass).toBe(true);
    expect(comparePolicy('strict', gold, run, { orderMatters: true }).pass).toBe(false);
  });

  it('passes the tolerance to the spec scores', () => {
    const gold = t(['a'], [[1]]);
    expect(comparePolicy('strict', gold, t(['a'], [[1.004]])).pass).toBe(true);
    expect(comparePolicy('lenient', gold, t(['a'], [[1.004]]), { tolerance: 0.001 }).pass).toBe(
      false,
    );
  });

  it('throws a ComparatorError with code unknown_policy for a name it does not know', () => {
    expect(() => comparePolicy('exact' as Policy, t(['a'], []), t(['a'], []))).toThrow(
      expect.objectContaining({ code: 'unknown_policy' }),
    );
  });
});
