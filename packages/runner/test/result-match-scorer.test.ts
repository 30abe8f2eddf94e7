import type { AskResponse } from '@nl2sql/engine';
import type { EvalCase } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { resultMatchScorer } from '../src/index.js';
import { SUITE } from './suite-fixture.js';

const base = SUITE.cases[0]!;

function run(
  c: Partial<EvalCase>,
  columns: string[],
  rows: unknown[][],
  extra: Partial<AskResponse> = {},
) {
  const response: AskResponse = {
    status: 'success',
    sql: 'SELECT …',
    results: [{ columns, rows: rows as AskResponse['results'][0]['rows'], truncated: false }],
    answer: null,
    error: null,
    usage: [],
    trace: {},
    ...extra,
  };
  const r = resultMatchScorer().score({
    kind: 'ask',
    mode: 'plans',
    case: { ...base, ...c },
    role: 'analyst',
    expected: 'allowed',
    response,
  });
  if (r instanceof Promise) throw new Error('sync');
  return r;
}

describe('resultMatchScorer (spec "How a run is scored")', () => {
  it('names do not count, order does: SELECT Country AS c matches; swapped columns do not (strict)', () => {
    const gold = {
      rows: [
        ['USA', 13],
        ['Canada', 8],
      ],
    };
    expect(
      run(
        gold,
        ['c', 'n'],
        [
          ['USA', 13],
          ['Canada', 8],
        ],
      )?.pass,
    ).toBe(true);
    const swapped = run(
      gold,
      ['n', 'c'],
      [
        [13, 'USA'],
        [8, 'Canada'],
      ],
    );
    expect(swapped?.pass).toBe(false);
    expect(swapped?.lenient).toBe(true);
    expect(swapped?.explanation).toContain('lenient passes');
  });

  it("records BIRD's Soft-F1 beside the verdict: rows paired by position, 0 when nothing ran, null when cut", () => {
    const gold = {
      rows: [
        ['a', 1],
        ['b', 2],
      ],
    };
    expect(
      run(
        gold,
        ['x', 'n'],
        [
          ['a', 1],
          ['b', 2],
        ],
      )?.detail.soft_f1,
    ).toBe(1);
    // EX passes (no order_matters), Soft-F1 does not: BIRD pairs rows by position.
    const swapped = run(
      gold,
      ['x', 'n'],
      [
        ['b', 2],
        ['a', 1],
      ],
    );
    expect([swapped?.pass, swapped?.detail.soft_f1]).toEqual([true, 0]);
    expect(
      run(
        gold,
        ['x', 'n'],
        [
          ['a', 1],
          ['b', 3],
        ],
      )?.detail.soft_f1,
    ).toBe(0.75);
    const failed = run(gold, ['x'], [], {
      status: 'error',
      results: [],
      error: { code: 'SQL_ERROR', message: 'no such column' },
    });
    expect(failed?.detail.soft_f1).toBe(0);
    const cut = run(gold, ['x', 'n'], [['a', 1]], {
      results: [{ columns: ['x', 'n'], rows: [['a', 1]], truncated: true }],
    });
    expect(cut?.detail.soft_f1).toBeNull();
  });

  it('numbers match within 0.005 and a string that spells a number; other strings must be equal', () => {
    expect(run({ rows: [[523.06]] }, ['t'], [[523.0649]])?.pass).toBe(true);
    expect(run({ rows: [[523.06]] }, ['t'], [[523.07]])?.pass).toBe(false);
    expect(run({ rows: [[2009]] }, ['y'], [['2009']])?.pass).toBe(true);
    expect(run({ rows: [['2009']] }, ['y'], [['2009.0']])?.pass).toBe(false);
  });

  it('row order counts only when order_matters', () => {
    const gold = { rows: [['a'], ['b']] };
    expect(run({ ...gold, order_matters: false }, ['x'], [['b'], ['a']])?.pass).toBe(true);
    expect(run({ ...gold, order_matters: true }, ['x'], [['b'], ['a']])?.pass).toBe(false);
  });

  it('passes on any alternative; the date label passes leniently only', () => {
    const c = { rows: [['2009', 449.46]], alt_rows: [[['Y2009', 449.46]]] };
    expect(run(c, ['y', 't'], [['Y2009', 449.46]])?.detail).toMatchObject({
      strict: { matched_gold: 1 },
    });
    const label = run({ rows: [['2009', 449.46]] }, ['y', 't'], [['2009-01-01', 449.46]]);
    expect([label?.pass, label?.lenient]).toEqual([false, true]);
  });

  it('under a policy, counts an alternative only for a role that may read all it reads, and names the gold matched by its place', () => {
    const c: EvalCase = {
      ...base,
      rows: [['2009', 449.46]],
      alt_sql: ['SELECT label, total FROM yearly_view', "SELECT 'Y' || y, t FROM base"],
      alt_rows: [[['FY2009', 449.46]], [['Y2009', 449.46]]],
      alt_reads: [
        { tables: ['yearly_view'], columns: ['yearly_view.label', 'yearly_view.total'] },
        { tables: base.tables, columns: base.columns },
      ],
    };
    const scorer = resultMatchScorer({
      policy: { roles: { analyst: { tables: [...base.tables] } } },
    });
    const score = (rows: unknown[][]) => {
      const r = scorer.score({
        kind: 'ask',
        mode: 'plans',
        case: c,
        role: 'analyst',
        expected: 'allowed',
        response: {
          status: 'success',
          sql: 'SELECT …',
          results: [{ columns: ['y', 't'], rows: rows as never, truncated: false }],
          answer: null,
          error: null,
          usage: [],
          trace: {},
        },
      });
      if (r instanceof Promise || r === null) throw new Error('sync');
      return r;
    };
    // alt_sql[1] is gold 2 of the case, whatever was held back before it.
    expect(score([['Y2009', 449.46]]).detail).toMatchObject({
      strict: { pass: true, matched_gold: 2 },
      alternatives_withheld: [0],
    });
    const viewRows = score([['FY2009', 449.46]]);
    expect([viewRows.pass, viewRows.lenient]).toEqual([false, false]);
    expect(viewRows.explanation).toContain(
      'the rows match alt_sql[0], which does not count for role analyst',
    );
  });

  it('does not apply to refused or unanswerable outcomes, and fails an error response', () => {
    const r = resultMatchScorer().score({
      kind: 'ask',
      mode: 'plans',
      case: base,
      role: 'support',
      expected: 'refused',
      response: {
        status: 'error',
        sql: null,
        results: [],
        answer: null,
        error: null,
        usage: [],
        trace: {},
      },
    });
    expect(r).toBeNull();
    const failed = run({}, [], [], {
      status: 'error',
      results: [],
      error: { code: 'EXECUTION_ERROR', message: 'no such column' },
    });
    expect(failed?.pass).toBe(false);
    expect(failed?.explanation).toContain('EXECUTION_ERROR: no such column');
  });
});

