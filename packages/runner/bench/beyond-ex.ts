// Issue 16's figures on Chinook, end to end: test-suite accuracy beside EX, the distilled
// suite's mutants killed and size, VES and R-VES, the three-tier verdict's counts and the
// judge's calibration, in mode plans (gold plans on a fake LLM) and mode full (the reference
// engine's LLM configs on a fake LLM), then for a system that answers every question with a
// neighbour of its gold (a mutant), where EX and the test suite part ways. No key, no network:
// every LLM call goes to a FakeLLMServer on 127.0.0.1, the judge's included, so the
// calibration figures show the pipeline works, not how good any real model is.

import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, locateChinook } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { openSqliteExplainer } from '@nl2sql/efficiency';
import { modelConfig, Secret } from '@nl2sql/llm';
import type { RunMetrics } from '@nl2sql/records';
import {
  goldPlanResponder,
  plansEngine,
  REFERENCE_NODES,
  referenceConfig,
} from '@nl2sql/reference-engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { loadSuite } from '@nl2sql/suite';
import { generateMutants, openTestSuite, suiteGolds, testSuiteDir } from '@nl2sql/testsuite';
import { type RunEvalOptions, type RunReport, runEval } from '../src/index.js';
import { fakeJudge } from '../test/fake-judge.js';
import { SqlEngine } from '../test/sql-engine.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const fmt = (x: number | null | undefined) => (x === null || x === undefined ? '-' : x.toFixed(3));
const repeats = Number(process.argv[process.argv.indexOf('--repeats') + 1]) || 5;

const file = await locateChinook({ download: false });
const suite = await loadSuite(CHINOOK_SUITE_PATH);
const datasource = await openSqlite(file);
const timing = await openSqlite(file, { poolSize: 1 });
const explainer = await openSqliteExplainer(file);
const { tables } = await datasource.introspect();
const schema = await datasource.introspect({ rowCounts: false });
const t0 = performance.now();
const testSuite = await openTestSuite({
  dir: testSuiteDir(CHINOOK_SUITE_PATH),
  original: file,
  golds: suiteGolds(suite),
  variantsDir: join(tmpdir(), 'nl2sql-runner-chinook-variants'),
});
const openMs = performance.now() - t0;

