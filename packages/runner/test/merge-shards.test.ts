import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { modelConfig } from '@nl2sql/llm';
import type { RunMetrics } from '@nl2sql/records';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import {
  type CaseResult,
  type EvalConfig,
  fromShardReportJson,
  mergeShards,
  type RunEvalOptions,
  RunnerError,
  type RunReport,
  runEval,
  shardOfCase,
  shardReportJson,
} from '../src/index.js';
import { FakeEngine, USAGE } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

/** The fake engine bills its usage to these nodes' model. */
const NODES = ['planner'];

/** A report less what differs between two runs of the same answers: times and when. */
function withoutTimings(report: RunReport): unknown {
  const { startedAt: _s, timings: _t, shard: _shard, ...rest } = report;
  return {
    ...rest,
    configs: report.configs.map((board) => {
      const {
        latency: _l,
        harness_overhead: _h,
        ...metrics
      } = board.metrics as unknown as Record<string, unknown>;
      return {
        ...board,
        metrics,
        cases: board.cases.map(({ latencyMs: _lm, harnessMs: _hm, ...c }) => c),
      };
    }),
  };
}

// Shards of the mini suite: with 3, c3 is alone in shard 1, shard 3 is empty.
const N = 3;

async function sharded(options: Omit<RunEvalOptions, 'suite'>, n = N) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      source: `shard-${i + 1}.json`,
      report: await runEval({
        plugins: PLUGINS,
        suite: SUITE,
        ...options,
        shard: { index: i + 1, count: n },
      }),
    })),
  );
}

