import type { EngineDescription } from '@nl2sql/engine';
import { REFERENCE_ENGINE_PACKAGE as ENGINE_PACKAGE } from '@nl2sql/reference-engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import { describeEngine, reportRecords, runEval } from '../src/index.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const database = {
  datasource_id: 'chinook',
  engine: 'sqlite',
  schema_fingerprint: 'f'.repeat(64),
  tables: 11,
  columns: 64,
};
const git = { commit: 'unknown', shortSha: 'unknown', dirty: 'unknown' as const, root: null };

/** A FakeEngine that describes itself as `description` says (or throws). */
function described(description: EngineDescription | Error): FakeEngine {
  const engine = new FakeEngine(SUITE);
  return Object.assign(engine, {
    async describe() {
      if (description instanceof Error) throw description;
      return description;
    },
  });
}

describe('the engine a config ran', () => {
  it('an external engine is recorded as kind engine, named by its describe(), scored in the run’s mode', async () => {
    const engine = described({
      name: 'acme-sql',
      version: '2.3.1',
      models: { planner: 'openai:gpt-5.4' },
    });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      configs: [
        // No database here: the fake engine's rows are taken as its word.
        {
          name: 'sql.example.com',
          engine,
          external: true,
          endpoint: 'http://sql.example.com',
          trustReportedRows: true,
        },
      ],
      database,
      sqlChecks: false,
    });
    const board = report.configs[0];
    expect(board?.kind).toBe('engine');
    expect(board?.engine).toEqual({
      name: 'acme-sql',
      version: '2.3.1',
      models: { planner: 'openai:gpt-5.4' },
      url: 'http://sql.example.com',
    });
    const [record] = reportRecords(report, { git });
    expect(record).toMatchObject({
      kind: 'engine',
      engine_version: '2.3.1',
      config: { name: 'sql.example.com' },
      engine: { name: 'acme-sql', version: '2.3.1', models: { planner: 'openai:gpt-5.4' } },
      scoreboard: { settings: { mode: 'plans', rows: 'trusted' } },
    });
  });

  it('an engine that cannot describe itself is unknown, and says why', async () => {
    const failing = await describeEngine({ name: 'x', engine: described(new Error('boom')) });
    expect(failing).toMatchObject({
      name: 'unknown',
      version: 'unknown',
      unavailable: 'describe() failed: boom',
    });
    const silent = await describeEngine({ name: 'y', engine: new FakeEngine(SUITE) });
    expect(silent).toMatchObject({
      name: 'unknown',
      version: 'unknown',
      unavailable: 'the engine has no describe()',
    });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      configs: [
        { name: 'svc', engine: new FakeEngine(SUITE), external: true, trustReportedRows: true },
      ],
      database,
      sqlChecks: false,
    });
    const [record] = reportRecords(report, { git });
    expect(record).toMatchObject({
      kind: 'engine',
      engine_version: 'unknown',
      engine: { name: 'unknown', version: 'unknown', models: null },
    });
  });

  it('an in-process engine keeps the run’s mode, and its records the version it reports', async () => {
    const engine = described({ name: ENGINE_PACKAGE.name, version: ENGINE_PACKAGE.version });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      database,
      sqlChecks: false,
    });
    const [record] = reportRecords(report, { git });
    expect(record?.kind).toBe('plans');
    expect(record?.engine_version).toBe(ENGINE_PACKAGE.version);
    expect(record?.engine).toBeUndefined();
  });
});
