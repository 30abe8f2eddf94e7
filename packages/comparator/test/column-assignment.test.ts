import { describe, expect, it } from 'vitest';
import { isConstantColumn, searchAssignment } from '../src/column-assignment.js';
import { prepareTable } from '../src/prepared-table.js';
import { specRules } from '../src/value-rules.js';

const prep = (columns: string[], rows: unknown[][]) => prepareTable({ columns, rows });

function search(gold: ReturnType<typeof prep>, result: ReturnType<typeof prep>, maxLeaves = 5000) {
  return searchAssignment({
    gold,
    result,
    rules: specRules(0.005, true),
    orderMatters: false,
    excludeConstant: true,
    maxLeaves,
  });
}

describe('isConstantColumn', () => {
  it('is off on a single row and on for identical values, all-null, or numbers within tolerance', () => {
    const col = (rows: unknown[]) =>
      prep(
        ['x'],
        rows.map((v) => [v]),
      ).cols[0]!;
    expect(isConstantColumn(col([1]), 1, 0.005)).toBe(false);
    expect(isConstantColumn(col(['a', 'a']), 2, 0.005)).toBe(true);
    expect(isConstantColumn(col([null, null]), 2, 0.005)).toBe(true);
    expect(isConstantColumn(col([1, 1.001]), 2, 0.005)).toBe(true);
    expect(isConstantColumn(col([1, 2]), 2, 0.005)).toBe(false);
  });
});

describe('searchAssignment', () => {
  it('finds the assignment a first-fit matcher misses', () => {
    const gold = prep(
      ['a', 'b'],
      [
        [1, 'x'],
        [2, 'y'],
        [3, 'z'],
      ],
    );
    const result = prep(
      ['p', 'q', 'r'],
      [
        [3, 1, 'x'],
        [1, 2, 'y'],
        [2, 3, 'z'],
      ],
    );
    expect(search(gold, result)).toEqual({ ok: true, mapping: [1, 2] });
  });

  it('reports a Hall violation: two gold columns competing for one result column', () => {
    const gold = prep(
      ['a', 'b', 'c'],
      [
        [1, 1, 'x'],
        [2, 2, 'y'],
      ],
    );
    const result = prep(
      ['p', 'q', 'r', 's'],
      [
        [1, 'x', 9, 'k'],
        [2, 'y', 8, 'l'],
      ],
    );
    const out = search(gold, result);
    expect(out).toMatchObject({ ok: false, code: 'unmatched_gold_column', column: 1 });
    expect(out.ok === false && out.code === 'unmatched_gold_column' && out.detail).toMatch(
      /competes with gold column\(s\) 0/,
    );
  });

  it('stops at the leaf budget and says so', () => {
    const gold = prep(
      ['a', 'b'],
      [
        [1, 'x'],
        [2, 'y'],
        [3, 'z'],
      ],
    );
    const result = prep(
      ['p', 'q', 'r'],
      [
        [3, 1, 'x'],
        [1, 2, 'y'],
        [2, 3, 'z'],
      ],
    );
    expect(search(gold, result, 1)).toMatchObject({
      ok: false,
      code: 'rows',
      exhausted: true,
      mapping: [0, 2],
    });
    expect(search(gold, result, 2)).toEqual({ ok: true, mapping: [1, 2] });
  });

  it('tries interchangeable (identical) result columns once', () => {
    // Eight identical gold columns and eight identical result columns, rows not lining up
    // with the ninth: without de-duplication this is 8! leaves.
    const n = 4;
    const gold = prep(
      Array.from({ length: 9 }, (_, i) => `g${i}`),
      Array.from({ length: n }, (_, r) => [...Array(8).fill(r), r === 0 ? 'a' : 'b']),
    );
    const result = prep(
      Array.from({ length: 9 }, (_, i) => `r${i}`),
      Array.from({ length: n }, (_, r) => [...Array(8).fill(r), r === 1 ? 'a' : 'b']),
    );
    const out = search(gold, result, 3);
    expect(out).toMatchObject({ ok: false, code: 'rows', exhausted: false });
  });
});
