import type { AskResponse } from '@nl2sql/engine';
import { describe, expect, it } from 'vitest';
import { runEval, sqlChecksScorer } from '../src/index.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

const response = (sql: string): AskResponse => ({
  status: 'success',
  sql,
  results: [],
  answer: null,
  error: null,
  usage: [],
  trace: {},
});
const input = (sql: string) => ({
  kind: 'ask' as const,
  mode: 'plans' as const,
  case: SUITE.cases[0]!,
  role: null,
  expected: 'allowed' as const,
  response: response(sql),
});

describe('sqlChecksScorer', () => {
  it('reports the static levels of the SQL that ran', async () => {
    const ok = await sqlChecksScorer().score(input('SELECT Name FROM Artist LIMIT 5'));
    expect(ok?.pass).toBe(true);
    const bad = await sqlChecksScorer().score(input('DELETE FROM Artist'));
    expect(bad?.pass).toBe(false);
    expect(bad?.explanation).toContain('L3 safety');
  });

  it('is a diagnostic: a case whose SQL fails it still passes on its rows', async () => {
    const engine = new FakeEngine(SUITE, {
      override: { c1: () => ({ sql: 'SELECT Name FROM Artist; DROP TABLE Artist' }) },
    });
    const report = await runEval({ suite: SUITE, engine, cases: ['c1'] });
    const runs = report.configs[0]?.cases ?? [];
    expect(runs.map((r) => [r.status, r.scores.sql_checks?.pass])).toEqual([
      ['pass', false],
      ['pass', false],
    ]);
    const m = report.configs[0]?.metrics;
    expect(m && 'accuracy_all_scorers' in m ? m.accuracy_all_scorers.count : -1).toBe(2);
    expect(runs[0]?.scores.sql_checks?.kind).toBe('diagnostic');
  });
});
