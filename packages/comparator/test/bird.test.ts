import { describe, expect, it } from 'vitest';
import { comparePolicy, type TableLike } from '../src/index.js';

const t = (columns: readonly string[], rows: readonly (readonly unknown[])[]): TableLike => ({
  columns,
  rows,
});
const bird = (gold: TableLike, run: TableLike) => comparePolicy('bird', gold, run);

// BIRD evaluation.py, calculate_ex: res = 1 if set(predicted_res) == set(ground_truth_res).
describe('bird policy: set(predicted rows) == set(gold rows)', () => {
  it('ignores row order', () => {
    expect(bird(t(['a'], [[1], [2]]), t(['a'], [[2], [1]])).pass).toBe(true);
  });

  it('ignores duplicates, so row counts may differ', () => {
    expect(bird(t(['a'], [[1], [1], [2]]), t(['a'], [[2], [1]])).pass).toBe(true);
  });

  it('column order matters: tuples compare position by position', () => {
    const v = bird(t(['id', 'name'], [[1, 'a']]), t(['name', 'id'], [['a', 1]]));
    expect(v).toMatchObject({ pass: false, reason: { code: 'row_mismatch' } });
  });

  it('a missing or an extra distinct row fails, naming it', () => {
    expect(bird(t(['a'], [[1], [2]]), t(['a'], [[1]])).reason).toEqual({
      code: 'row_mismatch',
      gold: { index: 1, values: [2] },
      result: null,
    });
    expect(bird(t(['a'], [[1]]), t(['a'], [[1], [3]])).reason).toEqual({
      code: 'row_mismatch',
      gold: null,
      result: { index: 1, values: [3] },
    });
  });

  it('compares values by Python equality: 1 == 1.0 == True, no tolerance, strings apart', () => {
    expect(bird(t(['a'], [[1]]), t(['a'], [[1.0]])).pass).toBe(true);
    expect(bird(t(['a'], [[1]]), t(['a'], [[true]])).pass).toBe(true);
    expect(bird(t(['a'], [[2.35]]), t(['a'], [[2.3500001]])).pass).toBe(false);
    expect(bird(t(['a'], [[1]]), t(['a'], [['1']])).pass).toBe(false);
  });

  it('empty against empty passes, flagged; tuples of another width never match', () => {
    expect(bird(t(['a'], []), t(['a', 'b'], []))).toMatchObject({ pass: true, emptyMatch: true });
    expect(bird(t(['a'], [[1]]), t(['a', 'b'], [[1, 2]])).reason?.code).toBe('column_count');
    expect(bird(t(['a'], []), t(['a'], [[1]])).pass).toBe(false);
  });

  it('an empty set against a non-empty one of another width fails on the sizes, without throwing', () => {
    // Found by @nl2sql/testsuite's property test: this used to read a column the narrower table lacks.
    for (const [gold, run] of [
      [t(['a', 'b'], [['x', 1]]), t(['a'], [])],
      [t(['a', 'b'], []), t(['a'], [['x']])],
      [t(['a'], [['x']]), t(['a', 'b'], [])],
      [t(['a'], []), t(['a', 'b'], [['x', 1]])],
    ] as const) {
      expect(bird(gold, run)).toMatchObject({
        pass: false,
        reason: { code: 'row_count', gold: gold.rows.length, result: run.rows.length },
      });
    }
  });
});
