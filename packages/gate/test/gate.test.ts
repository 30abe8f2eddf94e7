import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CaseRun,
  type GateCheck,
  GateInputError,
  gate,
  IncomparableRunsError,
  type RunSummary,
} from '../src/index.js';
import { MODEL_LIMITS, NO_MODEL_LIMITS, runsOf, summaryOf } from './fixtures.js';

const FULL = { mode: 'full' as const, roles: ['analyst'], curated: false };

/** `n` cases named c01..cNN, all passing. */
function passing(n: number, prefix = 'c'): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`${prefix}${String(i + 1).padStart(2, '0')}`, 'P']),
  );
}

/** The same cases with the first `lost` failing and, after them, `gained` fixed. */
function pair(
  lost: number,
  gained: number,
  steady = 20,
): [Record<string, string>, Record<string, string>] {
  const before = passing(steady + lost);
  const after = { ...before };
  for (let i = 0; i < lost; i++) after[`c${String(i + 1).padStart(2, '0')}`] = 'F';
  for (let i = 0; i < gained; i++) {
    before[`g${i + 1}`] = 'F';
    after[`g${i + 1}`] = 'P';
  }
  return [before, after];
}

function check(
  checks: readonly GateCheck[],
  name: GateCheck['name'],
  score = 'execution',
): GateCheck {
  const found = checks.find((c) => c.name === name && (c.score ?? 'execution') === score);
  if (found === undefined) throw new Error(`no ${name} check for ${score}`);
  return found;
}

describe('gate in mode plans', () => {
  it('passes identical runs with a regression and a cost check per config', () => {
    const runs = runsOf(passing(47), { costUsd: 0.01 });
    const result = gate(summaryOf({ plans: runs }), summaryOf({ plans: runs }), NO_MODEL_LIMITS);
    expect(result.pass).toBe(true);
    expect(result.thresholds).toEqual({ maxRegressions: 0, alpha: null, maxCostIncrease: 0.2 });
    expect(result.checks.map((c) => [c.name, c.pass, c.value])).toEqual([
      ['max_regressions', true, 0],
      ['max_cost_increase', true, 0],
    ]);
    expect(result.checks[0]?.explanation).toBe(
      'plans (execution): no case went pass -> fail out of 47 compared',
    );
  });

  it('fails on a single flip, naming the case', () => {
    const [before, after] = pair(1, 0);
    const result = gate(
      summaryOf({ plans: runsOf(before) }),
      summaryOf({ plans: runsOf(after) }),
      NO_MODEL_LIMITS,
    );
    expect(result.pass).toBe(false);
    expect(check(result.checks, 'max_regressions')).toEqual({
      name: 'max_regressions',
      config: 'plans',
      score: 'execution',
      pass: false,
      value: 1,
      threshold: 0,
      explanation:
        'plans (execution): 1 case(s) went pass -> fail (c01), more than max_regressions 0',
    });
    expect(result.checks.some((c) => c.name === 'significant_loss')).toBe(false);
  });

  it('honours an explicit maxRegressions', () => {
    const [before, after] = pair(1, 0);
    const result = gate(summaryOf({ plans: runsOf(before) }), summaryOf({ plans: runsOf(after) }), {
      ...NO_MODEL_LIMITS,
      maxRegressions: 1,
    });
    expect(result.pass).toBe(true);
  });

  it('reads a case that became flaky over passes as a regression', () => {
    const result = gate(
      summaryOf({ plans: runsOf({ a: 'PPP' }) }),
      summaryOf({ plans: runsOf({ a: 'PPF' }) }),
      NO_MODEL_LIMITS,
    );
    expect(check(result.checks, 'max_regressions').value).toBe(1);
  });

  it('lists ten cases in the explanation and counts the rest', () => {
    const [before, after] = pair(12, 0);
    const result = gate(
      summaryOf({ plans: runsOf(before) }),
      summaryOf({ plans: runsOf(after) }),
      NO_MODEL_LIMITS,
    );
    expect(check(result.checks, 'max_regressions').explanation).toContain(
      '(c01, c02, c03, c04, c05, c06, c07, c08, c09, c10 and 2 more)',
    );
  });

  it('notes baseline cases a stopped run never reached', () => {
    const result = gate(
      summaryOf({ plans: runsOf({ a: 'P', b: 'P' }) }),
      summaryOf({ plans: runsOf({ a: 'P' }) }),
      NO_MODEL_LIMITS,
    );
    expect(result.pass).toBe(true);
    expect(check(result.checks, 'max_regressions').explanation).toContain(
      '1 baseline case(s) missing from the current run were not compared',
    );
  });
});

