import type { CaseDiagnosticsRecord } from '@nl2sql/records';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accuracy, type CaseResult, diagnosticsMetrics } from '../src/index.js';
import { caseResultOf } from './case-result-fixture.js';

const status = fc.constantFrom('pass' as const, 'fail' as const, 'error' as const);

function diagnostics(extra: Partial<CaseDiagnosticsRecord>): CaseDiagnosticsRecord {
  return {
    normalized_match: null,
    component_f1: null,
    ast_similarity: null,
    filter_values: null,
    difficulty: 'simple',
    error_class: null,
    error_evidence: [],
    empty_match: false,
    test_suite: null,
    verdict: null,
    ...extra,
  };
}

const caseRun: fc.Arbitrary<CaseResult> = fc
  .record({
    id: fc.constantFrom('a', 'b', 'c'),
    status,
    lenientStatus: status,
    expected: fc.constantFrom('allowed' as const, 'refused' as const),
    testSuite: fc.option(
      fc.record({
        pass: fc.boolean(),
        lenient: fc.boolean(),
        distinguished_by: fc.option(fc.constantFrom('original', 'variant-004'), { nil: null }),
        databases: fc.nat({ max: 9 }),
      }),
      { nil: null },
    ),
    evaluated: fc.boolean(),
  })
  .map((r) =>
    caseResultOf(r.id, {
      status: r.status,
      lenientStatus: r.lenientStatus,
      expected: r.expected,
      diagnostics: r.evaluated ? diagnostics({ test_suite: r.testSuite }) : null,
    }),
  );

const options = {
  tags: new Map([['a', ['join']]]),
  testSuite: { databases: 9, mutantsKilled: 199, mutantsSemantic: 199 },
  accuracy,
};

describe('diagnosticsMetrics', () => {
  it('property: test-suite accuracy never exceeds EX, and every EX pass it fails is a named false positive', () => {
    fc.assert(
      fc.property(fc.array(caseRun, { minLength: 1, maxLength: 30 }), (runs) => {
        // One evaluated run, so the section exists.
        const records = [caseResultOf('a', { diagnostics: diagnostics({}) }), ...runs];
        const m = diagnosticsMetrics(records, options);
        const ts = m?.test_suite;
        if (!ts) throw new Error('no test-suite section');
        const exStrict = records.filter((r) => r.status === 'pass').length;
        const exLenient = records.filter((r) => r.lenientStatus === 'pass').length;
        expect(ts.strict.count).toBeLessThanOrEqual(exStrict);
        expect(ts.lenient.count).toBeLessThanOrEqual(exLenient);
        expect(ts.strict.count + ts.false_positives.length).toBe(exStrict);
        expect(ts.strict.total).toBe(records.length);
      }),
    );
  });

  it('does not count a compared case run without a test-suite verdict as a test-suite pass', () => {
    const m = diagnosticsMetrics(
      [
        caseResultOf('a', { diagnostics: diagnostics({}) }),
        caseResultOf('b', {
          diagnostics: diagnostics({
            test_suite: { pass: true, lenient: true, distinguished_by: null, databases: 9 },
          }),
        }),
        caseResultOf('c', { expected: 'refused', diagnostics: diagnostics({}) }),
      ],
      options,
    );
    expect(m?.test_suite?.strict).toMatchObject({ count: 2, total: 3 });
    expect(m?.test_suite?.false_positives.map((f) => f.case_id)).toEqual(['a']);
  });

  it('is absent when no case run was evaluated, and counts the verdict by tier', () => {
    expect(diagnosticsMetrics([caseResultOf('a')], options)).toBeNull();
    const verdict = (tier: 'ast' | 'execution' | 'judge', outcome: string, pass: boolean) =>
      diagnostics({ verdict: { pass, tier, outcome, reason: outcome } });
    const m = diagnosticsMetrics(
      [
        caseResultOf('a', { diagnostics: verdict('ast', 'ast_match', true) }),
        caseResultOf('b', { diagnostics: verdict('execution', 'rows_match', true) }),
        caseResultOf('c', {
          status: 'fail',
          diagnostics: {
            ...verdict('judge', 'review', false),
            error_class: 'presentation_only',
            verdict: {
              pass: false,
              tier: 'judge',
              outcome: 'review',
              reason: 'r',
              judge_trigger: 'close_sql',
              judge: { equivalent: true, reason: 'same' },
              judge_cost_usd: 0.25,
            },
          },
        }),
      ],
      { ...options, testSuite: null },
    );
    expect(m?.verdict).toMatchObject({
      accuracy: { count: 2, total: 3 },
      by_tier: { ast: 1, execution: 1, judge: 1 },
      by_outcome: { ast_match: 1, review: 1, rows_match: 1 },
      judge_wanted: 1,
      judge_asked: 1,
      judge_cost_usd: 0.25,
      review: 1,
    });
    expect(m?.error_classes.presentation_only).toEqual({ count: 1, share: 1 });
    expect(m?.by_tag.join).toMatchObject({ count: 1, total: 1 });
    expect(m?.test_suite).toBeNull();
  });
});

