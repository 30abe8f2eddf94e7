import type { RunMetrics } from '@nl2sql/records';
import { describe, expect, test } from 'vitest';
import { runExitRules, runExitVerdict } from '../src/eval/run-exit.js';
import { EXIT } from '../src/exit-codes.js';
import { board, caseRun, erroredRun, failingRun, runReport } from './reporter-fixture.js';

const passing = (n: number) => Array.from({ length: n }, (_, i) => caseRun(`c${i}`, 'admin'));
const failing = (n: number) =>
  Array.from({ length: n }, (_, i) => failingRun(`f${i}`, 'admin', 'wrong'));

describe('runExitRules', () => {
  test('a flag wins over evals.yaml; --allow-partial or gate.allow_partial allows', () => {
    expect(runExitRules({}, {})).toEqual({ allowPartial: false });
    expect(runExitRules({ 'allow-partial': true }, {})).toEqual({ allowPartial: true });
    expect(runExitRules({}, { allowPartial: true, minAccuracy: 0.8 })).toEqual({
      allowPartial: true,
      minAccuracy: 0.8,
    });
    expect(runExitRules({ 'min-accuracy': 0.5 }, { minAccuracy: 0.8 }).minAccuracy).toBe(0.5);
    expect(runExitRules({}, { minAccuracy: 0.8 }, { accuracy: false })).toEqual({
      allowPartial: false,
    });
  });
});

describe('runExitVerdict', () => {
  test('a finished run with scores and no minimum: exit 0, nothing said', () => {
    const report = runReport([board('plans', [...passing(3), ...failing(1)])]);
    expect(runExitVerdict(report, { allowPartial: false })).toEqual({ lines: [], exitCode: 0 });
  });

  test('a cap stop is exit 1 unless allowed', () => {
    const report = runReport([board('plans', passing(2))], {
      stopped: 'max_cost',
      plannedCases: 5,
    });
    const refused = runExitVerdict(report, { allowPartial: false });
    expect(refused.exitCode).toBe(EXIT.failed);
    expect(refused.lines[0]).toMatch(/stopped at the cost cap .*: 2 of 5 case runs completed/);
    const allowed = runExitVerdict(report, { allowPartial: true });
    expect(allowed.exitCode).toBe(EXIT.ok);
    expect(allowed.lines[0]).toContain('allowed by --allow-partial');
  });

  test('a config whose every case run is an error scored nothing: exit 3, whatever else', () => {
    const broken = board('svc', [
      erroredRun('a', 'admin', 'connect ECONNREFUSED 127.0.0.1:9\nmore'),
      erroredRun('b', 'admin', 'connect ECONNREFUSED 127.0.0.1:9'),
    ]);
    const verdict = runExitVerdict(runReport([broken]), { allowPartial: true, minAccuracy: 0.5 });
    expect(verdict.exitCode).toBe(EXIT.config);
    expect(verdict.lines[0]).toMatch(
      /^nl2sql: config svc scored nothing: all 2 case run\(s\) ended in errors before an answer \(2 \w+\); first: a: connect ECONNREFUSED 127\.0\.0\.1:9$/,
    );
    // One scored case run (even a wrong one) is an evaluation.
    const one = board('svc', [...broken.cases, failingRun('c', 'admin', 'wrong')]);
    expect(runExitVerdict(runReport([one]), { allowPartial: false }).exitCode).toBe(EXIT.ok);
  });

  test('--min-accuracy: the point estimate against the rate, the Wilson interval printed', () => {
    const report = runReport([board('plans', [...passing(6), ...failing(4)])]);
    const below = runExitVerdict(report, { allowPartial: false, minAccuracy: 0.8 });
    expect(below.exitCode).toBe(EXIT.failed);
    expect(below.lines).toEqual([
      'nl2sql: FAIL min accuracy: config plans strict accuracy 6/10 60.0% (Wilson 95% 31.3%-83.2%) is below 80.0%',
    ]);
    const at = runExitVerdict(report, { allowPartial: false, minAccuracy: 0.6 });
    expect(at.exitCode).toBe(EXIT.ok);
    expect(at.lines[0]).toMatch(/^ok min accuracy: .* reaches 60\.0%$/);
  });
});

describe('gate.max_over_budget (--max-over-budget)', () => {
  /** A board whose efficiency pass found `over` of `budgeted` correct case runs over budget. */
  const budgeted = (over: string[], budgetedRuns: number, unbudgeted = 0) => {
    const b = board('plans', passing(budgetedRuns + unbudgeted));
    const efficiency = {
      ves: 1,
      rves: 1,
      measured: budgetedRuns + unbudgeted,
      incorrect: 0,
      timeouts: 0,
      unmeasured: 0,
      added_full_scans: over.length,
      budget: {
        budget_x: 10,
        budget_max: null,
        budgeted: budgetedRuns,
        unbudgeted,
        over_budget: over.length,
        over_budget_cases: over,
      },
    };
    const metrics = b.metrics as RunMetrics;
    return {
      ...b,
      metrics: { ...metrics, diagnostics: { ...metrics.diagnostics, efficiency } },
    } as typeof b;
  };

  test('a flag wins over evals.yaml; a shard leaves it to the merge', () => {
    expect(runExitRules({}, { maxOverBudget: 2 }).maxOverBudget).toBe(2);
    expect(runExitRules({ 'max-over-budget': 0 }, { maxOverBudget: 2 }).maxOverBudget).toBe(0);
    expect(runExitRules({}, { maxOverBudget: 2 }, { accuracy: false })).toEqual({
      allowPartial: false,
    });
  });

  test('more over budget than allowed is exit 1, naming the cases; at the limit it passes', () => {
    const report = runReport([budgeted(['c1', 'c3'], 4, 1)]);
    const failed = runExitVerdict(report, { allowPartial: false, maxOverBudget: 1 });
    expect(failed.exitCode).toBe(EXIT.failed);
    expect(failed.lines).toEqual([
      'nl2sql: FAIL max over budget: config plans has 2 of 4 correct case run(s) over budget (c1, c3), more than 1; 1 correct case run(s) not sized',
    ]);
    const kept = runExitVerdict(report, { allowPartial: false, maxOverBudget: 2 });
    expect(kept.exitCode).toBe(EXIT.ok);
    expect(kept.lines[0]).toMatch(/^ok max over budget: .* 2 of 4 .* within 2/);
  });

  test('a run that measured no budget fails: nothing shows the limit was kept', () => {
    const verdict = runExitVerdict(runReport([board('plans', passing(3))]), {
      allowPartial: false,
      maxOverBudget: 5,
    });
    expect(verdict.exitCode).toBe(EXIT.failed);
    expect(verdict.lines).toEqual([
      'nl2sql: FAIL max over budget: config plans has no efficiency budget measured (run with --efficiency)',
    ]);
  });
});
