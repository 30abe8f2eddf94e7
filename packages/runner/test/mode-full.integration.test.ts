// Mode full with no key and no spending: two llm sections point at two FakeLLMServers that
// serve the gold plans with canned usage (cached and reasoning tokens included). One server
// has a plan deliberately wrong (chinook_002 ordered ascending), and its synthesizer writes
// the answer from the gold rows, so its answer on the wrong rows is unfaithful.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { configFlips } from '@nl2sql/gate';
import {
  FakeLLMServer,
  type LlmConfig,
  modelConfig,
  PRICES,
  Secret,
  UnknownPriceError,
} from '@nl2sql/llm';
import { toRunSummary } from '@nl2sql/records';
import {
  goldPlanResponder,
  REFERENCE_NODES,
  type ReferenceConfig,
  type ReferenceNode,
  referenceConfig,
} from '@nl2sql/reference-engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { type EvalSuite, loadSuite, suiteFileDigest } from '@nl2sql/suite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseIdentity,
  type RunEvent,
  readJournal,
  reportRecords,
  runEval,
} from '../src/index.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

const USAGE = { input: 1000, cached: 300, cacheWrite: 0, output: 120, reasoning: 40 };
const CASES = ['chinook_001', 'chinook_002', 'chinook_003', 'chinook_044'];

let suite: EvalSuite;
let datasource: SqliteDatasource;
let good: FakeLLMServer;
let bad: FakeLLMServer;
let digest: string;

function wrongPlanSuite(s: EvalSuite): EvalSuite {
  return {
    ...s,
    cases: s.cases.map((c) => {
      if (c.id !== 'chinook_002' || !c.plan) return c;
      const plan = structuredClone(c.plan) as { order_by: { direction: string }[] };
      const first = plan.order_by[0];
      if (first) first.direction = 'asc';
      return { ...c, plan: plan as unknown as typeof c.plan };
    }),
  };
}

function pointAt(server: FakeLLMServer, model: string, name: string): LlmConfig<ReferenceNode> {
  const llm = modelConfig(model, REFERENCE_NODES);
  llm.name = name;
  llm.providers.openai = {
    baseUrl: server.openaiUrl,
    apiKey: new Secret('sk-fake'),
    maxRetries: 0,
  };
  return llm;
}

function configs(): ReferenceConfig[] {
  const setup = { datasources: [{ id: 'chinook', datasource }], policy: CHINOOK_POLICIES };
  return [
    referenceConfig(pointAt(good, 'gpt-5.4', 'good'), setup),
    referenceConfig(pointAt(bad, 'gpt-5.4-mini', 'bad'), setup),
  ];
}

beforeAll(async () => {
  if (noChinook) return;
  suite = await loadSuite(CHINOOK_SUITE_PATH);
  digest = await suiteFileDigest(CHINOOK_SUITE_PATH);
  datasource = await openSqlite(chinook.path!);
  good = new FakeLLMServer({ answers: goldPlanResponder(suite), usage: USAGE });
  bad = new FakeLLMServer({ answers: goldPlanResponder(wrongPlanSuite(suite)), usage: USAGE });
  await good.start();
  await bad.start();
});

afterAll(async () => {
  if (noChinook) return;
  await good.close();
  await bad.close();
  await datasource.close();
});

