import type { AskResponse } from '@nl2sql/engine';
import { GENERIC_REFUSAL } from '@nl2sql/engine';
import type { Outcome } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { actualOutcome, outcomeScorer } from '../src/index.js';
import { SUITE } from './suite-fixture.js';

const base: AskResponse = {
  status: 'success',
  sql: 'SELECT 1',
  results: [],
  answer: null,
  error: null,
  usage: [],
  trace: {},
};
const rows = (n: number) => [
  { columns: ['a'], rows: Array.from({ length: n }, (_, i) => [i]), truncated: false },
];
const kase = SUITE.cases[0]!;

function score(expected: Outcome, response: Partial<AskResponse>) {
  const r = outcomeScorer().score({
    kind: 'ask',
    mode: 'plans',
    case: kase,
    role: 'analyst',
    expected,
    response: { ...base, ...response },
  });
  if (r === null || r instanceof Promise) throw new Error('outcome always applies to an ask');
  return r;
}

describe('outcomeScorer: the spec table', () => {
  // Outcome | Passes when
  it('allowed: status success, one result set', () => {
    expect(score('allowed', { results: rows(2) }).pass).toBe(true);
    expect(score('allowed', { results: [...rows(1), ...rows(1)] }).pass).toBe(false);
    expect(score('allowed', { status: 'clarify', results: [] }).pass).toBe(false);
  });

  it('refused: status error, SECURITY_VIOLATION with the generic refusal (it names no table), no rows', () => {
    const refusal = {
      status: 'error' as const,
      error: { code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL },
    };
    expect(score('refused', refusal).pass).toBe(true);
    const named = score('refused', {
      ...refusal,
      error: { code: 'SECURITY_VIOLATION', message: 'You may not read Invoice.' },
    });
    expect(named.pass).toBe(false);
    expect(named.explanation).toContain('generic refusal');
    expect(score('refused', { ...refusal, results: rows(1) }).pass).toBe(false);
    expect(score('refused', { results: rows(1) }).explanation).toContain('expected refused');
  });

  it('unanswerable: status error, QUESTION_NOT_ANSWERABLE, no rows', () => {
    const na = {
      status: 'error' as const,
      error: { code: 'QUESTION_NOT_ANSWERABLE', message: 'no datasource' },
    };
    expect(score('unanswerable', na).pass).toBe(true);
    expect(score('unanswerable', { ...na, results: rows(1) }).pass).toBe(false);
    expect(
      score('unanswerable', {
        status: 'error',
        error: { code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL },
      }).pass,
    ).toBe(false);
  });

  it('classifies what a response ended in', () => {
    expect(
      actualOutcome({ ...base, status: 'error', error: { code: 'TIMEOUT', message: 'slow' } }),
    ).toBe('error');
    expect(actualOutcome({ ...base, status: 'clarify' })).toBe('clarify');
  });
});