describe('gate in mode full', () => {
  const gateFull = (
    before: Record<string, string>,
    after: Record<string, string>,
    thresholds = {},
  ) =>
    gate(summaryOf({ gpt: runsOf(before) }, FULL), summaryOf({ gpt: runsOf(after) }, FULL), {
      ...MODEL_LIMITS,
      ...thresholds,
    });

  it('allows two regressions and fails on three', () => {
    expect(check(gateFull(...pair(2, 0)).checks, 'max_regressions').pass).toBe(true);
    const three = gateFull(...pair(3, 0));
    expect(three.pass).toBe(false);
    expect(check(three.checks, 'max_regressions').explanation).toBe(
      'gpt (execution): 3 case(s) went pass -> fail (c01, c02, c03), more than max_regressions 2',
    );
  });

  it('fails a significant drop that is under the count: ten lost, none gained, p = 0.002', () => {
    const result = gateFull(...pair(10, 0), { maxRegressions: 20 });
    expect(check(result.checks, 'max_regressions').pass).toBe(true);
    const loss = check(result.checks, 'significant_loss');
    expect(loss).toMatchObject({ pass: false, threshold: 0.05 });
    expect(loss.value).toBeCloseTo(0.002, 3);
    expect(loss.explanation).toBe(
      'gpt (execution): 10 lost, 0 gained, McNemar exact p = 0.002; more lost than gained and p < alpha 0.05, a significant drop',
    );
    expect(result.pass).toBe(false);
  });

  it('passes the significance check on five each way (p = 1.0)', () => {
    const result = gateFull(...pair(5, 5), { maxRegressions: 5 });
    expect(check(result.checks, 'significant_loss')).toMatchObject({ pass: true, value: 1 });
    expect(result.pass).toBe(true);
  });

  it('passes more lost than gained when p >= alpha', () => {
    const result = gateFull(...pair(6, 1), { maxRegressions: 6 });
    const loss = check(result.checks, 'significant_loss');
    expect(loss.value).toBeCloseTo(16 / 128, 12);
    expect(loss.pass).toBe(true);
    expect(loss.explanation).toContain('p >= alpha 0.05, so the drop may be noise');
  });

  it('honours alpha', () => {
    expect(
      check(
        gateFull(...pair(10, 0), { maxRegressions: 20, alpha: 0.001 }).checks,
        'significant_loss',
      ).pass,
    ).toBe(true);
  });

  it('has nothing to test when no case flipped', () => {
    const result = gateFull(passing(5), passing(5));
    expect(check(result.checks, 'significant_loss')).toMatchObject({ pass: true, value: null });
  });

  it('with curated answers on also gates the generated path', () => {
    const curated = { ...FULL, curated: true };
    const before: CaseRun[] = [
      { caseId: 'a', role: 'analyst', pass: 1, passed: true, passedGenerated: true },
      { caseId: 'b', role: 'analyst', pass: 1, passed: true },
    ];
    const after: CaseRun[] = [
      { caseId: 'a', role: 'analyst', pass: 1, passed: true, passedGenerated: false },
      { caseId: 'b', role: 'analyst', pass: 1, passed: true },
    ];
    const result = gate(summaryOf({ gpt: before }, curated), summaryOf({ gpt: after }, curated), {
      ...MODEL_LIMITS,
      maxRegressions: 0,
    });
    expect(result.checks.map((c) => `${c.name}:${c.score ?? '-'}:${c.pass}`)).toEqual([
      'max_regressions:execution:true',
      'significant_loss:execution:true',
      'max_regressions:generated:false',
      'significant_loss:generated:true',
      'max_cost_increase:-:true',
    ]);
    expect(check(result.checks, 'max_regressions', 'generated').explanation).toContain('a@analyst');
  });
});

describe('gate on cost', () => {
  const withCost = (cost: number, outcomes: Record<string, string> = passing(10)) =>
    summaryOf({ plans: runsOf(outcomes, { costUsd: cost }) });

  it('fails when cost per case rose by more than 20%', () => {
    const result = gate(withCost(0.01), withCost(0.0125), NO_MODEL_LIMITS);
    const cost = check(result.checks, 'max_cost_increase');
    expect(cost.pass).toBe(false);
    expect(cost.value).toBeCloseTo(0.25, 12);
    expect(cost.explanation).toBe(
      'plans: cost per case run went from $0.0100 to $0.0125 (+25.0%), more than max_cost_increase +20.0%',
    );
  });

  it('passes a rise of exactly 20% and any fall', () => {
    expect(
      check(gate(withCost(0.01), withCost(0.012), NO_MODEL_LIMITS).checks, 'max_cost_increase')
        .pass,
    ).toBe(true);
    expect(
      check(gate(withCost(0.01), withCost(0.002), NO_MODEL_LIMITS).checks, 'max_cost_increase')
        .pass,
    ).toBe(true);
  });

  it('honours maxCostIncrease', () => {
    const result = gate(withCost(0.01), withCost(0.0125), {
      ...NO_MODEL_LIMITS,
      maxCostIncrease: 0.3,
    });
    expect(result.pass).toBe(true);
  });

  it('counts cost per case run, so more passes at the same price is not a rise', () => {
    const threePasses = Object.fromEntries(Object.keys(passing(10)).map((id) => [id, 'PPP']));
    expect(gate(withCost(0.01), withCost(0.01, threePasses), NO_MODEL_LIMITS).pass).toBe(true);
  });

  it('fails a rise from a free baseline, and passes two free runs', () => {
    const fromNothing = check(
      gate(withCost(0), withCost(0.01), NO_MODEL_LIMITS).checks,
      'max_cost_increase',
    );
    expect(fromNothing.pass).toBe(false);
    expect(fromNothing.value).toBe(Number.POSITIVE_INFINITY);
    expect(fromNothing.explanation).toContain('(up from nothing)');
    expect(
      check(gate(withCost(0), withCost(0), NO_MODEL_LIMITS).checks, 'max_cost_increase'),
    ).toMatchObject({
      pass: true,
      value: 0,
    });
  });

  it('skips the comparison, passing, when a run recorded no cost', () => {
    const free = summaryOf({ plans: runsOf(passing(10)) });
    expect(check(gate(free, withCost(0.01), NO_MODEL_LIMITS).checks, 'max_cost_increase')).toEqual({
      name: 'max_cost_increase',
      config: 'plans',
      pass: true,
      value: null,
      threshold: 0.2,
      explanation: 'plans: no cost recorded in the baseline, so cost per case was not compared',
    });
  });
});

