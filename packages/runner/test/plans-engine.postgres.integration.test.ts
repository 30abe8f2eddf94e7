import {
  CHINOOK_POLICIES,
  CHINOOK_SUITE_PATH,
  chinookForTests,
  loadChinookPostgres,
} from '@nl2sql/datasets';
import { openPostgres, postgresForTests } from '@nl2sql/datasource-postgres';
import { plansEngine } from '@nl2sql/reference-engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { loadSuite, suiteFileDigest } from '@nl2sql/suite';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseIdentity, runEval } from '../src/index.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

// Mode plans on PostgreSQL: the same suite, gold plans compiled for PostgreSQL, run on Chinook
// loaded into a throwaway embedded server. Skips with the reason printed where there is no
// Chinook file or no PostgreSQL binaries (never under CI, where both are installed).
const chinook = await chinookForTests();
const pg = chinook.path === undefined ? undefined : await postgresForTests();

afterAll(async () => {
  await pg?.server?.stop();
});

describe.skipIf(!pg?.server)('mode plans on Chinook in PostgreSQL (e2e, no API key)', () => {
  it('passes every case for every role, none skipped, as on SQLite', async () => {
    const server = pg!.server!;
    const suite = await loadSuite(CHINOOK_SUITE_PATH);
    const loaded = await loadChinookPostgres(server.url(), {
      database: 'chinook',
      locate: { download: false },
    });
    const datasource = await openPostgres(loaded.url);
    const rig = await plansEngine(suite, {
      datasources: [{ id: 'chinook', datasource, description: 'A digital music store.' }],
      policy: CHINOOK_POLICIES,
    });
    try {
      const report = await runEval({
        plugins: PLUGINS,
        suite,
        engine: rig.engine,
        mode: 'plans',
        dataset: { name: 'chinook.yaml', digest: await suiteFileDigest(CHINOOK_SUITE_PATH) },
        database: await databaseIdentity('chinook', datasource),
        sqlChecks: { dialect: 'postgres' },
      });
      const board = report.configs[0];
      if (!board || !('accuracy' in board.metrics)) throw new Error('no board');
      const failing = board.cases.filter((r) => r.status !== 'pass');
      expect(failing.map((r) => `${r.caseId}@${r.role}: ${r.explanation}`)).toEqual([]);
      const planned = suite.cases
        .filter((c) => c.approved)
        .reduce((n, c) => n + Object.keys(c.outcome).length, 0);
      expect(report.completedCases).toBe(planned);
      expect(board.metrics.accuracy.execution.strict).toMatchObject({
        count: planned,
        total: planned,
      });
      expect(new Set(board.cases.map((r) => r.expected))).toEqual(
        new Set(['allowed', 'refused', 'unanswerable']),
      );
      expect(report.database).toMatchObject({
        datasource_id: 'chinook',
        engine: 'postgres',
        tables: 11,
      });
    } finally {
      await rig.close();
      await datasource.close();
    }
  }, 240_000);
});

describe.skipIf(!pg?.server)('the PostgreSQL server going away mid-run', () => {
  it('ends the case runs that need it with EXECUTION_ERROR, and the run goes on to the end', async () => {
    const server = pg!.server!;
    const suite = await loadSuite(CHINOOK_SUITE_PATH);
    const loaded = await loadChinookPostgres(server.url(), {
      database: 'chinook',
      locate: { download: false },
    });
    const datasource = await openPostgres(loaded.url, { connectTimeoutMs: 2000 });
    const rig = await plansEngine(suite, {
      datasources: [{ id: 'chinook', datasource, description: 'A digital music store.' }],
      policy: CHINOOK_POLICIES,
    });
    let halted: Promise<void> | undefined;
    try {
      const report = await runEval({
        plugins: PLUGINS,
        suite,
        engine: rig.engine,
        mode: 'plans',
        concurrency: 2,
        database: await databaseIdentity('chinook', datasource),
        sqlChecks: { dialect: 'postgres' },
        onEvent: (event) => {
          // Stop the server once 20 case runs are done, with others in flight.
          if (event.type === 'case.finished' && event.completedCases === 20) {
            halted = server.halt();
          }
        },
      });
      await halted;
      const board = report.configs[0];
      if (!board || !('accuracy' in board.metrics)) throw new Error('no board');
      const planned = suite.cases
        .filter((c) => c.approved)
        .reduce((n, c) => n + Object.keys(c.outcome).length, 0);
      // Every case run was asked and scored: none lost, none counted twice.
      expect(report.completedCases).toBe(planned);
      expect(report.stopped).toBeNull();
      const lost = board.cases.filter((r) => r.status !== 'pass');
      expect(lost.length).toBeGreaterThan(planned / 2);
      for (const r of lost) {
        // An allowed case that needed the database: the engine's error, never a pass.
        expect(r.expected).toBe('allowed');
        expect(r.error?.code).toMatch(/^(EXECUTION_ERROR|TRANSPORT_ERROR)$/);
      }
      // The first 20 finished before the halt, and what needs no database still passes.
      expect(board.cases.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(20);
      expect(board.cases.some((r) => r.expected === 'refused' && r.status === 'pass')).toBe(true);
    } finally {
      await halted;
      await server.resume();
      await rig.close();
      await datasource.close();
    }
  }, 240_000);
});
