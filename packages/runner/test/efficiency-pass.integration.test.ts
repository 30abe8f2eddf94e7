import { CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { openSqliteExplainer } from '@nl2sql/efficiency';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { loadSuite } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { databaseIdentity, reportRecords, runEval } from '../src/index.js';
import { SqlEngine } from './sql-engine.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const chinook = await chinookForTests();

// A correct rewrite of chinook_039 whose index use is defeated (`+ 0`): its plan scans
// InvoiceLine once per track. chinook_010's answer is wrong: incorrect, never timed.
const ANSWERS = {
  chinook_039:
    'SELECT COUNT(*) AS tracks FROM Track t WHERE NOT EXISTS (SELECT 1 FROM InvoiceLine il WHERE il.TrackId + 0 = t.TrackId)',
  chinook_010:
    "SELECT COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Metal'",
};

describe.skipIf(chinook.path === undefined)('the efficiency pass (Chinook)', () => {
  it('times correct case runs against their gold after the run, flags added full scans, and leaves EX alone', async () => {
    const suite = await loadSuite(CHINOOK_SUITE_PATH);
    const datasource = await openSqlite(chinook.path!);
    const timing = await openSqlite(chinook.path!, { poolSize: 1 });
    const explainer = await openSqliteExplainer(chinook.path!);
    try {
      const { tables } = await datasource.introspect();
      const options = {
        plugins: PLUGINS,
        suite,
        engine: new SqlEngine(suite, datasource, ANSWERS),
        mode: 'plans' as const,
        roles: ['admin'],
        cases: ['chinook_002', 'chinook_010', 'chinook_039', 'chinook_044'],
        database: await databaseIdentity('chinook', datasource),
        sqlChecks: { dialect: 'sqlite' },
      };
      const report = await runEval({
        ...options,
        efficiency: {
          datasource: timing,
          explainer,
          tables,
          repeats: 3,
          warmup: 1,
          timeoutMs: 60_000,
        },
      });
      const board = report.configs[0];
      if (!board || !('accuracy' in board.metrics)) throw new Error('no board');
      const byId = new Map(board.cases.map((c) => [c.caseId, c]));
      const rewrite = byId.get('chinook_039')?.diagnostics?.efficiency;
      expect(rewrite?.status).toBe('measured');
      expect(rewrite?.time_ratio).toBeGreaterThan(0);
      expect(rewrite?.added_full_scans.join(' ')).toContain('InvoiceLine');
      expect(byId.get('chinook_002')?.diagnostics?.efficiency?.status).toBe('measured');
      expect(byId.get('chinook_010')?.diagnostics?.efficiency).toMatchObject({
        status: 'incorrect',
        time_ratio: 0,
        ves_reward: 0,
      });
      // An unanswerable case has no SQL to time.
      expect(byId.get('chinook_044')?.diagnostics?.efficiency).toBeUndefined();
      const e = board.metrics.diagnostics?.efficiency;
      expect(e).toMatchObject({ measured: 2, incorrect: 1, added_full_scans: 1 });
      expect(e?.ves).toBeGreaterThan(0);
      expect(e?.rves).toBeGreaterThan(0);
      expect(board.metrics.accuracy.execution.strict.count).toBe(3);
      // A record stores the efficiency figures: the record's definition accepts them.
      const [record] = reportRecords(report, {});
      expect(record?.metrics).toMatchObject({ diagnostics: { efficiency: { measured: 2 } } });

      // Without the option, no efficiency anywhere.
      const plain = await runEval(options);
      const plainBoard = plain.configs[0]?.metrics;
      if (!plainBoard || !('accuracy' in plainBoard)) throw new Error('no board');
      expect(plainBoard.diagnostics?.efficiency).toBeUndefined();
      expect(plain.configs[0]?.cases.every((c) => c.diagnostics?.efficiency === undefined)).toBe(
        true,
      );
    } finally {
      await explainer.close();
      await timing.close();
      await datasource.close();
    }
  }, 300_000);

  it('with a budget, counts only EX-correct case runs whose cost proxy exceeds 10x the gold', async () => {
    const suite = await loadSuite(CHINOOK_SUITE_PATH);
    const datasource = await openSqlite(chinook.path!);
    const timing = await openSqlite(chinook.path!, { poolSize: 1 });
    const explainer = await openSqliteExplainer(chinook.path!);
    try {
      const { tables } = await datasource.introspect();
      const report = await runEval({
        plugins: PLUGINS,
        suite,
        engine: new SqlEngine(suite, datasource, ANSWERS),
        mode: 'plans' as const,
        roles: ['admin'],
        cases: ['chinook_002', 'chinook_010', 'chinook_039'],
        database: await databaseIdentity('chinook', datasource),
        sqlChecks: { dialect: 'sqlite' },
        efficiency: {
          datasource: timing,
          explainer,
          tables,
          repeats: 1,
          warmup: 0,
          timeoutMs: 60_000,
          budget: { relative: 10 },
        },
      });
      const board = report.configs[0];
      if (!board || !('accuracy' in board.metrics)) throw new Error('no board');
      const byId = new Map(board.cases.map((c) => [c.caseId, c]));
      const rewrite = byId.get('chinook_039')?.diagnostics?.efficiency?.cost;
      expect(rewrite).toMatchObject({ unit: 'rows_read', budget_x: 10, over_budget: true });
      expect(rewrite?.ratio).toBeGreaterThan(10);
      // the gold itself answers chinook_002: its proxy equals the gold's
      expect(byId.get('chinook_002')?.diagnostics?.efficiency?.cost).toMatchObject({
        ratio: 1,
        over_budget: false,
      });
      // an incorrect prediction is never costed: it would look cheap
      expect(byId.get('chinook_010')?.diagnostics?.efficiency?.cost).toBeUndefined();
      expect(board.metrics.diagnostics?.efficiency?.budget).toEqual({
        budget_x: 10,
        budget_max: null,
        budgeted: 2,
        unbudgeted: 0,
        over_budget: 1,
        over_budget_cases: ['chinook_039'],
      });
      const [record] = reportRecords(report, {});
      expect(record?.metrics).toMatchObject({
        diagnostics: { efficiency: { budget: { over_budget: 1 } } },
      });
    } finally {
      await explainer.close();
      await timing.close();
      await datasource.close();
    }
  }, 300_000);
});
