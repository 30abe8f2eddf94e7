// caseRunTests on hand-made reports: names, the score chosen, and that nothing unrun passes.
import { describe, expect, it } from 'vitest';
import { type CaseResultLike, caseRunTests, type RunReportLike } from '../src/index.js';

const caseRun = (over: Partial<CaseResultLike> = {}): CaseResultLike => ({
  caseId: 'q1',
  role: null,
  pass: 1,
  status: 'pass',
  lenientStatus: 'pass',
  error: null,
  sql: 'SELECT 1',
  explanation: null,
  ...over,
});
const report = (cases: CaseResultLike[], over: Partial<RunReportLike['configs'][number]> = {}) => ({
  stopped: null,
  configs: [
    {
      config: { name: 'mine' },
      plannedCases: cases.length,
      completedCases: cases.length,
      cases,
      ...over,
    },
  ],
});

describe('caseRunTests', () => {
  it('names a test by case, role and pass when there are several passes', () => {
    const [group] = caseRunTests(
      report([caseRun({ role: 'sales' }), caseRun({ role: 'sales', pass: 2 })]),
    );
    expect(group?.name).toBeNull();
    expect(group?.tests.map((t) => t.name)).toEqual([
      'q1 as sales (pass 1)',
      'q1 as sales (pass 2)',
    ]);
  });

  it('fails on the strict score by default and passes a lenient-only pass with score lenient', () => {
    const lenientOnly = report([caseRun({ status: 'fail', explanation: 'columns differ' })]);
    const strict = caseRunTests(lenientOnly)[0]?.tests[0];
    expect(strict?.failure).toBe(
      'strict: fail (lenient: pass)\nwhy: columns differ\nsql: SELECT 1',
    );
    expect(caseRunTests(lenientOnly, { score: 'lenient' })[0]?.tests[0]?.failure).toBeNull();
  });

  it('adds a failing test when case runs did not run or the run stopped', () => {
    const stopped = { ...report([caseRun()], { plannedCases: 3 }), stopped: 'max_cost' };
    const tests = caseRunTests(stopped)[0]?.tests ?? [];
    expect(tests.at(-1)).toEqual({
      name: 'every planned case run ran',
      failure: '2 of 3 planned case runs did not run (the run stopped: max_cost)',
    });
  });

  it('makes an empty run one failing test, never an empty pass', () => {
    const tests = caseRunTests(report([]))[0]?.tests ?? [];
    expect(tests).toEqual([
      { name: 'every planned case run ran', failure: 'the run scored no case run' },
    ]);
  });

  it('groups by config when the run had several', () => {
    const two: RunReportLike = {
      stopped: null,
      configs: ['a', 'b'].map((name) => ({
        config: { name },
        plannedCases: 1,
        completedCases: 1,
        cases: [caseRun()],
      })),
    };
    expect(caseRunTests(two).map((g) => g.name)).toEqual(['a', 'b']);
  });
});
