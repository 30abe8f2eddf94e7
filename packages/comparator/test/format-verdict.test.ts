import { describe, expect, it } from 'vitest';
import {
  compareAny,
  compareLenient,
  compareStrict,
  formatVerdict,
  type TableLike,
} from '../src/index.js';

const t = (columns: readonly string[], rows: readonly (readonly unknown[])[]): TableLike => ({
  columns,
  rows,
});

describe('formatVerdict', () => {
  it('renders passes, with the lenient mapping and the empty-match flag', () => {
    expect(formatVerdict(compareStrict(t(['a'], [[1]]), t(['a'], [[1]])))).toBe('PASS strict');
    expect(
      formatVerdict(compareLenient(t(['a', 'b'], [[1, 'x']]), t(['b', 'a'], [['x', 1]]))),
    ).toBe('PASS lenient (columns 1->2 2->1)');
    expect(formatVerdict(compareStrict(t(['a'], []), t(['a'], [])))).toBe(
      'PASS strict (empty match: both results have no rows)',
    );
  });

  it('says when an alternative answer matched', () => {
    const run = t(['y'], [['2009-01-01']]);
    expect(formatVerdict(compareAny([t(['y'], [['2009']]), run], run))).toBe(
      'PASS strict (matched alternative 1)',
    );
    expect(formatVerdict(compareAny([run], run))).toBe('PASS strict');
  });

  it('renders each failure reason on one line', () => {
    const lines = [
      formatVerdict(compareStrict(t(['a'], [[1], [2]]), t(['a'], [[1]]))),
      formatVerdict(compareStrict(t(['a'], [[1]]), t(['a', 'b'], [[1, 2]]))),
      formatVerdict(
        compareLenient(
          t(['a'], [[1], [2]]),
          t(
            ['a', 'b', 'c', 'd'],
            [
              [1, 0, 0, 0],
              [2, 0, 0, 0],
            ],
          ),
        ),
      ),
      formatVerdict(
        compareLenient(
          t(
            ['a', 'total'],
            [
              ['x', 1],
              ['y', 2],
            ],
          ),
          t(
            ['a', 't'],
            [
              ['x', 1],
              ['y', 3],
            ],
          ),
        ),
      ),
      formatVerdict(compareStrict(t(['a', 'b'], [[1, 'x']]), t(['a', 'b'], [[1, 'y']]))),
      formatVerdict(
        compareStrict(t(['a'], [[1], [2]]), t(['a'], [[2], [1]]), { orderMatters: true }),
      ),
    ];
    expect(lines).toEqual([
      'FAIL strict: row count differs: gold has 2, result has 1',
      'FAIL strict: column count differs: gold has 1, result has 2',
      'FAIL lenient: too many columns: result has 4, at most 3 allowed for 1 gold column(s)',
      'FAIL lenient: gold column 2 ("total") is not answered: no result column holds the same values',
      'FAIL strict: rows differ: gold row 1 [1, "x"] has no match; first unmatched result row 1 [1, "y"]',
      'FAIL strict: same rows, wrong order: first difference at row 1, gold [1] vs result [2]',
    ]);
    for (const line of lines) expect(line).not.toContain('\n');
  });

  it('shows the lenient column mapping tried on a row mismatch, and truncates long rows', () => {
    const long = 'x'.repeat(200);
    const line = formatVerdict(
      compareLenient(
        t(
          ['n', 'v'],
          [
            [long, 1],
            ['b', 2],
          ],
        ),
        t(
          ['v', 'n'],
          [
            [2, long],
            [1, 'b'],
          ],
        ),
      ),
    );
    expect(line).toMatch(/^FAIL lenient: rows differ: .*\.\.\.\].*\[columns 1->2 2->1\]$/);
  });
});
