import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareAny } from '@nl2sql/comparator';
import { CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { type EvalSuite, loadSuite } from '@nl2sql/suite';
import {
  generateMutants,
  type Mutant,
  openTestSuite,
  suiteGolds,
  type TestSuite,
  testSuiteDir,
  testSuiteMatch,
} from '@nl2sql/testsuite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseIdentity, goldTables, runEval } from '../src/index.js';
import { SqlEngine } from './sql-engine.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const chinook = await chinookForTests();

describe.skipIf(chinook.path === undefined)('test-suite accuracy in a run (Chinook)', () => {
  let suite: EvalSuite;
  let datasource: SqliteDatasource;
  let testSuite: TestSuite;

  beforeAll(async () => {
    suite = await loadSuite(CHINOOK_SUITE_PATH);
    datasource = await openSqlite(chinook.path!);
    // The committed manifest; its variants regenerated from their seeds where missing.
    testSuite = await openTestSuite({
      dir: testSuiteDir(CHINOOK_SUITE_PATH),
      original: chinook.path!,
      golds: suiteGolds(suite),
      variantsDir: join(tmpdir(), 'nl2sql-runner-chinook-variants'),
    });
  }, 600_000);
  afterAll(async () => {
    await testSuite?.close();
    await datasource?.close();
  });

  it('names the EX false positive and shows test-suite accuracy beside EX', async () => {
    const report = await runEval({
      plugins: PLUGINS,
      suite,
      engine: new SqlEngine(suite, datasource, {
        // Equal on Chinook (LIKE ignores case), told apart on a variant spelling 'germany'.
        chinook_021:
          "SELECT c.FirstName, c.LastName, c.City FROM Customer c WHERE c.Country LIKE 'germany' ORDER BY c.CustomerId",
        // Wrong on Chinook itself: EX and the test suite both fail it.
        chinook_010:
          "SELECT COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Metal'",
      }),
      mode: 'plans',
      roles: ['admin', 'catalog'],
      cases: ['chinook_002', 'chinook_010', 'chinook_021', 'chinook_044'],
      database: await databaseIdentity('chinook', datasource),
      sqlChecks: { dialect: 'sqlite' },
      evaluation: { testSuite },
    });
    const board = report.configs[0];
    if (!board || !('accuracy' in board.metrics)) throw new Error('no board');
    const germany = board.cases.find((c) => c.caseId === 'chinook_021' && c.role === 'admin');
    expect(germany?.status).toBe('pass');
    expect(germany?.diagnostics?.test_suite).toMatchObject({
      pass: false,
      distinguished_by: expect.stringMatching(/^variant-/),
    });
    expect(germany?.diagnostics?.verdict).toMatchObject({
      pass: false,
      tier: 'execution',
      outcome: 'lucky_match',
    });
    const gold = board.cases.find((c) => c.caseId === 'chinook_002' && c.role === 'admin');
    expect(gold?.diagnostics?.test_suite).toMatchObject({ pass: true, databases: 9 });
    // chinook_010 failed EX: the suite fails it without running (0 databases).
    const metal = board.cases.find((c) => c.caseId === 'chinook_010' && c.role === 'admin');
    expect(metal?.diagnostics?.test_suite).toMatchObject({ pass: false, databases: 0 });

    const ts = board.metrics.diagnostics?.test_suite;
    const ex = board.metrics.accuracy.execution.strict;
    expect(ts?.strict.count).toBe(ex.count - 1);
    expect(ts?.strict.total).toBe(ex.total);
    expect(ts?.false_positives).toEqual([
      {
        case_id: 'chinook_021',
        role: 'admin',
        pass: 1,
        distinguished_by: germany?.diagnostics?.test_suite?.distinguished_by,
      },
    ]);
    expect(ts).toMatchObject({ databases: 9, mutants_killed: 199, mutants_semantic: 199 });
  }, 300_000);

  it('property: a prediction never passes the test suite without passing EX (same policy)', async () => {
    // Every gold's mutants: a pool of wrong and equivalent neighbours, each scored by the
    // test suite and, independently, by EX on the original with the case's stored rows.
    const answerable = suite.cases.filter(
      (c) => c.approved && c.sql !== undefined && c.rows !== undefined,
    );
    const pool: { mutant: Mutant; caseIndex: number }[] = [];
    for (const [caseIndex, c] of answerable.entries()) {
      const { mutants } = await generateMutants(c.id, c.sql!, { orderMatters: c.order_matters });
      for (const mutant of mutants) pool.push({ mutant, caseIndex });
    }
    expect(pool.length).toBeGreaterThan(200);
    let tsPasses = 0;
    let exPasses = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pool),
        fc.constantFrom('strict' as const, 'lenient' as const),
        async ({ mutant, caseIndex }, score) => {
          const c = answerable[caseIndex]!;
          const run = await datasource.execute(mutant.sql).catch(() => null);
          const width = run?.columns.length ?? 0;
          const gold = goldTables(c, width);
          const ex =
            run !== null &&
            !run.truncated &&
            compareAny(gold, run, { orderMatters: c.order_matters, score }).pass;
          const verdict = await testSuiteMatch(testSuite, {
            prediction: mutant.sql,
            gold: { sql: c.sql!, ...(c.alt_sql ? { altSql: c.alt_sql } : {}) },
            policy: { score, orderMatters: c.order_matters },
            originalGold: gold,
          });
          if (verdict.pass) tsPasses++;
          if (ex) exPasses++;
          expect(verdict.originalPass).toBe(ex);
          if (verdict.pass) expect(ex).toBe(true);
        },
      ),
      { numRuns: 60, seed: 16 },
    );
    expect(tsPasses).toBeLessThanOrEqual(exPasses);
  }, 300_000);
});