describe('mergeShards', () => {
  it('3 shards merged report what one run reports: boards, case runs, settings (2 configs, 2 passes)', async () => {
    // Each config's engine answers c2 as analyst right the first time and wrong the second,
    // so pass^k and determinism read both passes of a case, which must be in one shard.
    const flaky = () => {
      let asked = 0;
      return new FakeEngine(SUITE, {
        override: {
          c2: (_c, role) =>
            role === 'analyst' && ++asked === 2 ? { sql: 'SELECT 2', results: [] } : {},
        },
      });
    };
    const twoConfigs = (): EvalConfig[] => [
      { name: 'a', engine: flaky() },
      { name: 'b', engine: flaky() },
    ];
    const whole = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      configs: twoConfigs(),
      passes: 2,
      sqlChecks: false,
    });
    const parts = await sharded({ configs: twoConfigs(), passes: 2, sqlChecks: false });
    expect(parts.map((p) => p.report.plannedCases)).toEqual([8, 32, 0]);
    expect(parts.every((p) => p.report.shard?.runPlannedCases === whole.plannedCases)).toBe(true);
    const board = whole.configs[1]?.metrics as RunMetrics;
    expect(board.pass_k?.strict).toMatchObject({ count: 9, total: 10 });
    expect(board.determinism).toMatchObject({ cases: 10, deterministic: 9 });
    // The diagnostics section is merged too: accuracy by tag (records carry no tags) from the
    // shards' boards, the rest counted again from the case runs.
    expect(Object.keys(board.diagnostics?.by_tag ?? {})).toContain('single-table');
    const merged = mergeShards(parts);
    const mergedBoard = merged.configs[1]?.metrics as RunMetrics | undefined;
    expect(mergedBoard?.diagnostics).toEqual(board.diagnostics);
    expect(merged.shard).toBeUndefined();
    expect(withoutTimings(merged)).toEqual(withoutTimings(whole));
    // Given in any order, and through their written form, the shards merge the same.
    const written = parts.map((p) => ({
      source: p.source,
      report: fromShardReportJson(JSON.parse(JSON.stringify(shardReportJson(p.report))), p.source),
    }));
    expect(withoutTimings(mergeShards([...written].reverse()))).toEqual(withoutTimings(whole));
  });

  it('mode full: the merged dollars are the shards summed, and the board is the whole run its', async () => {
    const gpt = modelConfig('gpt-5.4', NODES);
    const options = () => ({
      mode: 'full' as const,
      configs: [{ name: 'gpt', engine: new FakeEngine(SUITE, { usage: [USAGE] }), llm: gpt }],
      maxCostUsd: 10,
      sqlChecks: false as const,
    });
    const whole = await runEval({ plugins: PLUGINS, suite: SUITE, ...options() });
    const parts = await sharded(options());
    const merged = mergeShards(parts);
    const shardDollars = parts.map((p) => p.report.dollars);
    expect(shardDollars.filter((d) => d > 0)).toHaveLength(2); // shard 3 is empty
    expect(merged.dollars).toBeCloseTo(
      shardDollars.reduce((a, b) => a + b, 0),
      12,
    );
    expect(merged.dollars).toBeCloseTo(whole.dollars, 12);
    expect(whole.dollars).toBeGreaterThan(0);
    // Float sums can differ in the last bit with the order of the calls; the rest is equal.
    const board = (r: RunReport) => r.configs[0]?.metrics as RunMetrics;
    expect(board(merged).dollars?.total).toBeCloseTo(board(whole).dollars?.total as number, 12);
    const noDollars = (r: RunReport) => {
      const json = withoutTimings(r) as { dollars?: number; configs: { metrics: RunMetrics }[] };
      return {
        ...json,
        dollars: undefined,
        configs: json.configs.map((c) => ({ ...c, metrics: { ...c.metrics, dollars: undefined } })),
      };
    };
    expect(noDollars(merged)).toEqual(noDollars(whole));
  });

  it('a case run lands in the shard of its case, and each shard runs only its own cases', async () => {
    const engine = new FakeEngine(SUITE);
    const parts = await sharded({ engine, sqlChecks: false });
    for (const part of parts) {
      for (const result of part.report.configs[0]?.cases ?? []) {
        expect(shardOfCase(result.caseId, N)).toBe(part.report.shard?.index);
      }
    }
    expect(engine.asked).toHaveLength(10);
  });

  it('refuses a missing shard, one given twice, and shards of different counts, naming them', async () => {
    const parts = await sharded({ engine: new FakeEngine(SUITE), sqlChecks: false });
    const [one, two, three] = parts as [(typeof parts)[0], (typeof parts)[0], (typeof parts)[0]];
    expect(() => mergeShards([one, three])).toThrow(/shard 2\/3 is missing/);
    expect(() => mergeShards([one, two, three, { ...two, source: 'again.json' }])).toThrow(
      /shard 2\/3 is given 2 times \(shard-2.json, again.json\)/,
    );
    const [four] = await sharded({ engine: new FakeEngine(SUITE), sqlChecks: false }, 4);
    expect(() => mergeShards([one, two, three, four as (typeof parts)[0]])).toThrow(
      /different numbers of shards/,
    );
    expect(() => mergeShards([])).toThrow(RunnerError);
  });

  it('refuses the report of a whole run', async () => {
    const whole = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: new FakeEngine(SUITE),
      sqlChecks: false,
    });
    expect(() => mergeShards([{ source: 'whole.json', report: whole }])).toThrow(
      expect.objectContaining({
        code: 'INVALID_SHARD',
        message: expect.stringMatching(/whole.json is the report of a whole run/),
      }),
    );
  });

  it('refuses shards of different runs, listing what differs', async () => {
    const engine = new FakeEngine(SUITE);
    const once = await sharded({ engine, sqlChecks: false });
    const twice = await sharded({ engine, sqlChecks: false, passes: 2 });
    const mixed = [once[0], twice[1], once[2]] as typeof once;
    expect(() => mergeShards(mixed)).toThrow(
      expect.objectContaining({
        code: 'SHARD_MISMATCH',
        message: expect.stringMatching(
          /shard 2\/3 \(shard-2.json\) is not of the same run[\s\S]*option passes: 1 in shard 1\/3/,
        ),
      }),
    );
    const otherCases = await sharded({ engine, sqlChecks: false, cases: ['c1', 'c3'] });
    expect(() => mergeShards([once[0], otherCases[1], once[2]] as typeof once)).toThrow(
      /task list/,
    );
  });

  it('refuses a stopped shard, saying how to finish it', async () => {
    const gpt = modelConfig('gpt-5.4', NODES);
    const engine = new FakeEngine(SUITE, { usage: [USAGE] });
    const parts = await sharded({
      mode: 'full',
      configs: [{ name: 'gpt', engine, llm: gpt }],
      maxCostUsd: 0.004,
      sqlChecks: false,
    });
    // The run's cap over 3 shards: each spends against a third of it, and shard 2 (8 case
    // runs at about $0.0036 each) stops.
    expect(parts.map((p) => p.report.shard?.maxCostUsd)).toEqual([0.004 / 3, 0.004 / 3, 0.004 / 3]);
    expect(parts.map((p) => p.report.settings.max_cost_usd)).toEqual([0.004, 0.004, 0.004]);
    expect(parts[1]?.report.stopped).toBe('max_cost');
    expect(() => mergeShards(parts)).toThrow(
      /shard 2\/3 \(shard-2.json\) stopped \(max_cost\)[\s\S]*--resume/,
    );
  });

  it('refuses case runs in the wrong shard, and case runs that are not the task list', async () => {
    const parts = await sharded({ engine: new FakeEngine(SUITE), sqlChecks: false });
    const [one, two, three] = parts as [(typeof parts)[0], (typeof parts)[0], (typeof parts)[0]];
    const board = (p: typeof one) => p.report.configs[0] as RunReport['configs'][0];
    // A case run of shard 2 moved into shard 1.
    const moved = board(two).cases[0] as CaseResult;
    const stolen = {
      ...one,
      report: {
        ...one.report,
        configs: [{ ...board(one), cases: [...board(one).cases, moved] }],
      },
    };
    expect(() => mergeShards([stolen, two, three])).toThrow(
      /holds case c1 .* which belongs to shard 2\/3/,
    );
    // A case run of shard 2 given twice in place of another: counts agree, the digest does not.
    const cases = board(two).cases;
    const doubled = {
      ...two,
      report: {
        ...two.report,
        configs: [{ ...board(two), cases: [cases[0] as CaseResult, ...cases.slice(0, -1)] }],
      },
    };
    expect(() => mergeShards([one, doubled, three])).toThrow(/not the run's task list/);
  });
});

