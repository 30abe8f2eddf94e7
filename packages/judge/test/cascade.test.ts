import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CascadeEvidence,
  type CascadeStep,
  DEFAULT_CASCADE_THRESHOLDS,
  decideTiers,
  type JudgeFinding,
  settleWithJudge,
} from '../src/cascade.js';

const compared = (
  strict: boolean,
  goldRows: number,
  extra: Partial<CascadeEvidence> = {},
  lenient?: boolean,
): CascadeEvidence => ({
  execution: {
    status: 'compared',
    strict: { pass: strict },
    ...(lenient !== undefined ? { lenient: { pass: lenient } } : {}),
    goldRows,
  },
  ...extra,
});

const verdictOf = (step: CascadeStep) => (step.kind === 'verdict' ? step.verdict : undefined);
const askOf = (step: CascadeStep) => (step.kind === 'ask_judge' ? step : undefined);

describe('decideTiers', () => {
  it('fails a candidate that did not run, whatever its SQL looks like', () => {
    const v = verdictOf(
      decideTiers({
        ast: { match: true, similarity: 1 },
        execution: { status: 'error', message: 'no such column: x' },
      }),
    );
    expect(v).toMatchObject({ pass: false, tier: 'execution', outcome: 'execution_error' });
    expect(v?.reason).toContain('no such column: x');
  });

  it('passes on tier 1 when the SQL is canonically the gold and the rows agree', () => {
    expect(verdictOf(decideTiers(compared(true, 1, { ast: { match: true } })))).toMatchObject({
      pass: true,
      tier: 'ast',
      outcome: 'ast_match',
    });
  });

  it('asks the judge when tier 1 matches and tier 2 does not: the tiers disagree', () => {
    const ask = askOf(decideTiers(compared(false, 10, { ast: { match: true } })));
    expect(ask?.trigger).toBe('tiers_disagree');
    expect(ask?.provisional).toMatchObject({ pass: false, outcome: 'rows_differ' });
  });

  it('passes on rows, strict then lenient, above the small-result size', () => {
    expect(verdictOf(decideTiers(compared(true, 5)))).toMatchObject({
      pass: true,
      tier: 'execution',
      outcome: 'rows_match',
      reason: 'the rows match the gold (strict)',
    });
    expect(verdictOf(decideTiers(compared(false, 5, {}, true)))?.reason).toBe(
      'the rows match the gold (lenient)',
    );
  });

  it('fails a lucky match a test-suite database tells apart, without asking the judge', () => {
    const v = verdictOf(
      decideTiers(
        compared(true, 0, { testSuite: { pass: false, distinguishedBy: 'variant-006' } }),
      ),
    );
    expect(v).toMatchObject({ pass: false, tier: 'execution', outcome: 'lucky_match' });
    expect(v?.reason).toContain('variant-006');
  });

  it('asks the judge about a pass on an empty or one-row gold result, even after the test suite', () => {
    for (const rows of [0, 1]) {
      const ask = askOf(
        decideTiers(compared(true, rows, { testSuite: { pass: true, distinguishedBy: null } })),
      );
      expect(ask?.trigger).toBe('small_result');
      expect(ask?.provisional.pass).toBe(true);
    }
    expect(decideTiers(compared(true, 2)).kind).toBe('verdict');
    expect(decideTiers(compared(true, 3), { smallResultRows: 3 }).kind).toBe('ask_judge');
  });

  it('asks the judge about a failure whose SQL is close, and only then', () => {
    const at = DEFAULT_CASCADE_THRESHOLDS.closeSimilarity;
    expect(
      askOf(decideTiers(compared(false, 5, { ast: { match: false, similarity: at } })))?.trigger,
    ).toBe('close_sql');
    expect(
      decideTiers(compared(false, 5, { ast: { match: false, similarity: at - 0.01 } })).kind,
    ).toBe('verdict');
    expect(decideTiers(compared(false, 5, { ast: { match: false, similarity: null } })).kind).toBe(
      'verdict',
    );
    expect(decideTiers(compared(false, 5)).kind).toBe('verdict');
  });
});