// The judge says what the labels say on the calibration set, and "equivalent" on a run's cases.
const judge = await fakeJudge(() => ({
  equivalent: true,
  reason: 'Both queries return the same answer to the question.',
}));
const s = testSuite.manifest.summary;
const c = judge.calibration;
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} (2 cores, shared)`,
);
console.log(
  `test suite: ${s.suiteSize} databases (original + ${s.suiteSize - 1} variants), mutants killed ${s.killedBySuite}/${s.differing} differing (${pct(s.shareKilled)}); ${s.killedByOriginal} by the original alone; ${testSuite.manifest.surviving.length} surviving listed; opened in ${openMs.toFixed(0)} ms`,
);
console.log(
  `calibration (fake judge answering from the labels): TPR ${c.tpr.k}/${c.tpr.n} ${fmt(c.tpr.estimate)} [${fmt(c.tpr.lower)}, ${fmt(c.tpr.upper)}], TNR ${c.tnr.k}/${c.tnr.n} ${fmt(c.tnr.estimate)} [${fmt(c.tnr.lower)}, ${fmt(c.tnr.upper)}], passed ${c.passed}`,
);

const common: Omit<RunEvalOptions, 'suite'> = {
  sqlChecks: { dialect: 'sqlite', schema },
  evaluation: {
    schema,
    testSuite,
    judge: { judge: judge.judge, calibration: judge.calibration },
  },
  efficiency: { datasource: timing, explainer, tables, repeats, warmup: 1 },
  maxCostUsd: 100,
};

function show(label: string, report: RunReport): void {
  for (const board of report.configs) {
    const m = board.metrics as RunMetrics;
    const d = m.diagnostics;
    const ex = m.accuracy.execution.strict;
    console.log(`\n${label} (config ${board.config.name}): ${board.completedCases} case runs`);
    console.log(`  EX strict          ${ex.count}/${ex.total} ${pct(ex.rate)}`);
    if (d?.test_suite) {
      const ts = d.test_suite.strict;
      console.log(`  test-suite strict  ${ts.count}/${ts.total} ${pct(ts.rate)}`);
      const fp = d.test_suite.false_positives;
      console.log(
        `  EX false positives ${fp.length}${fp.length > 0 ? `: ${fp.map((f) => `${f.case_id}@${f.role} (${f.distinguished_by})`).join(', ')}` : ''}`,
      );
    }
    if (d?.efficiency) {
      const e = d.efficiency;
      console.log(
        `  VES ${fmt(e.ves)}, R-VES ${fmt(e.rves)} over ${e.measured} measured, ${e.incorrect} incorrect, ${e.timeouts} timeouts, ${e.unmeasured} unmeasured; ${e.added_full_scans} add a full scan (${repeats} rounds each)`,
      );
    }
    if (d?.verdict) {
      const v = d.verdict;
      console.log(
        `  verdict ${v.accuracy.count}/${v.accuracy.total}; by tier ast ${v.by_tier.ast}, execution ${v.by_tier.execution}, judge ${v.by_tier.judge}; judge wanted ${v.judge_wanted}, asked ${v.judge_asked}, $${v.judge_cost_usd.toFixed(4)}; review ${v.review}`,
      );
      console.log(
        `  outcomes ${Object.entries(v.by_outcome)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
      );
    }
    if (d && d.failures > 0) {
      console.log(
        `  failures by class ${Object.entries(d.error_classes)
          .filter(([, x]) => x.count > 0)
          .map(([k, x]) => `${k} ${x.count}`)
          .join(', ')}`,
      );
    }
    console.log(`  wall ${report.timings.wallMs.toFixed(0)} ms`);
  }
}

try {
  // Mode plans: the reference engine on the gold-plan fake LLM.
  const rig = await plansEngine(suite, {
    datasources: [{ id: 'chinook', datasource, description: 'A digital music store.' }],
    policy: CHINOOK_POLICIES,
  });
  show(
    'mode plans',
    await runEval({ plugins: PLUGINS, ...common, suite, engine: rig.engine, mode: 'plans' }),
  );
  await rig.close();

  // Mode full: the reference engine's LLM configs on a fake LLM serving the gold plans.
  const { FakeLLMServer } = await import('@nl2sql/llm');
  const server = new FakeLLMServer({ answers: goldPlanResponder(suite) });
  await server.start();
  const llm = modelConfig('gpt-5.4', REFERENCE_NODES);
  llm.name = 'fake-gpt-5.4';
  llm.providers.openai = {
    baseUrl: server.openaiUrl,
    apiKey: new Secret('sk-fake'),
    maxRetries: 0,
  };
  const config = referenceConfig(llm, {
    datasources: [{ id: 'chinook', datasource }],
    policy: CHINOOK_POLICIES,
  });
  show(
    'mode full (fake LLM)',
    await runEval({ plugins: PLUGINS, ...common, suite, configs: [config], mode: 'full' }),
  );
  await config.close();
  await server.close();

  // A system answering each answerable question with its gold's first mutant.
  const answers: Record<string, string> = {};
  for (const kase of suite.cases) {
    if (!kase.approved || kase.sql === undefined) continue;
    const { mutants } = await generateMutants(kase.id, kase.sql, {
      orderMatters: kase.order_matters,
    });
    if (mutants[0]) answers[kase.id] = mutants[0].sql;
  }
  show(
    "a mutant system (each gold's first mutant)",
    await runEval({
      plugins: PLUGINS,
      ...common,
      suite,
      engine: new SqlEngine(suite, datasource, answers),
      mode: 'plans',
      roles: ['admin'],
    }),
  );
} finally {
  await judge.close();
  await testSuite.close();
  await explainer.close();
  await timing.close();
  await datasource.close();
}
