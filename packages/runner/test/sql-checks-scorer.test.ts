import type { AskResponse } from '@nl2sql/engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import { runEval, sqlChecksScorer } from '../src/index.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

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

const schemaOf = (table: string, column: string) => ({
  tables: [{ name: table, columns: [{ name: column }] }],
});

describe('sqlChecksScorer', () => {
  it('checks L2 against the schema of the datasource the case names, when given one per datasource', async () => {
    const ds = SUITE.cases[0]!.datasource;
    const sql = 'SELECT Name FROM Artist LIMIT 5';
    const level2 = async (options: Parameters<typeof sqlChecksScorer>[1]) => {
      const result = await sqlChecksScorer(PLUGINS.sql, options).score(input(sql));
      const levels = (
        (result?.detail ?? { levels: [] }) as {
          levels: { name: string; pass: boolean; skipped: boolean }[];
        }
      ).levels;
      return levels[1];
    };
    expect(
      await level2({
        schemas: { [ds]: schemaOf('Artist', 'Name'), other: schemaOf('Shop', 'Id') },
      }),
    ).toMatchObject({ pass: true, skipped: false });
    expect(
      await level2({
        schemas: { [ds]: schemaOf('Shop', 'Id'), other: schemaOf('Artist', 'Name') },
      }),
    ).toMatchObject({ pass: false, skipped: false });
    // A datasource with no schema listed is not checked against another's.
    expect(await level2({ schemas: { other: schemaOf('Artist', 'Name') } })).toMatchObject({
      skipped: true,
    });
  });

  it('reports the static levels of the SQL that ran', async () => {
    const ok = await sqlChecksScorer(PLUGINS.sql).score(input('SELECT Name FROM Artist LIMIT 5'));
    expect(ok?.pass).toBe(true);
    const bad = await sqlChecksScorer(PLUGINS.sql).score(input('DELETE FROM Artist'));
    expect(bad?.pass).toBe(false);
    expect(bad?.explanation).toContain('L3 safety');
  });

  it('is a diagnostic: a case whose SQL fails it still passes on its rows', async () => {
    const engine = new FakeEngine(SUITE, {
      override: { c1: () => ({ sql: 'SELECT Name FROM Artist; DROP TABLE Artist' }) },
    });
    const report = await runEval({ plugins: PLUGINS, suite: SUITE, engine, cases: ['c1'] });
    const runs = report.configs[0]?.cases ?? [];
    expect(runs.map((r) => [r.status, r.scores.sql_checks?.pass])).toEqual([
      ['pass', false],
      ['pass', false],
    ]);
    const m = report.configs[0]?.metrics;
    expect(m && 'accuracy_all_scorers' in m ? m.accuracy_all_scorers.count : -1).toBe(2);
    expect(runs[0]?.scores.sql_checks?.kind).toBe('diagnostic');
  });

  it("accepts the LIMIT the run's row cap makes the engine write (maxRows + 1), and no more", async () => {
    const engine = new FakeEngine(SUITE, {
      override: { c1: () => ({ sql: 'SELECT Name FROM Artist LIMIT 1001' }) },
    });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      cases: ['c1'],
      roles: ['analyst'],
    });
    expect(report.configs[0]?.cases[0]?.scores.sql_checks).toMatchObject({ pass: true });
    const capped = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      cases: ['c1'],
      roles: ['analyst'],
      maxRows: 500,
    });
    expect(capped.configs[0]?.cases[0]?.scores.sql_checks?.explanation).toContain(
      'LIMIT 1001 is outside 1..501',
    );
  });

  it("refuses a config built under another row cap than the run's", async () => {
    const engine = new FakeEngine(SUITE);
    await expect(
      runEval({
        plugins: PLUGINS,
        suite: SUITE,
        configs: [{ name: 'plans', engine, maxRows: 200 }],
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      message: expect.stringContaining('row cap of 200'),
    });
  });

  it('runs L2 against the schema it is given: a column the database lacks is reported', async () => {
    const schema = {
      tables: [{ name: 'Artist', columns: [{ name: 'ArtistId' }, { name: 'Name' }] }],
    };
    const ok = await sqlChecksScorer(PLUGINS.sql, { schema }).score(
      input('SELECT Name FROM Artist LIMIT 5'),
    );
    expect(ok?.detail.levels).toContainEqual(
      expect.objectContaining({ level: 'L2', skipped: false, pass: true }),
    );
    const bad = await sqlChecksScorer(PLUGINS.sql, { schema }).score(
      input('SELECT Title FROM Artist LIMIT 5'),
    );
    expect(bad?.pass).toBe(false);
    expect(bad?.explanation).toContain('L2 schema');
  });
});
