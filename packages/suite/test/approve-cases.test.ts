import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approveCases,
  type EvalCase,
  type EvalSuite,
  formatSuite,
  isApproved,
  UnknownCaseError,
  unapprovedCases,
} from '../src/index.js';

const draft = (id: string, approved?: boolean): EvalCase => ({
  id,
  question: `question ${id}`,
  datasource: 'shop',
  source: { kind: 'imported', file: 'pairs.csv', line: 2 },
  ...(approved === undefined ? {} : { approved }),
  tags: [],
  order_matters: false,
  outcome: { admin: 'allowed' },
  tables: ['orders'],
  columns: [],
  sql: 'SELECT COUNT(*) FROM orders',
  rows: [[3]],
});

const suite: EvalSuite = {
  name: 'shop',
  version: 1,
  cases: [draft('a', false), draft('b'), draft('c', false), draft('d', true)],
};

describe('unapprovedCases', () => {
  it('lists the cases that say approved: false, in suite order', () => {
    expect(unapprovedCases(suite).map((c) => c.id)).toEqual(['a', 'c']);
  });
});

describe('approveCases', () => {
  it('approves the drafts named, tells which were approved already, and changes nothing else', () => {
    const result = approveCases(suite, ['c', 'b']);
    expect(result.approved).toEqual(['c']);
    expect(result.already).toEqual(['b']);
    expect(result.suite.cases[2]).toEqual({ ...draft('c'), approved: true });
    expect(result.suite.cases.filter((_, i) => i !== 2)).toEqual(
      suite.cases.filter((_, i) => i !== 2),
    );
    expect(suite.cases[2]?.approved).toBe(false);
  });

  it('refuses the whole request when any id is not a case', () => {
    expect(() => approveCases(suite, ['a', 'zz', 'yy'])).toThrow(UnknownCaseError);
    expect(() => approveCases(suite, ['a', 'zz'])).toThrow(
      'suite shop has no case zz; nothing was approved (nl2sql suite review lists the drafts)',
    );
  });

  it('leaves exactly the cases not named as they were, and every named one approved (property)', () => {
    const ids = ['a', 'b', 'c', 'd'];
    fc.assert(
      fc.property(fc.subarray(ids), (named) => {
        const next = approveCases(suite, named).suite;
        next.cases.forEach((c, i) => {
          if (named.includes(c.id)) expect(isApproved(c)).toBe(true);
          else expect(c).toBe(suite.cases[i]);
        });
        expect(formatSuite(next)).toBe(formatSuite(approveCases(next, named).suite));
      }),
    );
  });
});

describe('approveCases: all, and drafts without gold rows', () => {
  const rowless: EvalCase = (({ rows: _rows, ...rest }) => rest)(draft('no_rows', false));
  const mixed: EvalSuite = {
    name: 'shop',
    version: 1,
    cases: [draft('a', false), draft('b'), rowless, draft('c', false)],
  };

  it('approves every draft with rows, names the one without, and leaves it a draft', () => {
    const result = approveCases(mixed, 'all');
    expect(result.approved).toEqual(['a', 'c']);
    expect(result.already).toEqual([]);
    expect(result.refused).toEqual([
      { id: 'no_rows', reason: expect.stringContaining('its gold rows are missing') },
    ]);
    expect(unapprovedCases(result.suite).map((c) => c.id)).toEqual(['no_rows']);
  });

  it('refuses a draft without rows named by id too, approving the others', () => {
    const result = approveCases(mixed, ['no_rows', 'a']);
    expect(result.approved).toEqual(['a']);
    expect(result.refused.map((r) => r.id)).toEqual(['no_rows']);
  });
});