describe('runEval with a shard', () => {
  it('spends against its share of the cap, or the share it is given', async () => {
    const gpt = modelConfig('gpt-5.4', NODES);
    const engine = new FakeEngine(SUITE, { usage: [USAGE] });
    const common = {
      plugins: PLUGINS,
      suite: SUITE,
      mode: 'full' as const,
      configs: [{ name: 'gpt', engine, llm: gpt }],
      maxCostUsd: 0.004,
      sqlChecks: false as const,
      shard: { index: 2, count: 3 },
    };
    expect((await runEval(common)).stopped).toBe('max_cost');
    const given = await runEval({ ...common, shardMaxCostUsd: 1 });
    expect(given.stopped).toBeNull();
    expect(given.shard?.maxCostUsd).toBe(1);
    await expect(
      runEval({ ...common, shard: undefined, shardMaxCostUsd: 1 }),
    ).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    await expect(runEval({ ...common, shard: { index: 4, count: 3 } })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
    });
  });

  it('an empty shard runs, asks nothing and reports so', async () => {
    const engine = new FakeEngine(SUITE);
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      sqlChecks: false,
      shard: { index: 3, count: 3 },
    });
    expect(engine.asked).toHaveLength(0);
    expect(report).toMatchObject({ plannedCases: 0, completedCases: 0, stopped: null });
    expect(report.shard).toMatchObject({ index: 3, count: 3, runPlannedCases: 10 });
  });

  it('its journal names the shard, and a resume as another shard is refused', async () => {
    const journal = join(mkdtempSync(join(tmpdir(), 'shard-journal-')), 'run.jsonl');
    const engine = new FakeEngine(SUITE);
    const common = { suite: SUITE, engine, sqlChecks: false as const, journal };
    await runEval({ plugins: PLUGINS, ...common, shard: { index: 2, count: 3 } });
    const again = await runEval({
      plugins: PLUGINS,
      ...common,
      shard: { index: 2, count: 3 },
      resume: true,
    });
    expect(again.completedCases).toBe(8);
    expect(engine.asked).toHaveLength(8);
    await expect(
      runEval({ plugins: PLUGINS, ...common, shard: { index: 1, count: 3 }, resume: true }),
    ).rejects.toThrow(/shard: shard 2\/3 in the journal, shard 1\/3 now/);
    await expect(runEval({ plugins: PLUGINS, ...common, resume: true })).rejects.toThrow(
      /shard: shard 2\/3 in the journal, the whole run now/,
    );
  });
});
