// The predictions "engine": the file's SQL for the case, role and pass asked, status success
// with no rows (the harness runs it); NO_PREDICTION where the file has none; its description
// names the file and its digest; and the flags a predictions run refuses.
import { type EvalSuite, pairPredictions, parsePredictions } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import {
  checkPredictionFlags,
  NO_PREDICTION,
  predictionsEngine,
} from '../src/eval/predictions-engine.js';

const SUITE: EvalSuite = {
  name: 'tiny',
  version: 1,
  cases: ['a', 'b'].map((id) => ({
    id,
    question: `Question ${id}?`,
    datasource: 'db',
    source: 'hand' as const,
    tags: [],
    order_matters: false,
    outcome: { admin: 'allowed' as const, sales: 'allowed' as const },
    tables: [],
    columns: [],
    sql: 'SELECT 1',
  })),
};

const text = [
  '{"id":"a","candidates":["SELECT 1",{"sql":"SELECT 2","answer":"Two."}]}',
  '{"id":"b","role":"sales","sql":"SELECT 3"}',
].join('\n');
const engine = predictionsEngine(
  pairPredictions(parsePredictions(text, 'p.jsonl', 'jsonl'), SUITE),
);
const ask = (caseId: string | undefined, role: string, pass = 1) =>
  engine.ask(
    { question: 'ignored', role, datasource: 'db' },
    caseId === undefined ? {} : { caseId, pass },
  );

describe('predictionsEngine', () => {
  it('answers candidate i in pass i, with no rows, so the harness runs the SQL', async () => {
    expect(await ask('a', 'admin')).toMatchObject({
      status: 'success',
      sql: 'SELECT 1',
      results: [],
      answer: null,
      error: null,
    });
    expect(await ask('a', 'sales', 2)).toMatchObject({
      status: 'success',
      sql: 'SELECT 2',
      answer: 'Two.',
    });
    expect(await ask('b', 'sales')).toMatchObject({ sql: 'SELECT 3' });
  });

  it('fails, never skips, what the file has no answer for', async () => {
    expect((await ask('b', 'admin')).error).toEqual({
      code: NO_PREDICTION,
      message: 'p.jsonl has no prediction for case b as role admin',
    });
    expect((await ask('a', 'admin', 3)).error?.message).toBe(
      'p.jsonl:1: 2 candidate(s) for case a as role admin, none for candidate 3 of 2',
    );
    expect((await ask(undefined, 'admin')).error?.code).toBe('INVALID_REQUEST');
  });

  it('describes itself by the file and its digest', async () => {
    const d = await engine.describe?.();
    expect(d?.name).toBe('p.jsonl');
    expect(d?.version).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(d?.settings).toEqual({ predictions: { layout: 'jsonl', candidates: 2, cases: 2 } });
  });
});

describe('checkPredictionFlags', () => {
  it('refuses an engine, passes, an llm and mode retrieval', () => {
    expect(() => checkPredictionFlags('plans', { engine: 'mine' })).toThrow(
      'give --engine or --predictions, not both',
    );
    expect(() => checkPredictionFlags('plans', { passes: 2 })).toThrow('its candidates');
    expect(() => checkPredictionFlags('full', { llm: 'x' })).toThrow('makes no LLM call');
    expect(() => checkPredictionFlags('retrieval', {})).toThrow('mode retrieval');
    expect(() => checkPredictionFlags('plans', { name: 'x' })).not.toThrow();
  });
});
