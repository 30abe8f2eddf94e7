import {
  CHINOOK_POLICIES,
  CHINOOK_SUITE_PATH,
  chinookForTests,
  loadChinookPostgres,
} from '@nl2sql/datasets';
import { openPostgres, postgresForTests } from '@nl2sql/datasource-postgres';
import { plansEngine } from '@nl2sql/reference-engine';
import { loadSuite, suiteFileDigest } from '@nl2sql/suite';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseIdentity, runEval } from '../src/index.js';

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
