import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchGoldRows, nl2sqlMatchers } from '../src/index.js';

expect.extend(nl2sqlMatchers);

const gold = { columns: ['FirstName', 'LastName', 'spend'], rows: [['Helena', 'Holý', 49.62]] };
const swapped = { columns: ['last', 'first', 'total'], rows: [['Holý', 'Helena', 49.6200001]] };

/** The message vitest reports when `assertion` fails (it throws an AssertionError). */
function failureOf(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the assertion passed');
}

describe('toMatchGoldRows', () => {
  it('passes on the same rows in another order (order not asked for)', () => {
    expect({ columns: ['n'], rows: [[2], [1]] }).toMatchGoldRows({
      columns: ['x'],
      rows: [[1], [2]],
    });
  });

  it('fails strict on swapped columns with the comparator explanation as the message', () => {
    expect(failureOf(() => expect(swapped).toMatchGoldRows(gold))).toBe(
      'expected the rows to match the gold rows: FAIL strict: rows differ: gold row 1 ["Helena", "Holý", 49.62] has no match; first unmatched result row 1 ["Holý", "Helena", 49.6200001]',
    );
  });

  it('passes lenient on swapped columns, and .not says which columns matched', () => {
    expect(swapped).toMatchGoldRows(gold, { lenient: true });
    expect(failureOf(() => expect(swapped).not.toMatchGoldRows(gold, { lenient: true }))).toBe(
      'expected the rows not to match the gold rows, but they do: PASS lenient (columns 1->2 2->1 3->3)',
    );
  });

  it('fails on a row count, and passes .not', () => {
    const short = { columns: ['n'], rows: [[1]] };
    const two = { columns: ['n'], rows: [[1], [2]] };
    expect(short).not.toMatchGoldRows(two);
    expect(failureOf(() => expect(short).toMatchGoldRows(two, { lenient: true }))).toBe(
      'expected the rows to match the gold rows: FAIL lenient: row count differs: gold has 2, result has 1',
    );
  });

  it('checks order only with orderMatters, and says where it first differs', () => {
    const result = { columns: ['n'], rows: [[2], [1]] };
    const ordered = { columns: ['n'], rows: [[1], [2]] };
    expect(result).toMatchGoldRows(ordered);
    expect(failureOf(() => expect(result).toMatchGoldRows(ordered, { orderMatters: true }))).toBe(
      'expected the rows to match the gold rows: FAIL strict: same rows, wrong order: first difference at row 1, gold [1] vs result [2]',
    );
  });

  it('uses the tolerance it is given', () => {
    const result = { columns: ['x'], rows: [[1.04]] };
    const expected = { columns: ['x'], rows: [[1]] };
    expect(result).not.toMatchGoldRows(expected);
    expect(result).toMatchGoldRows(expected, { tolerance: 0.05 });
  });

  it('passes on an alternative, and lists every alternative tried when none matches', () => {
    const result = { columns: ['n'], rows: [[3]] };
    const alternative = { columns: ['n'], rows: [[3]] };
    expect(result).toMatchGoldRows(
      { columns: ['n'], rows: [[1]] },
      { alternatives: [alternative] },
    );
    const message = failureOf(() =>
      expect(result).toMatchGoldRows(
        { columns: ['n'], rows: [[1]] },
        { alternatives: [{ columns: ['n'], rows: [[2]] }] },
      ),
    );
    expect(message).toBe(
      [
        'expected the rows to match the gold rows: FAIL strict: rows differ: gold row 1 [1] has no match; first unmatched result row 1 [3]',
        '  alternative 1: FAIL strict: rows differ: gold row 1 [2] has no match; first unmatched result row 1 [3]',
      ].join('\n'),
    );
  });

  it('refuses something that is not a result set, with or without .not', () => {
    const answer = {
      status: 'answered',
      sql: 'SELECT 1',
      results: [{ columns: ['n'], rows: [[1]] }],
    };
    const said =
      "toMatchGoldRows: expected a result set { columns: string[], rows: unknown[][] }; got an object with keys status, sql, results (an engine's answer? pass one of its results, e.g. answer.results[0])";
    expect(() => expect(answer).toMatchGoldRows({ columns: ['n'], rows: [[1]] })).toThrow(said);
    expect(() => expect(answer).not.toMatchGoldRows({ columns: ['n'], rows: [[1]] })).toThrow(said);
    // A result without rows is not an empty result: an empty gold must not make it pass.
    expect(() => expect({ columns: [] }).not.toMatchGoldRows({ columns: [], rows: [] })).toThrow(
      'got an object with keys columns',
    );
    expect(() => expect(undefined).toMatchGoldRows({ columns: [], rows: [] })).toThrow(
      'got a undefined',
    );
  });

  it('refuses a malformed gold or alternative', () => {
    const result = { columns: ['n'], rows: [[1]] };
    expect(() => expect(result).toMatchGoldRows([[1]] as never)).toThrow(
      'toMatchGoldRows: the gold must be { columns: string[], rows: unknown[][] }; got an array of 1',
    );
    expect(() =>
      expect(result).toMatchGoldRows(result, { alternatives: [{ rows: [[1]] } as never] }),
    ).toThrow('alternative 1 must be');
  });

  it('works as an asymmetric matcher inside toEqual', () => {
    const answer = { status: 'answered', results: [{ columns: ['n'], rows: [[1]] }] };
    expect(answer).toEqual({
      status: 'answered',
      results: [expect.toMatchGoldRows({ columns: ['count'], rows: [[1]] })],
    });
  });
});

describe('matchGoldRows', () => {
  const cell = fc.oneof(
    fc.integer({ min: -1000, max: 1000 }),
    fc.string({ maxLength: 4 }),
    fc.constant(null),
  );
  const table = fc.integer({ min: 1, max: 4 }).chain((width) =>
    fc.record({
      columns: fc.constant(Array.from({ length: width }, (_, i) => `c${i}`)),
      rows: fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 8 }),
    }),
  );

  it('matches any table with its rows in any order, strict and lenient', () => {
    const shuffledTable = table.chain((t) =>
      fc.record({
        gold: fc.constant(t),
        rows: fc.shuffledSubarray(t.rows, { minLength: t.rows.length, maxLength: t.rows.length }),
      }),
    );
    fc.assert(
      fc.property(shuffledTable, ({ gold, rows }) => {
        const result = { columns: gold.columns, rows };
        expect(matchGoldRows(result, gold).pass).toBe(true);
        expect(matchGoldRows(result, gold, { lenient: true }).pass).toBe(true);
      }),
    );
  });

  it('never matches a table with one row fewer', () => {
    fc.assert(
      fc.property(table, (t) => {
        fc.pre(t.rows.length > 0);
        const result = { columns: t.columns, rows: t.rows.slice(1) };
        const outcome = matchGoldRows(result, t, { lenient: true });
        expect(outcome.pass).toBe(false);
        expect(outcome.message()).toContain('row count differs');
      }),
    );
  });
});
