// A run that needs a plugin it was not given refuses before any case runs, naming the option
// and the package that gives it (decisions/runner-passes.md): nothing is skipped in silence.
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import { RunnerError, runEval } from '../src/index.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

const PLUGINS = await defaultPlugins();
const engine = new FakeEngine(SUITE);

async function refusal(run: Promise<unknown>): Promise<RunnerError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RunnerError);
  return error as RunnerError;
}

describe('runEval without the plugins a run needs', () => {
  it('refuses mode plans without plugins.sql: the safety check before execution is never skipped', async () => {
    const error = await refusal(
      runEval({ suite: SUITE, engine, sqlChecks: false, evaluation: false }),
    );
    expect(error.code).toBe('MISSING_PLUGIN');
    expect(error.message).toContain('mode plans needs');
    expect(error.message).toContain("runEval's plugins.sql");
    expect(error.message).toContain('@nl2sql/sqlcheck');
    expect(error.message).toContain('defaultPlugins() from @nl2sql/runner-plugins');
  });

  it('refuses mode full without plugins.sql, whatever scorers it is given', async () => {
    const error = await refusal(
      runEval({
        suite: SUITE,
        engine,
        mode: 'full',
        maxCostUsd: 1,
        scorers: [],
        evaluation: false,
      }),
    );
    expect(error.message).toContain('mode full needs');
  });

  it('refuses the evaluation beyond EX without plugins.judge (its verdict cascade)', async () => {
    const error = await refusal(
      runEval({ suite: SUITE, engine, sqlChecks: false, plugins: { sql: PLUGINS.sql } }),
    );
    expect(error.code).toBe('MISSING_PLUGIN');
    expect(error.message).toContain('plugins.judge');
    expect(error.message).toContain('@nl2sql/judge');
  });

  it('refuses a test suite without plugins.testSuite', async () => {
    const error = await refusal(
      runEval({
        suite: SUITE,
        engine,
        sqlChecks: false,
        plugins: { sql: PLUGINS.sql, judge: PLUGINS.judge },
        evaluation: { testSuite: {} as never },
      }),
    );
    expect(error.message).toContain('plugins.testSuite');
    expect(error.message).toContain('@nl2sql/testsuite');
  });

  it('refuses the efficiency option without plugins.efficiency', async () => {
    const error = await refusal(
      runEval({
        suite: SUITE,
        engine,
        sqlChecks: false,
        plugins: { sql: PLUGINS.sql, judge: PLUGINS.judge },
        efficiency: { datasource: { execute: async () => ({}) as never } },
      }),
    );
    expect(error.message).toContain('plugins.efficiency');
    expect(error.message).toContain('@nl2sql/efficiency');
  });

  it('runs mode plans with only the SQL parser when the evaluation is off', async () => {
    const report = await runEval({
      suite: SUITE,
      engine,
      sqlChecks: false,
      evaluation: false,
      plugins: { sql: PLUGINS.sql },
    });
    expect(report.completedCases).toBeGreaterThan(0);
  });

  it('runs mode retrieval with no plugin', async () => {
    const retrieving = new FakeEngine(SUITE, {
      retrieve: (c) => ({ tables_sent: c.tables, columns_sent: c.columns }),
    });
    const report = await runEval({ suite: SUITE, engine: retrieving, mode: 'retrieval' });
    expect(report.completedCases).toBeGreaterThan(0);
  });
});