describe('resultMatchScorer on a datasource engine', () => {
  const scored = (engine: string | undefined, c: Partial<EvalCase>, rows: unknown[][]) => {
    const r = resultMatchScorer(engine === undefined ? {} : { engine }).score({
      kind: 'ask',
      mode: 'plans',
      case: { ...base, ...c },
      role: 'analyst',
      expected: 'allowed',
      response: {
        status: 'success',
        sql: 'SELECT …',
        results: [{ columns: ['avg'], rows: rows as never, truncated: false }],
        answer: null,
        error: null,
        usage: [],
        trace: {},
      },
    });
    if (r instanceof Promise) throw new Error('sync');
    return r?.pass;
  };
  // SQLite truncates 11 / 2; PostgreSQL's NUMERIC keeps the fraction: the case records both.
  const c = { rows: [[5]], rows_by_engine: { postgres: [[5.5]] } };

  it("compares PostgreSQL's result with rows_by_engine.postgres, SQLite's with rows", () => {
    expect(scored('postgres', c, [[5.5]])).toBe(true);
    expect(scored('postgres', c, [[5]])).toBe(false);
    expect(scored('sqlite', c, [[5]])).toBe(true);
    expect(scored(undefined, c, [[5.5]])).toBe(false);
  });

  it('compares with rows on PostgreSQL when the engines agree (no rows_by_engine)', () => {
    expect(scored('postgres', { rows: [[5]] }, [[5]])).toBe(true);
    expect(scored('postgres', { rows: [[5]] }, [[5.5]])).toBe(false);
  });
});

