import { describe, expect, it } from 'vitest';
import { prepareTable } from '../src/prepared-table.js';
import { matchRows } from '../src/row-match.js';
import { PYTHON_RULES, specRules } from '../src/value-rules.js';

const prep = (rows: unknown[][]) =>
  prepareTable({ columns: rows[0]?.map((_, i) => `c${i}`) ?? [], rows });

function match(
  gold: unknown[][],
  result: unknown[][],
  orderMatters = false,
  rules = specRules(0.005, false),
) {
  const g = prep(gold);
  const r = prep(result);
  const cols = g.names.map((_, i) => i);
  return matchRows({ gold: g, result: r, goldCols: cols, resultCols: cols, rules }, orderMatters);
}

describe('matchRows', () => {
  it('pairs identical rows by hash, duplicates included', () => {
    expect(
      match(
        [
          [1, 'a'],
          [1, 'a'],
          [2, 'b'],
        ],
        [
          [2, 'b'],
          [1, 'a'],
          [1, 'a'],
        ],
      ).ok,
    ).toBe(true);
    expect(
      match(
        [
          [1, 'a'],
          [1, 'a'],
        ],
        [
          [1, 'a'],
          [2, 'b'],
        ],
      ),
    ).toEqual({
      ok: false,
      code: 'row_mismatch',
      goldRow: 1,
      resultRow: 1,
    });
  });

  it('checks every hash hit cell by cell: equal hashes of different values do not match', () => {
    // '2009' and '2009.0' hash alike (both spell 2009) but are different strings.
    expect(match([['2009']], [['2009.0']]).ok).toBe(false);
  });

  it('pairs rows equal only within tolerance, across a tolerance chain', () => {
    expect(match([[1.0], [1.004]], [[1.004], [1.008]]).ok).toBe(true);
    expect(
      match(
        [
          [1.0, 'a'],
          [1.004, 'a'],
        ],
        [
          [1.004, 'a'],
          [1.008, 'a'],
        ],
      ).ok,
    ).toBe(true);
    expect(match([[1.0], [1.004]], [[1.004], [1.0091]]).ok).toBe(false);
  });

  it('re-pairs an exact match when a complete matching needs it (long augmenting path)', () => {
    const gold = Array.from({ length: 200 }, (_, i) => [i * 0.004]);
    const result = Array.from({ length: 200 }, (_, i) => [(i + 1) * 0.004]);
    expect(match(gold, result).ok).toBe(true);
  });

  it('pairs rows whose numbers are spelled on one side', () => {
    expect(
      match(
        [
          [2009, 'x'],
          [2010, 'y'],
        ],
        [
          ['2010', 'y'],
          ['2009.0', 'x'],
        ],
      ).ok,
    ).toBe(true);
    expect(match([[1], [2]], [['2'], ['1']], false, PYTHON_RULES).ok).toBe(false);
  });

  it('reports order when rows match as a multiset but not position by position', () => {
    expect(match([[1], [2]], [[2], [1]], true)).toEqual({ ok: false, code: 'order', index: 0 });
    expect(match([[1], [2]], [[1], [2]], true).ok).toBe(true);
  });

  it('handles many identical rows in linear time (matched rows leave their chain)', () => {
    const rows = Array.from({ length: 50_000 }, () => [1, 'same']);
    expect(match(rows, rows.slice()).ok).toBe(true);
  });

  it('handles many rows that pair only within tolerance through the key-column index', () => {
    const gold = Array.from({ length: 20_000 }, (_, i) => [i / 100, `k${i % 3}`]);
    const result = gold.map(([x, k]) => [(x as number) + 0.001, k]).reverse();
    expect(match(gold, result).ok).toBe(true);
  });
});
