import { describe, expect, it } from 'vitest';
import { accuracy, buildBoard, type CaseResult } from '../src/index.js';
import { caseResultOf } from './case-result-fixture.js';

function record(i: number, passed: boolean, extra: Partial<CaseResult> = {}): CaseResult {
  return caseResultOf(`case_${String(i).padStart(3, '0')}`, {
    status: passed ? 'pass' : 'fail',
    lenientStatus: passed ? 'pass' : 'fail',
    latencyMs: i,
    ...extra,
  });
}

describe('board', () => {
  it('27 of 47 is 57.4% with the Wilson interval 43.3%-70.5% (spec "Reading a run")', () => {
    const a = accuracy(27, 47);
    expect(a.rate).toBeCloseTo(0.574, 3);
    expect(a.lower).toBeCloseTo(0.433, 3);
    expect(a.upper).toBeCloseTo(0.705, 3);
  });

  it('counts every figure over the records given', () => {
    const records = Array.from({ length: 47 }, (_, i) => record(i + 1, i < 27));
    const m = buildBoard(records, { passes: 1, curated: false, faithfulness: false });
    expect(m.accuracy.execution.strict).toMatchObject({ count: 27, total: 47 });
    expect(m.accuracy_all_scorers).toEqual({ count: 27, total: 47, rate: 27 / 47 });
    expect(m.accuracy_generated).toBeNull();
    expect(m.pass_k).toBeNull();
    expect(m.determinism).toBeNull();
    expect(m.faithfulness).toBeNull();
    expect(m.dollars.total).toBeCloseTo(0.47, 12);
    expect(m.tokens).toEqual({
      input: 470,
      cached_input: 94,
      cache_write: 0,
      output: 141,
      reasoning: 47,
    });
    expect(m.latency).toEqual({ p50_ms: 24, p95_ms: 45 });
  });

  it('a faithfulness miss lowers all scorers but not execution accuracy, and is listed', () => {
    const unfaithful = record(1, true, {
      scores: {
        outcome: { pass: true, lenient: true, explanation: null, detail: {} },
        faithfulness: {
          pass: false,
          lenient: false,
          explanation: '1,300',
          detail: { unsupported_numbers: ['1,300'], unsupported_entities: [] },
        },
      },
    });
    const m = buildBoard([unfaithful, record(2, true)], {
      passes: 1,
      curated: true,
      faithfulness: true,
    });
    expect(m.accuracy.execution.strict.count).toBe(2);
    expect(m.accuracy_all_scorers.count).toBe(1);
    expect(m.accuracy_generated).toEqual({ count: 2, total: 2, rate: 1 });
    expect(m.faithfulness).toEqual({
      answers: 1,
      faithful: 0,
      rate: 0,
      unfaithful: [
        {
          case_id: 'case_001',
          role: null,
          pass: 1,
          unsupported_numbers: ['1,300'],
          unsupported_entities: [],
        },
      ],
    });
  });

  it('no runs scored reads 0 of 0 with the vacuous interval, never NaN', () => {
    const m = buildBoard([], { passes: 2, curated: false, faithfulness: true });
    expect(m.accuracy.execution.strict).toEqual({
      count: 0,
      total: 0,
      rate: 0,
      lower: 0,
      upper: 1,
    });
    expect(m.pass_k).toBeNull();
    expect(m.dollars.per_case_run).toBe(0);
  });
});