describe('resultMatchScorer: order up to the tie groups the case records (order_ties)', () => {
  // ORDER BY papers DESC: Bob, Cyd and Dee tie on 5 papers.
  const rows = [
    ['Ada', 7],
    ['Bob', 5],
    ['Cyd', 5],
    ['Dee', 5],
  ];
  const tied = [
    ['Ada', 7],
    ['Dee', 5],
    ['Bob', 5],
    ['Cyd', 5],
  ];
  const ordered: Partial<EvalCase> = { rows, order_matters: true };

  it('tied rows in another order pass with order_ties and fail without, as before', () => {
    const without = run(ordered, ['n', 'p'], tied);
    expect(without?.pass).toBe(false);
    expect(without?.explanation).toContain('same rows, wrong order: first difference at row 2');
    const withTies = run({ ...ordered, order_ties: { groups: [1, 3] } }, ['n', 'p'], tied);
    expect(withTies?.pass).toBe(true);
    expect(withTies?.detail).toMatchObject({
      strict: { pass: true, ties: { groups: 2, cut: null } },
    });
  });

  it('a row across groups fails and the explanation names the group', () => {
    const across = [
      ['Bob', 5],
      ['Ada', 7],
      ['Cyd', 5],
      ['Dee', 5],
    ];
    const r = run({ ...ordered, order_ties: { groups: [1, 3] } }, ['n', 'p'], across);
    expect(r?.pass).toBe(false);
    expect(r?.explanation).toContain('row 1 (placed by the gold ORDER BY, no tie)');
    expect(r?.explanation).toContain('order compared up to 2 tie group(s) of the gold ORDER BY');
  });

  it('a LIMIT cut: another tied row at the boundary passes, a row from outside fails', () => {
    const top = {
      rows: rows.slice(0, 3),
      order_matters: true,
      order_ties: { groups: [1, 2], boundary_rows: rows.slice(1) },
    };
    const other = run(
      top,
      ['n', 'p'],
      [
        ['Ada', 7],
        ['Dee', 5],
        ['Cyd', 5],
      ],
    );
    expect(other?.pass).toBe(true);
    expect(
      (other?.detail as { strict: { ties_rule: string } } | undefined)?.strict.ties_rule,
    ).toContain('any 2 of its 3 tied rows');
    const wrong = run(
      top,
      ['n', 'p'],
      [
        ['Ada', 7],
        ['Dee', 5],
        ['Eve', 2],
      ],
    );
    expect(wrong?.pass).toBe(false);
    expect(wrong?.explanation).toContain("the result's rows there are not all rows of that group");
  });

  it("on PostgreSQL with the engine's own rows the order stays exact", () => {
    const c = {
      ...ordered,
      order_ties: { groups: [1, 3] },
      rows_by_engine: { postgres: rows.map((r) => [...r]) },
    };
    const r = resultMatchScorer({ engine: 'postgres' }).score({
      kind: 'ask',
      mode: 'plans',
      case: { ...base, ...c },
      role: 'analyst',
      expected: 'allowed',
      response: {
        status: 'success',
        sql: 'SELECT …',
        results: [{ columns: ['n', 'p'], rows: tied, truncated: false }],
        answer: null,
        error: null,
        usage: [],
        trace: {},
      },
    });
    expect((r as { pass: boolean }).pass).toBe(false);
  });
});