describe('gate on incomparable runs', () => {
  it('throws IncomparableRunsError naming the difference', () => {
    const attempt = () =>
      gate(
        summaryOf({ plans: [] }),
        summaryOf({ plans: [] }, { schemaFingerprint: 'fp:reindexed' }),
        NO_MODEL_LIMITS,
      );
    expect(attempt).toThrow(IncomparableRunsError);
    expect(attempt).toThrow(
      'runs are not comparable: they differ in schemaFingerprint (baseline fp:chinook-11-tables, current fp:reindexed)',
    );
  });

  it('throws on a different roles or curated setting in mode full', () => {
    expect(() =>
      gate(
        summaryOf({ gpt: [] }, FULL),
        summaryOf({ gpt: [] }, { ...FULL, roles: ['analyst', 'sales'] }),
        NO_MODEL_LIMITS,
      ),
    ).toThrow('roles (baseline [analyst], current [analyst, sales])');
    expect(() =>
      gate(
        summaryOf({ gpt: [] }, FULL),
        summaryOf({ gpt: [] }, { ...FULL, curated: true }),
        NO_MODEL_LIMITS,
      ),
    ).toThrow('curated (baseline off, current on)');
  });

  it('throws when the runs share no config', () => {
    expect(() => gate(summaryOf({ a: [] }), summaryOf({ b: [] }), NO_MODEL_LIMITS)).toThrow(
      'configs (baseline [a], current [b])',
    );
  });

  it('gates the shared configs and lists the others', () => {
    const runs = runsOf(passing(3));
    const result = gate(
      summaryOf({ old: runs, both: runs }),
      summaryOf({ both: runs, fresh: runs }),
      NO_MODEL_LIMITS,
    );
    expect(result.configs).toEqual(['both']);
    expect(result.baselineOnlyConfigs).toEqual(['old']);
    expect(result.currentOnlyConfigs).toEqual(['fresh']);
  });

  it('rejects bad thresholds and malformed runs with GateInputError', () => {
    const runs = runsOf(passing(3));
    expect(() =>
      gate(summaryOf({ a: runs }), summaryOf({ a: runs }), { ...NO_MODEL_LIMITS, alpha: 2 }),
    ).toThrow(GateInputError);
    const duplicated = [...runs, { caseId: 'c01', pass: 1, passed: false }];
    expect(() =>
      gate(summaryOf({ a: runs }), summaryOf({ a: duplicated }), NO_MODEL_LIMITS),
    ).toThrow('current config a[3]: case c01 appears twice in pass 1');
  });
});

describe('gate properties', () => {
  it('always passes a run against itself', () => {
    const mode = fc.constantFrom<RunSummary['mode']>('full', 'plans', 'retrieval');
    const outcomes = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 5 }),
      fc.array(fc.constantFrom('P', 'F'), { minLength: 1, maxLength: 3 }).map((a) => a.join('')),
      { minKeys: 1 },
    );
    fc.assert(
      fc.property(mode, outcomes, fc.double({ min: 0, max: 1, noNaN: true }), (m, table, cost) => {
        const run = summaryOf({ cfg: runsOf(table, { costUsd: cost }) }, { mode: m });
        expect(gate(run, run, m === 'full' ? MODEL_LIMITS : NO_MODEL_LIMITS).pass).toBe(true);
      }),
    );
  });

  it('never fails max_regressions when nothing was lost', () => {
    const table = fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.boolean(), {
      minKeys: 1,
    });
    fc.assert(
      fc.property(table, (cases) => {
        const before = runsOf(
          Object.fromEntries(Object.entries(cases).map(([id, p]) => [id, p ? 'P' : 'F'])),
        );
        const after = runsOf(Object.fromEntries(Object.keys(cases).map((id) => [id, 'P'])));
        const result = gate(summaryOf({ cfg: before }), summaryOf({ cfg: after }), NO_MODEL_LIMITS);
        expect(result.pass).toBe(true);
      }),
    );
  });
});
