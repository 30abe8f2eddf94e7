// Issue 25: an engine answer with a 1.3 MB SQL string held scoring for minutes (the parser's
// time grows faster than the text). The answer's case run now fails, named (sql_size), and
// nothing parses it: not the static checks, the scope check, nor the diagnostics pass.
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import { runEval, sqlSizeScorer } from '../src/index.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

/** A select list of computed columns, the shape whose parse grows fastest. */
function wideSelect(bytes: number): string {
  const parts: string[] = [];
  for (let i = 0, length = 0; length < bytes; i++) {
    const item = `ArtistId + ${i} AS c${i}`;
    parts.push(item);
    length += item.length + 2;
  }
  return `SELECT ${parts.join(', ')} FROM Artist LIMIT 10`;
}

const HUGE = wideSelect(1_300_000);

describe('an answer over the SQL size limit', () => {
  it('fails its case run with sql_size in seconds, and is neither checked nor diagnosed', async () => {
    const engine = new FakeEngine(SUITE, { override: { c1: () => ({ sql: HUGE }) } });
    const start = performance.now();
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      cases: ['c1', 'c2'],
      sqlChecks: { dialect: 'sqlite' },
      policy: {
        roles: {
          analyst: { tables: ['Artist', 'Genre', 'Track'] },
          support: { tables: ['Artist'] },
        },
      },
    });
    // parsing it alone took 40-70 s
    expect(performance.now() - start).toBeLessThan(15_000);
    const runs = report.configs[0]?.cases ?? [];
    const huge = runs.filter((r) => r.caseId === 'c1');
    expect(huge).toHaveLength(2);
    for (const r of huge) {
      // the rows are the gold's: only the size fails it
      expect(r.scores.result_match?.pass).toBe(true);
      expect(r.status).toBe('fail');
      expect(r.scores.sql_size).toMatchObject({
        pass: false,
        kind: 'execution',
        detail: { rule: 'sql-too-large', max_sql_bytes: 65536 },
      });
      expect(r.explanation).toContain('over the limit of 65536 bytes');
      expect(r.explanation).toContain('checks.max_sql_bytes');
      const levels = r.scores.sql_checks?.detail.levels as { violations: { rule: string }[] }[];
      expect(levels[0]?.violations.map((v) => v.rule)).toEqual(['sql-too-large']);
      expect(r.diagnostics?.verdict).toMatchObject({ pass: false, outcome: 'execution_error' });
      expect(r.diagnostics?.verdict?.reason).toContain("not diagnosed: the engine's SQL");
      expect(r.diagnostics?.normalized_match).toBeNull();
    }
    // the other case runs are scored as before, and record no sql_size score at all
    for (const r of runs.filter((x) => x.caseId === 'c2')) {
      expect(r.status).toBe('pass');
      expect(r.scores.sql_size).toBeUndefined();
    }
  }, 60_000);

  it('takes the project limit: a raised one lets the text through, a lowered one stops short SQL', async () => {
    const input = (sql: string) => ({
      kind: 'ask' as const,
      mode: 'plans' as const,
      case: SUITE.cases[0]!,
      role: null,
      expected: 'allowed' as const,
      response: {
        status: 'success' as const,
        sql,
        results: [],
        answer: null,
        error: null,
        usage: [],
        trace: {},
      },
    });
    expect(await sqlSizeScorer(2_000_000).score(input(HUGE))).toBeNull();
    expect((await sqlSizeScorer(10).score(input('SELECT Name FROM Artist')))?.pass).toBe(false);
    expect(await sqlSizeScorer().score(input('SELECT Name FROM Artist'))).toBeNull();
  });
});
