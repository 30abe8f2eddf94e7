import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { toRunSummary, validateRecord } from '@nl2sql/records';
import { plansEngine } from '@nl2sql/reference-engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { loadSuite, suiteFileDigest } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { databaseIdentity, reportRecords, runEval } from '../src/index.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

describe.skipIf(noChinook)('mode plans on Chinook (e2e, no API key)', () => {
  it('passes every case for every role, none skipped', async () => {
    const suite = await loadSuite(CHINOOK_SUITE_PATH);
    const datasource = await openSqlite(chinook.path!);
    const rig = await plansEngine(suite, {
      datasources: [{ id: 'chinook', datasource, description: 'A digital music store.' }],
      policy: CHINOOK_POLICIES,
    });
    try {
      // Built for mode plans: no curated answers, no plan cache, generic refusals.
      expect(rig.curated).toBe(false);
      expect(rig.engine.useCurated).toBe(false);
      expect(rig.engine.usePlanCache).toBe(false);
      expect(rig.engine.revealRefusedTable).toBe(false);
      const report = await runEval({
        plugins: PLUGINS,
        suite,
        engine: rig.engine,
        mode: 'plans',
        dataset: { name: 'chinook.yaml', digest: await suiteFileDigest(CHINOOK_SUITE_PATH) },
        database: await databaseIdentity('chinook', datasource),
        sqlChecks: { dialect: 'sqlite' },
      });
      const board = report.configs[0];
      if (!board || !('accuracy' in board.metrics)) throw new Error('no board');
      const failing = board.cases.filter((r) => r.status !== 'pass');
      expect(failing.map((r) => `${r.caseId}@${r.role}: ${r.explanation}`)).toEqual([]);
      const planned = suite.cases
        .filter((c) => c.approved)
        .reduce((n, c) => n + Object.keys(c.outcome).length, 0);
      expect(report.plannedCases).toBe(planned);
      expect(report.completedCases).toBe(planned);
      expect(report.stopped).toBeNull();
      expect(board.metrics.accuracy.execution.strict).toMatchObject({
        count: planned,
        total: planned,
      });
      // Every outcome kind is exercised.
      expect(new Set(board.cases.map((r) => r.expected))).toEqual(
        new Set(['allowed', 'refused', 'unanswerable']),
      );
      expect(report.dollars).toBe(0);
      expect(board.metrics.faithfulness).toBeNull();
      expect(report.database).toMatchObject({
        datasource_id: 'chinook',
        engine: 'sqlite',
        tables: 11,
      });
      // The report makes a valid format 2 record the gate can read.
      const [record] = reportRecords(report, {
        engineVersion: '0.0.0',
        git: { commit: 'unknown', shortSha: 'unknown', dirty: 'unknown', root: null },
      });
      if (!record) throw new Error('no record');
      expect(validateRecord(record, 'plans record')).toBe(record);
      expect(toRunSummary(record).configs.plans).toHaveLength(planned);
    } finally {
      await rig.close();
      await datasource.close();
    }
  }, 120_000);
});