describe('settleWithJudge', () => {
  const small = askOf(decideTiers(compared(true, 0)))!;
  const close = askOf(decideTiers(compared(false, 5, { ast: { match: false, similarity: 0.9 } })))!;
  const yes: JudgeFinding = { equivalent: true, reason: 'same rows on any data', differences: [] };
  const no: JudgeFinding = {
    equivalent: false,
    reason: 'NULLs differ',
    differences: ['COUNT(col)'],
  };

  it('confirms or overturns a pass on a small result', () => {
    expect(settleWithJudge(small, yes)).toMatchObject({
      pass: true,
      tier: 'judge',
      outcome: 'judge_confirmed',
      judgeTrigger: 'small_result',
    });
    expect(settleWithJudge(small, no)).toMatchObject({
      pass: false,
      tier: 'judge',
      outcome: 'lucky_match',
      judge: no,
    });
  });

  it('turns a close failure into a review proposal or a confirmed failure, never a pass', () => {
    expect(settleWithJudge(close, yes)).toMatchObject({
      pass: false,
      tier: 'judge',
      outcome: 'review',
    });
    expect(settleWithJudge(close, no)).toMatchObject({
      pass: false,
      tier: 'judge',
      outcome: 'judge_rejected',
    });
  });

  it('keeps the tier-2 verdict, marked, without a judge or when the judge failed', () => {
    expect(settleWithJudge(small, undefined)).toMatchObject({
      pass: true,
      tier: 'execution',
      outcome: 'rows_match',
      judgeTrigger: 'small_result',
    });
    expect(settleWithJudge(small, undefined).reason).toMatch(/no judge is configured/);
    const failed = settleWithJudge(close, { error: 'HTTP 500' });
    expect(failed).toMatchObject({ pass: false, tier: 'execution', judge: { error: 'HTTP 500' } });
  });

  const evidence: fc.Arbitrary<CascadeEvidence> = fc.record(
    {
      ast: fc.option(
        fc.record({
          match: fc.boolean(),
          similarity: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
        }),
        { nil: undefined },
      ),
      execution: fc.oneof(
        fc.record({ status: fc.constant('error' as const), message: fc.string() }),
        fc.record({
          status: fc.constant('compared' as const),
          strict: fc.record({ pass: fc.boolean() }),
          lenient: fc.option(fc.record({ pass: fc.boolean() }), { nil: undefined }),
          goldRows: fc.nat({ max: 5 }),
        }),
      ),
      testSuite: fc.option(
        fc.record({ pass: fc.boolean(), distinguishedBy: fc.option(fc.string(), { nil: null }) }),
        { nil: undefined },
      ),
    },
    { requiredKeys: ['execution'] },
  );
  const finding: fc.Arbitrary<JudgeFinding | undefined> = fc.option(
    fc.oneof(
      fc.record({
        equivalent: fc.boolean(),
        reason: fc.string(),
        differences: fc.array(fc.string()),
      }),
      fc.record({ error: fc.string() }),
    ),
    { nil: undefined },
  );

  it('never passes a case whose rows do not match, nor one a test suite failed (property)', () => {
    fc.assert(
      fc.property(evidence, finding, (e, f) => {
        const step = decideTiers(e);
        const verdict = step.kind === 'verdict' ? step.verdict : settleWithJudge(step, f);
        if (verdict.pass) {
          expect(e.execution.status).toBe('compared');
          if (e.execution.status === 'compared')
            expect(e.execution.strict.pass || e.execution.lenient?.pass === true).toBe(true);
          expect(e.testSuite?.pass).not.toBe(false);
        }
      }),
    );
  });

  it('lets the judge turn a pass into a fail but never a fail into a pass (property)', () => {
    fc.assert(
      fc.property(evidence, finding, (e, f) => {
        const step = decideTiers(e);
        if (step.kind !== 'ask_judge') return;
        const settled = settleWithJudge(step, f);
        if (!step.provisional.pass) expect(settled.pass).toBe(false);
        if (f === undefined || 'error' in f) {
          expect(settled.pass).toBe(step.provisional.pass);
          expect(settled.tier).toBe(step.provisional.tier);
        } else expect(settled.tier).toBe('judge');
      }),
    );
  });
});