describe('diagnosticsMetrics: the SQL against the gold, and wrong outcomes', () => {
  it('aggregates normalized match, component F1 per component and AST similarity', () => {
    const m = diagnosticsMetrics(
      [
        caseResultOf('a', {
          diagnostics: diagnostics({
            normalized_match: true,
            component_f1: { select: 1, where: 1 },
            ast_similarity: 1,
          }),
        }),
        caseResultOf('b', {
          status: 'fail',
          diagnostics: diagnostics({
            normalized_match: false,
            component_f1: { select: 0.5 },
            ast_similarity: 0.6,
          }),
        }),
        // A refusal expected: no SQL compared, so not in the means.
        caseResultOf('c', { expected: 'refused', diagnostics: diagnostics({}) }),
      ],
      options,
    );
    expect(m?.sql_similarity).toEqual({
      compared: 2,
      normalized_match: 1,
      component_f1: { select: 0.75, where: 1 },
      ast_similarity: 0.8,
    });
  });

  it("means result_match's Soft-F1 over the case runs that have one, absent when none has", () => {
    const withF1 = (id: string, soft_f1: number | null) =>
      caseResultOf(id, {
        diagnostics: diagnostics({}),
        scores: {
          result_match: { pass: true, lenient: true, explanation: null, detail: { soft_f1 } },
        },
      });
    const m = diagnosticsMetrics([withF1('a', 1), withF1('b', 0.5), withF1('c', null)], options);
    expect(m?.soft_f1).toEqual({ scored: 2, mean: 0.75 });
    const none = diagnosticsMetrics([caseResultOf('a', { diagnostics: diagnostics({}) })], options);
    expect(none).not.toBeNull();
    expect(none?.soft_f1).toBeUndefined();
  });

  it('names a refusal where an answer was expected, and an answer where a refusal was, wrong_outcome', () => {
    const refused = { code: 'SECURITY_VIOLATION', message: 'no' };
    const m = diagnosticsMetrics(
      [
        caseResultOf('a', {
          status: 'fail',
          engineStatus: 'error',
          error: refused,
          diagnostics: diagnostics({ error_class: 'no_sql' }),
        }),
        caseResultOf('b', { status: 'fail', expected: 'refused', diagnostics: diagnostics({}) }),
        caseResultOf('c', {
          status: 'fail',
          diagnostics: diagnostics({ error_class: 'aggregation' }),
        }),
      ],
      options,
    );
    expect(m?.error_classes.wrong_outcome).toEqual({ count: 2, share: 2 / 3 });
    expect(m?.error_classes.aggregation?.count).toBe(1);
    expect(m?.error_classes.unclassified?.count).toBe(0);
  });
});
