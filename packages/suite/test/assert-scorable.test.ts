import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertScorable,
  type EvalCase,
  type EvalSuite,
  formatSuite,
  parseSuite,
  type SuiteMode,
  UnscorableSuiteError,
} from '../src/index.js';

const answered: EvalCase = {
  id: 'c1',
  question: 'How many artists are there?',
  datasource: 'chinook',
  source: 'hand',
  approved: true,
  tags: ['single-table', 'aggregation'],
  order_matters: false,
  outcome: { admin: 'allowed', catalog: 'allowed' },
  tables: ['Artist'],
  columns: [],
  sql: 'SELECT COUNT(*) FROM Artist',
  rows: [[275]],
  plan: { select: [{ expr: { kind: 'aggregate', func: 'count' } }], from: { table: 'Artist' } },
};
const withoutRows = (c: EvalCase): EvalCase => {
  const { rows: _, ...rest } = c;
  return rest;
};
const suiteOf = (...cases: EvalCase[]): EvalSuite => ({ name: 't', version: 1, cases });

function unscorable(suite: EvalSuite, mode: SuiteMode = 'full', roles?: string[]) {
  try {
    assertScorable(suite, { mode, ...(roles ? { roles } : {}) });
  } catch (error) {
    if (error instanceof UnscorableSuiteError) return error;
    throw error;
  }
  return undefined;
}

describe('assertScorable', () => {
  it('accepts a suite whose compared cases all have rows', () => {
    expect(unscorable(suiteOf(answered))).toBeUndefined();
  });

  it('refuses order_ties that do not describe the rows (stale after an edit): run regenerate', () => {
    const ordered = { ...answered, order_matters: true, rows: [[1], [1], [2]] };
    expect(unscorable(suiteOf({ ...ordered, order_ties: { groups: [2, 1] } }))).toBeUndefined();
    expect(unscorable(suiteOf({ ...ordered, order_ties: { groups: [2] } }))?.cases).toEqual([
      {
        caseId: 'c1',
        file: undefined,
        line: undefined,
        problem: 'order_ties groups cover 2 rows, rows has 3: run regenerate',
      },
    ]);
    const short = { groups: [1, 2], boundary_rows: [[1]] };
    expect(unscorable(suiteOf({ ...ordered, order_ties: short }))?.cases[0]?.problem).toBe(
      "order_ties boundary_rows lists 1 rows, fewer than the last group's 2: run regenerate",
    );
  });

  it('names every case without rows, with file and line, and the command that writes them', () => {
    // The state right after a person writes cases, before regenerate: no rows anywhere.
    const text = formatSuite(
      suiteOf(
        withoutRows(answered),
        { ...answered, id: 'c2' },
        { ...withoutRows(answered), id: 'c3', alt_sql: ['SELECT 275'] },
      ),
    );
    const error = unscorable(parseSuite(text, 'suites/new.yaml'));
    const line = (id: string) => text.slice(0, text.indexOf(`- id: ${id}`)).split('\n').length;
    expect(error?.cases).toEqual([
      { caseId: 'c1', file: 'suites/new.yaml', line: line('c1'), problem: 'no rows' },
      { caseId: 'c3', file: 'suites/new.yaml', line: line('c3'), problem: 'no rows' },
      {
        caseId: 'c3',
        file: 'suites/new.yaml',
        line: line('c3'),
        problem: 'alt_sql[0] has no alt_rows',
      },
    ]);
    expect(error?.code).toBe('SUITE_UNSCORABLE');
    expect(error?.message.split('\n')).toEqual([
      'suite t: 3 case(s) have no gold rows, so a run could only score their outcome. Gold rows are written by regenerate: `nl2sql suite regenerate suites/new.yaml` (then review the diff).',
      `  suites/new.yaml:${line('c1')}: case c1: no rows`,
      `  suites/new.yaml:${line('c3')}: case c3: no rows`,
      `  suites/new.yaml:${line('c3')}: case c3: alt_sql[0] has no alt_rows`,
    ]);
    expect(error?.stack).toBe(`UnscorableSuiteError: ${error?.message}`);
  });

  it('applies to every mode that compares rows, and not to mode retrieval', () => {
    const suite = suiteOf(withoutRows(answered));
    for (const mode of ['plans', 'full', 'engine'] as const)
      expect(unscorable(suite, mode), mode).toBeInstanceOf(UnscorableSuiteError);
    expect(unscorable(suite, 'retrieval')).toBeUndefined();
  });

  it('skips what the run does not compare: unapproved, unanswerable, refused for the roles run', () => {
    const refusedForCatalog = {
      ...withoutRows(answered),
      id: 'c4',
      outcome: { admin: 'allowed', catalog: 'refused' } as const,
    };
    expect(unscorable(suiteOf({ ...withoutRows(answered), approved: false }))).toBeUndefined();
    expect(
      unscorable(
        suiteOf({
          ...withoutRows(answered),
          sql: undefined as never,
          outcome: { admin: 'unanswerable' },
        }),
      ),
    ).toBeUndefined();
    expect(unscorable(suiteOf(refusedForCatalog), 'full', ['catalog'])).toBeUndefined();
    expect(unscorable(suiteOf(refusedForCatalog), 'full', ['admin'])?.cases).toHaveLength(1);
    expect(unscorable(suiteOf(refusedForCatalog), 'full')?.cases).toHaveLength(1);
  });

  it('throws exactly when some approved, allowed, answerable case lacks rows (any suite)', () => {
    const arbCase = fc.record({
      approved: fc.boolean(),
      rows: fc.boolean(),
      sql: fc.boolean(),
      admin: fc.constantFrom('allowed', 'refused', 'unanswerable' as const),
    });
    fc.assert(
      fc.property(fc.array(arbCase, { maxLength: 8 }), (specs) => {
        const cases = specs.map((s, i): EvalCase => {
          const base: EvalCase = {
            ...withoutRows(answered),
            id: `c${i}`,
            approved: s.approved,
            outcome: { admin: s.admin },
          };
          if (!s.sql) delete base.sql;
          if (s.sql && s.rows) base.rows = [[1]];
          return base;
        });
        const expected = specs
          .map((s, i) => ({ s, id: `c${i}` }))
          .filter(({ s }) => s.approved && s.sql && !s.rows && s.admin === 'allowed')
          .map(({ id }) => id);
        const error = unscorable(suiteOf(...cases));
        expect(error?.cases.map((c) => c.caseId) ?? []).toEqual(expected);
      }),
    );
  });
});
