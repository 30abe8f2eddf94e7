import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { FakeLLMServer, modelConfig, Secret } from '@nl2sql/llm';
import { goldPlanResponder, REFERENCE_NODES, referenceConfig } from '@nl2sql/reference-engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { type EvalSuite, loadSuite } from '@nl2sql/suite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseIdentity,
  type RunEvent,
  RunnerError,
  reportRecords,
  runEval,
} from '../src/index.js';
import { type FakeJudge, fakeJudge } from './fake-judge.js';
import { SqlEngine } from './sql-engine.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const chinook = await chinookForTests();

describe.skipIf(chinook.path === undefined)(
  'the three-tier verdict with a calibrated judge',
  () => {
    let suite: EvalSuite;
    let datasource: SqliteDatasource;
    let judge: FakeJudge;
    const question = (id: string) => suite.cases.find((c) => c.id === id)?.question ?? '';

    beforeAll(async () => {
      suite = await loadSuite(CHINOOK_SUITE_PATH);
      datasource = await openSqlite(chinook.path!);
      // chinook_010's gold is one row (a count): the judge is asked and calls the candidate a
      // lucky match. chinook_011's wrong candidate is close to the gold: the judge calls it
      // equivalent, which makes a review proposal, never a pass.
      judge = await fakeJudge((q) =>
        q === question('chinook_010')
          ? { equivalent: false, reason: 'The candidate counts a different genre name.' }
          : { equivalent: true, reason: 'Both count the countries customers live in.' },
      );
    }, 120_000);
    afterAll(async () => {
      await judge?.close();
      await datasource?.close();
    });

    const options = () => ({
      suite,
      engine: new SqlEngine(suite, datasource, {
        // Same count on Chinook (the genre table has one name matching), a lucky match.
        chinook_010:
          "SELECT COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name LIKE 'heavy metal'",
        chinook_011: 'SELECT COUNT(c.Country) AS countries FROM Customer c',
      }),
      mode: 'plans' as const,
      roles: ['admin'],
      cases: ['chinook_002', 'chinook_010', 'chinook_011'],
      sqlChecks: { dialect: 'sqlite' },
      maxCostUsd: 5,
    });

    it('asks the judge only where the tiers cannot decide, bills it under the cap, and never turns a fail into a pass', async () => {
      expect(judge.calibration.passed).toBe(true);
      const report = await runEval({
        plugins: PLUGINS,
        ...options(),
        database: await databaseIdentity('chinook', datasource),
        evaluation: { judge: { judge: judge.judge, calibration: judge.calibration } },
      });
      const board = report.configs[0];
      if (!board || !('accuracy' in board.metrics)) throw new Error('no board');
      const byId = new Map(board.cases.map((c) => [c.caseId, c]));

      // The gold itself: canonically the gold, the AST tier decides, no judge.
      expect(byId.get('chinook_002')?.diagnostics?.verdict).toMatchObject({
        pass: true,
        tier: 'ast',
        outcome: 'ast_match',
      });
      expect(byId.get('chinook_002')?.costUsd).toBe(0);

      const lucky = byId.get('chinook_010');
      expect(lucky?.status).toBe('pass'); // EX is EX
      expect(lucky?.diagnostics?.verdict).toMatchObject({
        pass: false,
        tier: 'judge',
        outcome: 'lucky_match',
        judge_trigger: 'small_result',
        judge: { equivalent: false },
      });
      const judgeCost = lucky?.diagnostics?.verdict?.judge_cost_usd ?? 0;
      expect(judgeCost).toBeGreaterThan(0);
      expect(lucky?.costUsd).toBeCloseTo(judgeCost, 10);

      const review = byId.get('chinook_011');
      expect(review?.status).toBe('fail');
      expect(review?.diagnostics?.verdict).toMatchObject({
        pass: false,
        tier: 'judge',
        outcome: 'review',
        judge_trigger: 'close_sql',
        proposal: { alt_sql: 'SELECT COUNT(c.Country) AS countries FROM Customer c' },
      });

      expect(judge.asked).toEqual([question('chinook_010'), question('chinook_011')]);
      const v = board.metrics.diagnostics?.verdict;
      expect(v).toMatchObject({
        accuracy: { count: 1, total: 3 },
        by_tier: { ast: 1, execution: 0, judge: 2 },
        judge_wanted: 2,
        judge_asked: 2,
        review: 1,
      });
      // The judge's dollars are the run's: under its cap and on its board.
      const total = board.cases.reduce((sum, c) => sum + (c.costUsd ?? 0), 0);
      expect(report.dollars).toBeCloseTo(total, 10);
      expect(v?.judge_cost_usd).toBeCloseTo(total, 10);
      expect(board.metrics.accuracy.execution.strict.count).toBe(2);
      // The verdicts, the judge's findings and the proposal are what a record stores: the
      // record's definition accepts them (createRecord validates).
      const [record] = reportRecords(report, {});
      expect(
        record?.scoreboard.cases.find((c) => c.case_id === 'chinook_011')?.diagnostics,
      ).toMatchObject({ verdict: { outcome: 'review' } });
    }, 120_000);

    it('starts no judge call the cap cannot pay for: the case keeps its tier-2 verdict, marked', async () => {
      const report = await runEval({
        plugins: PLUGINS,
        ...options(),
        // Room for the first judge call only (each costs about $0.0066 at gpt-5.4's price).
        maxCostUsd: 0.008,
        evaluation: { judge: { judge: judge.judge, calibration: judge.calibration } },
      });
      const cases = report.configs[0]?.cases ?? [];
      const judged = cases.filter((c) => c.diagnostics?.verdict?.tier === 'judge');
      const refused = cases.filter((c) => {
        const j = c.diagnostics?.verdict?.judge;
        return j !== undefined && 'error' in j && j.error.includes('cost cap');
      });
      expect(judged).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]?.diagnostics?.verdict?.tier).toBe('execution');
      expect(report.dollars).toBeLessThanOrEqual(0.008);
    }, 120_000);

    it('mode full: a config billed call by call bills the judge call by call too (call.billed, the cap, the board)', async () => {
      const server = new FakeLLMServer({ answers: goldPlanResponder(suite) });
      await server.start();
      const llm = modelConfig('gpt-5.4', REFERENCE_NODES);
      llm.providers.openai = {
        baseUrl: server.openaiUrl,
        apiKey: new Secret('sk-fake'),
        maxRetries: 0,
      };
      const config = referenceConfig(llm, {
        datasources: [{ id: 'chinook', datasource }],
        policy: CHINOOK_POLICIES,
      });
      const events: RunEvent[] = [];
      try {
        const report = await runEval({
          plugins: PLUGINS,
          suite,
          configs: [config],
          mode: 'full',
          roles: ['admin'],
          cases: ['chinook_010'],
          maxCostUsd: 5,
          sqlChecks: { dialect: 'sqlite' },
          evaluation: { judge: { judge: judge.judge, calibration: judge.calibration } },
          onEvent: (e) => events.push(e),
        });
        const billed = events.flatMap((e) => (e.type === 'call.billed' ? [e] : []));
        const judged = billed.filter((e) => e.usage.node === 'judge');
        expect(judged).toHaveLength(1);
        expect(judged[0]).toMatchObject({
          config: config.name,
          caseId: 'chinook_010',
          role: 'admin',
        });
        const all = billed.reduce((sum, e) => sum + e.costUsd, 0);
        expect(report.dollars).toBeCloseTo(all, 10);
        const board = report.configs[0];
        if (!board || !('accuracy' in board.metrics)) throw new Error('no board');
        expect(board.metrics.dollars.total).toBeCloseTo(all, 10);
        expect(board.cases[0]?.diagnostics?.verdict).toMatchObject({ tier: 'judge' });
      } finally {
        await config.close();
        await server.close();
      }
    }, 120_000);

    it('refuses a judge without a passing calibration record of its own', async () => {
      const other = {
        ...judge.calibration,
        judge: { ...judge.calibration.judge, model: 'gpt-5.4-mini' },
      };
      const refused = runEval({
        plugins: PLUGINS,
        ...options(),
        evaluation: { judge: { judge: judge.judge, calibration: other } },
      });
      await expect(refused).rejects.toBeInstanceOf(RunnerError);
      await expect(refused).rejects.toMatchObject({ code: 'UNCALIBRATED_JUDGE' });
      const failing = {
        ...judge.calibration,
        counts: { ...judge.calibration.counts, trueNegative: 30, falsePositive: 15 },
      };
      await expect(
        runEval({
          plugins: PLUGINS,
          ...options(),
          evaluation: { judge: { judge: judge.judge, calibration: failing } },
        }),
      ).rejects.toMatchObject({
        code: 'UNCALIBRATED_JUDGE',
        message: expect.stringContaining('TNR'),
      });
    });
  },
);