describe.skipIf(noChinook)('mode full against two fake LLM servers', () => {
  it('scores both configs, their differences, faithfulness and dollars from the price table', async () => {
    const cs = configs();
    const asked = { good: good.requests.length, bad: bad.requests.length };
    try {
      const report = await runEval({
        plugins: PLUGINS,
        suite,
        mode: 'full',
        configs: cs,
        cases: CASES,
        maxCostUsd: 10,
        dataset: { name: 'chinook.yaml', digest },
        database: await databaseIdentity('chinook', datasource),
      });
      expect(report.stopped).toBeNull();
      const [g, b] = report.configs;
      if (!g || !b || !('accuracy' in g.metrics) || !('accuracy' in b.metrics))
        throw new Error('boards');
      expect(g.cases.every((r) => r.status === 'pass')).toBe(true);
      const wrong = b.cases.filter((r) => r.status !== 'pass');
      expect(wrong.map((r) => `${r.caseId}@${r.role}`)).toEqual([
        'chinook_002@admin',
        'chinook_002@catalog',
        'chinook_002@sales',
      ]);
      expect(wrong[0]?.explanation).toContain('FAIL strict');
      // Faithfulness: the good server's answers hold; the bad one states 1297, not in its rows.
      expect(g.metrics.faithfulness).toMatchObject({ rate: 1 });
      expect(
        b.metrics.faithfulness?.unfaithful.map((u) => [u.case_id, u.unsupported_numbers]),
      ).toEqual([
        ['chinook_002', ['1297']],
        ['chinook_002', ['1297']],
        ['chinook_002', ['1297']],
      ]);
      // The comparison: good -> bad loses exactly chinook_002 for each role.
      const [gs, bs] = [
        toRunSummary(reportRecords(report, { engineVersion: '0', git: none })[0]!),
        toRunSummary(reportRecords(report, { engineVersion: '0', git: none })[1]!),
      ];
      const f = configFlips(gs.configs.good ?? [], bs.configs.bad ?? []);
      expect(f.lost.map((c) => `${c.caseId}@${c.role}`)).toEqual([
        'chinook_002@admin',
        'chinook_002@catalog',
        'chinook_002@sales',
      ]);
      expect(f.gained).toEqual([]);
      // Dollars: every call reports the canned usage, billed at each config's model price.
      for (const [board, model, calls] of [
        [g, 'gpt-5.4', good.requests.length - asked.good],
        [b, 'gpt-5.4-mini', bad.requests.length - asked.bad],
      ] as const) {
        const price = PRICES[model];
        if (!price || !('dollars' in board.metrics)) throw new Error('price');
        expect(board.metrics.tokens.input).toBe(calls * USAGE.input);
        const perCall =
          ((USAGE.input - USAGE.cached) * price.input +
            USAGE.cached * price.cachedInput +
            USAGE.output * price.output) /
          1_000_000;
        expect(board.metrics.dollars.total).toBeCloseTo(calls * perCall, 10);
        expect(board.metrics.tokens.reasoning).toBe(calls * USAGE.reasoning);
      }
      // The database identity the record carries.
      expect(report.database).toMatchObject({
        datasource_id: 'chinook',
        engine: 'sqlite',
        tables: 11,
        columns: 64,
      });
    } finally {
      for (const c of cs) await c.close();
    }
  }, 120_000);

  it('stops at the cap mid-run and still reports', async () => {
    const cs = configs();
    const events: RunEvent[] = [];
    try {
      const report = await runEval({
        plugins: PLUGINS,
        suite,
        mode: 'full',
        configs: cs,
        cases: CASES,
        maxCostUsd: 0.03,
        onEvent: (e) => events.push(e),
      });
      expect(report.stopped).toBe('max_cost');
      expect(report.completedCases).toBeGreaterThan(0);
      expect(report.completedCases).toBeLessThan(report.plannedCases);
      const biggest = Math.max(
        ...report.configs.flatMap((c) => c.cases.map((r) => r.costUsd ?? 0)),
      );
      expect(report.dollars).toBeLessThanOrEqual(0.03 + biggest);
      expect(report.configs.some((c) => c.completedCases < c.plannedCases)).toBe(true);
      expect(events.filter((e) => e.type === 'run.stopped')).toHaveLength(1);
    } finally {
      for (const c of cs) await c.close();
    }
  }, 120_000);

  it('fails before any call when a model has no price', async () => {
    const setup = { datasources: [{ id: 'chinook', datasource }], policy: CHINOOK_POLICIES };
    const unpriced = pointAt(good, 'gpt-5.4', 'unpriced');
    unpriced.nodes.synthesizer = { provider: 'openai', model: 'gpt-9-preview', temperature: 0 };
    const config = referenceConfig(unpriced, setup);
    const before = good.requests.length;
    try {
      await expect(
        runEval({
          plugins: PLUGINS,
          suite,
          mode: 'full',
          configs: [config],
          cases: CASES,
          maxCostUsd: 1,
        }),
      ).rejects.toThrow(UnknownPriceError);
      expect(good.requests.length).toBe(before);
    } finally {
      await config.close();
    }
  });

  it('asks the planner again on the second pass (plan cache off)', async () => {
    const [cfg] = configs();
    if (!cfg) throw new Error('config');
    const planner = () =>
      good.requests.filter((r) => r.schemaName?.includes('plan') && !r.schemaName.includes('refin'))
        .length;
    const before = planner();
    try {
      const report = await runEval({
        plugins: PLUGINS,
        suite,
        mode: 'full',
        configs: [cfg],
        cases: ['chinook_003'],
        roles: ['admin'],
        passes: 2,
        maxCostUsd: 1,
      });
      expect(report.completedCases).toBe(2);
      expect(planner() - before).toBe(2);
      const m = report.configs[0]?.metrics;
      expect(m && 'pass_k' in m ? m.pass_k?.strict : null).toEqual({ count: 1, total: 1, rate: 1 });
      expect(m && 'determinism' in m ? m.determinism : null).toEqual({
        cases: 1,
        deterministic: 1,
        rate: 1,
      });
    } finally {
      await cfg.close();
    }
  });
});

