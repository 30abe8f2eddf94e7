import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executionsPerQuestion, gate } from '../src/index.js';
import type { CaseRun, RunSummary } from '../src/run-summary.js';

const summary = (runs: CaseRun[]): RunSummary => ({
  mode: 'plans',
  suiteDigest: 'd',
  schemaFingerprint: 'f',
  configs: { agent: runs },
});
const run = (caseId: string, extra: Partial<CaseRun> = {}): CaseRun => ({
  caseId,
  pass: 1,
  passed: true,
  ...extra,
});
const limits = { maxRegressions: 0, alpha: null, maxCostIncrease: 0.2 };

describe('the process checks', () => {
  it('fails a rise in SQL executions per question beyond the threshold, passes one within', () => {
    const before = summary([run('a', { executions: 2 }), run('b', { executions: 2 })]);
    const up = summary([run('a', { executions: 3 }), run('b', { executions: 3 })]);
    const bit = summary([run('a', { executions: 2 }), run('b', { executions: 3 })]);
    const check = (after: RunSummary) =>
      gate(before, after, { ...limits, maxExecutionsIncrease: 0.25 }).checks.find(
        (c) => c.name === 'max_executions_increase',
      );
    expect(check(up)).toMatchObject({ pass: false, value: 0.5, threshold: 0.25 });
    expect(check(up)?.explanation).toMatch(
      /from 2.00 to 3.00 \(\+50%\), more than max_executions_increase \+25%/,
    );
    expect(check(bit)).toMatchObject({ pass: true, value: 0.25 });
  });

  it('adds no executions check without a threshold or without trajectories', () => {
    const plain = summary([run('a')]);
    expect(
      gate(plain, plain, { ...limits, maxExecutionsIncrease: 0.25 }).checks.map((c) => c.name),
    ).not.toContain('max_executions_increase');
    const traced = summary([run('a', { executions: 9 })]);
    expect(gate(plain, traced, limits).checks.map((c) => c.name)).not.toContain(
      'max_executions_increase',
    );
    const one = gate(plain, traced, { ...limits, maxExecutionsIncrease: 0.25 }).checks.find(
      (c) => c.name === 'max_executions_increase',
    );
    expect(one).toMatchObject({ pass: true, value: null });
  });

  it('holds guessed and needless clarify verdicts to the regression count', () => {
    const before = summary([
      run('c1', { clarify: 'clarified' }),
      run('c2', { clarify: 'clarified' }),
    ]);
    const after = summary([
      run('c1', { clarify: 'guessed', passed: false }),
      run('c2', { clarify: 'clarified' }),
    ]);
    const checks = gate(before, after, limits).checks;
    expect(checks.find((c) => c.name === 'max_guessed')).toMatchObject({ pass: false, value: 1 });
    expect(checks.find((c) => c.name === 'max_asked_needlessly')).toMatchObject({
      pass: true,
      value: 0,
    });
    expect(
      gate(summary([run('a')]), summary([run('a')]), limits).checks.map((c) => c.name),
    ).toEqual(['max_regressions', 'max_cost_increase']);
  });

  it('executions per question is the mean over case runs that carry a count', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.nat({ max: 50 }), { nil: undefined })), (counts) => {
        const runs = counts.map((n, i) => run(`c${i}`, n === undefined ? {} : { executions: n }));
        const counted = counts.filter((n): n is number => n !== undefined);
        const mean = executionsPerQuestion(runs);
        if (counted.length === 0) return mean === null;
        return Math.abs((mean ?? -1) - counted.reduce((a, b) => a + b, 0) / counted.length) < 1e-9;
      }),
    );
  });
});
