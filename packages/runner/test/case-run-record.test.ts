import { ROWS_CHECK_OUTCOMES } from '@nl2sql/records';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CaseResult,
  fromCaseRunRecord,
  toCaseRunRecord,
  toReportCaseRun,
} from '../src/index.js';
import { caseResultOf } from './case-result-fixture.js';

const status = fc.constantFrom('pass' as const, 'fail' as const, 'error' as const);
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const count = fc.nat({ max: 1_000_000 });

const caseResult: fc.Arbitrary<CaseResult> = fc.record({
  caseId: fc.string({ minLength: 1 }),
  role: nullable(fc.string()),
  pass: fc.integer({ min: 1, max: 9 }),
  status,
  lenientStatus: status,
  generatedStatus: nullable(status),
  expected: fc.constantFrom(
    'allowed' as const,
    'refused' as const,
    'unanswerable' as const,
    'clarify' as const,
  ),
  engineStatus: nullable(fc.constantFrom('success', 'error', 'clarify')),
  error: nullable(fc.record({ code: fc.string(), message: fc.string() })),
  sql: nullable(fc.string()),
  rowsDigest: nullable(fc.stringMatching(/^[0-9a-f]{64}$/)),
  rowCount: nullable(count),
  costUsd: nullable(fc.double({ min: 0, max: 10, noNaN: true })),
  latencyMs: nullable(count),
  harnessMs: nullable(fc.double({ min: 0, max: 1e6, noNaN: true })),
  tokens: fc.record({
    input: count,
    cached: count,
    cacheWrite: count,
    output: count,
    reasoning: count,
  }),
  curated: fc.boolean(),
  scores: fc.constant({}),
  explanation: nullable(fc.string()),
  suspect: nullable(fc.string()),
  answer: nullable(fc.string()),
  resultHead: nullable(
    fc.record({
      columns: fc.array(fc.string(), { maxLength: 3 }),
      rows: fc.array(
        fc.array(fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.boolean()), {
          maxLength: 3,
        }),
        { maxLength: 3 },
      ),
      truncated: fc.boolean(),
    }),
  ),
  diagnostics: fc.constant(null),
  rowsCheck: nullable(
    fc.record({
      outcome: fc.constantFrom(...ROWS_CHECK_OUTCOMES),
      message: nullable(fc.string()),
    }),
  ),
  trajectory: nullable(
    fc.record({
      steps: fc.array(
        fc.oneof(
          fc.record({
            kind: fc.constant('sql' as const),
            sql: fc.string({ minLength: 1 }),
            error: nullable(fc.string()),
            row_count: nullable(count),
            unsafe: nullable(fc.string()),
          }),
          fc.record({
            kind: fc.constant('schema' as const),
            call: fc.string({ minLength: 1 }),
            target: nullable(fc.string()),
          }),
          fc.record({ kind: fc.constant('error' as const), message: fc.string() }),
        ),
        { maxLength: 4 },
      ),
      executions: count,
      schema_calls: count,
      errors: count,
      recovered: fc.boolean(),
      probe_rows: count,
      unsafe_step: nullable(fc.nat({ max: 3 })),
    }),
  ),
  clarify: nullable(
    fc.record({
      verdict: fc.constantFrom(
        'clarified' as const,
        'guessed' as const,
        'asked_needlessly' as const,
      ),
      question: nullable(fc.string()),
    }),
  ),
  asOfDate: nullable(fc.constantFrom('2013-12-31', '2026-01-15')),
});

describe('the case run converter', () => {
  it("a report's case run (journal, --save) round-trips every case run unchanged", () => {
    fc.assert(
      fc.property(caseResult, (result) => {
        expect(fromCaseRunRecord(toReportCaseRun(result))).toEqual(result);
        const json = JSON.parse(JSON.stringify(toReportCaseRun(result)));
        expect(fromCaseRunRecord(json)).toEqual(result);
      }),
    );
  });

  it('a record round-trips every field but the answer and the first rows, which it never holds', () => {
    fc.assert(
      fc.property(caseResult, (result) => {
        const record = toCaseRunRecord(result);
        expect(record).not.toHaveProperty('answer');
        expect(record).not.toHaveProperty('result');
        const json = JSON.parse(JSON.stringify(record));
        expect(fromCaseRunRecord(json)).toEqual({ ...result, answer: null, resultHead: null });
      }),
    );
  });

  it("a report's case run is the record's fields in the record's order, then answer and result", () => {
    const head = { columns: ['Name'], rows: [['AC/DC']], truncated: false };
    const run = toReportCaseRun(
      caseResultOf('chinook_001', { answer: 'AC/DC.', resultHead: head }),
    );
    expect(Object.keys(run)).toEqual([
      ...Object.keys(toCaseRunRecord(caseResultOf('chinook_001'))),
      'answer',
      'result',
    ]);
    expect(run.answer).toBe('AC/DC.');
    expect(run.result).toEqual(head);
  });

  it('writes the record format 2 field names in the order committed records have them (harness_ms after latency_ms)', () => {
    const record = toCaseRunRecord(caseResultOf('chinook_001', { role: 'admin' }));
    expect(Object.keys(record)).toEqual([
      'case_id',
      'role',
      'pass',
      'status',
      'lenient_status',
      'generated_status',
      'expected',
      'engine_status',
      'error',
      'sql',
      'rows_digest',
      'row_count',
      'cost_usd',
      'latency_ms',
      'harness_ms',
      'tokens',
      'curated',
      'scores',
      'explanation',
      'suspect',
      // Issue 28's, after every earlier field: null when the engine sent none.
      'trajectory',
      'clarify',
      'as_of_date',
    ]);
    expect(record.tokens).toEqual({
      input: 10,
      cached_input: 2,
      cache_write: 0,
      output: 3,
      reasoning: 1,
    });
  });
});

describe('a case run record written before harness_ms', () => {
  it('reads back with harnessMs null', () => {
    const { harness_ms: _, ...older } = toCaseRunRecord(caseResultOf('chinook_001'));
    expect(fromCaseRunRecord(older).harnessMs).toBeNull();
  });
});