describe('money spent before a kill is counted', () => {
  const perCall = () => {
    const price = PRICES['gpt-5.4'];
    if (!price) throw new Error('price');
    return (
      ((USAGE.input - USAGE.cached) * price.input +
        USAGE.cached * price.cachedInput +
        USAGE.output * price.output) /
      1_000_000
    );
  };
  const setup = () => ({ datasources: [{ id: 'chinook', datasource }], policy: CHINOOK_POLICIES });

  it.skipIf(noChinook)(
    'a run killed mid-case and resumed reports every billed call of both runs, and its cap counts them',
    async () => {
      const journal = join(mkdtempSync(join(tmpdir(), 'runner-billing-')), 'run.jsonl');
      const base = { suite, mode: 'full' as const, cases: CASES, concurrency: 1, journal };
      // Run 1: killed (aborted) in the middle of its third case run, after one of its calls.
      const first = referenceConfig(pointAt(good, 'gpt-5.4', 'good'), setup());
      const before1 = good.requests.length;
      const controller = new AbortController();
      let finished = 0;
      let billedMidCase = 0;
      try {
        const report = await runEval({
          plugins: PLUGINS,
          ...base,
          configs: [first],
          maxCostUsd: 10,
          signal: controller.signal,
          onEvent: (e) => {
            if (e.type === 'case.finished') finished++;
            if (e.type === 'call.billed' && finished === 2) {
              billedMidCase++;
              controller.abort();
            }
          },
        });
        expect(report.stopped).toBe('cancelled');
        expect(report.completedCases).toBe(2);
        expect(billedMidCase).toBe(1);
        const calls1 = good.requests.length - before1;
        // Every call that was made is billed, the abandoned case run's included.
        expect(report.dollars).toBeCloseTo(calls1 * perCall(), 10);
        const m = report.configs[0]?.metrics;
        if (!m || !('dollars' in m)) throw new Error('no board');
        expect(m.dollars.total).toBeCloseTo(calls1 * perCall(), 10);
        expect(m.dollars.unfinished).toBeCloseTo(perCall(), 10);
        // ... and journalled as it completed.
        const calls = readJournal(journal)?.calls ?? [];
        expect(calls).toHaveLength(calls1);
        expect(calls.at(-1)).toMatchObject({ config: 'good', case_id: expect.any(String) });
      } finally {
        await first.close();
      }
      const calls1 = good.requests.length - before1;

      // The cap counts them: with room for the finished case runs and the most expensive
      // one again, but not for what the abandoned case run spent too, the resume asks nothing.
      const journalled = readJournal(journal);
      const finishedUsd = (journalled?.entries ?? []).reduce(
        (n, e) => n + (e.record.cost_usd ?? 0),
        0,
      );
      const mostExpensive = Math.max(
        ...(journalled?.entries ?? []).map((e) => e.record.cost_usd ?? 0),
      );
      const tight = referenceConfig(pointAt(good, 'gpt-5.4', 'good'), setup());
      const before2 = good.requests.length;
      try {
        const capped = await runEval({
          plugins: PLUGINS,
          ...base,
          configs: [tight],
          resume: true,
          maxCostUsd: finishedUsd + mostExpensive + perCall() / 2,
        });
        expect(capped.stopped).toBe('max_cost');
        expect(good.requests.length).toBe(before2);
        expect(capped.dollars).toBeCloseTo(calls1 * perCall(), 10);
      } finally {
        await tight.close();
      }

      // Run 2: resumed to the end; the report's dollars are every billed call of both runs.
      const second = referenceConfig(pointAt(good, 'gpt-5.4', 'good'), setup());
      const before3 = good.requests.length;
      try {
        const report = await runEval({
          plugins: PLUGINS,
          ...base,
          configs: [second],
          resume: true,
          maxCostUsd: 10,
        });
        expect(report.stopped).toBeNull();
        const calls2 = good.requests.length - before3;
        expect(report.dollars).toBeCloseTo((calls1 + calls2) * perCall(), 10);
        const m = report.configs[0]?.metrics;
        if (!m || !('dollars' in m)) throw new Error('no board');
        expect(m.dollars.total).toBeCloseTo((calls1 + calls2) * perCall(), 10);
        expect(m.dollars.unfinished).toBeCloseTo(perCall(), 10);
        expect(readJournal(journal)?.calls).toHaveLength(calls1 + calls2);
      } finally {
        await second.close();
      }
    },
    180_000,
  );
});

const none = { commit: 'unknown', shortSha: 'unknown', dirty: 'unknown' as const, root: null };
