// The runner at scale: mode plans' scorers and the diagnostics beyond EX over the synthetic
// suite (@nl2sql/synthetic, seed 1, its answerable cases): 10,000 cases at concurrency 4 and
// 16, and 1,000 / 5,000 / 10,000 at 16 to show memory stays flat as a run grows (the journal
// and the saved report are streamed, the boards counted as case runs finish). The engine
// answers the gold's SQL text, and again (10,000 at 4 and 16) a different text with the same
// rows, which takes every diagnostic's full path (the tree diff above all). Each scenario runs in a process
// of its own (peak RSS is per process). Budgets (issue 17): harness overhead per case run
// p50 < 2 ms, peak RSS < 500 MB, wall within 1.5x of summed engine time / concurrency.
// The figures are printed and written to benchmarks/perf/ as a dated record.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cachedSynthetic,
  checkoutState,
  machineFacts,
  PERF_RECORD_FORMAT,
  type PerfRecord,
  SHOP_TABLES,
  SYNTHETIC_DATASOURCE,
  writePerfRecord,
} from '@nl2sql/synthetic';
import type { Scenario, ScenarioResult } from './scale-child.js';

/** The engine's own time per ask: a fast service (the reference engine on gold plans takes more). */
const LATENCY_MS = 20;
const BUDGET = { harnessP50Ms: 2, peakRssMb: 500, wallRatio: 1.5 };

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');

function runScenario(scenario: Scenario): ScenarioResult {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(here, 'scale-child.ts'), JSON.stringify(scenario)],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (child.status !== 0) {
    throw new Error(
      `scale scenario ${JSON.stringify(scenario)} exited ${child.status}: ${child.stderr}`,
    );
  }
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as ScenarioResult;
}

export async function scaleBench(): Promise<void> {
  const machineBefore = machineFacts();
  const seed = 1;
  const started = performance.now();
  const set = await cachedSynthetic({
    seed,
    cases: 10_000,
    onGenerate: (dir) =>
      console.log(`generating the synthetic suite (seed ${seed}) into ${dir} ...`),
  });
  const generatedMs = performance.now() - started;
  if (generatedMs > 1000) console.log(`  done in ${(generatedMs / 1000).toFixed(1)} s`);
  const database = {
    datasourceId: SYNTHETIC_DATASOURCE,
    tables: SHOP_TABLES.length,
    columns: SHOP_TABLES.reduce((n, t) => n + t.columns.length, 0),
  };
  const base = { suitePath: set.suitePath, latencyMs: LATENCY_MS, database };
  const gold = { ...base, answers: 'gold' as const };
  const rewritten = { ...base, answers: 'rewritten' as const };
  const scenarios: Scenario[] = [
    { ...gold, cases: 1_000, concurrency: 16 },
    { ...gold, cases: 5_000, concurrency: 16 },
    { ...gold, cases: 10_000, concurrency: 16 },
    { ...gold, cases: 10_000, concurrency: 4 },
    { ...rewritten, cases: 10_000, concurrency: 16 },
    { ...rewritten, cases: 10_000, concurrency: 4 },
  ];
  console.log(
    `runner at scale: the synthetic suite's answerable cases (seed ${seed}), an engine answering in ${LATENCY_MS} ms, mode plans' scorers, journal and saved report on`,
  );
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    const r = runScenario(scenario);
    results.push(r);
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      [
        `  ${String(r.cases).padStart(6)} cases, concurrency ${String(r.concurrency).padStart(2)}, answers ${r.answers === 'gold' ? "the gold's SQL text" : 'a different SQL text (the gold wrapped), same rows'}: ${r.passed}/${r.caseRuns} passed`,
        `    harness overhead per case run p50 ${r.harnessP50Ms.toFixed(2)} ms, p95 ${r.harnessP95Ms.toFixed(2)} ms (p50 < ${BUDGET.harnessP50Ms} ms: ${met(r.harnessP50Ms < BUDGET.harnessP50Ms)})`,
        `    peak RSS ${r.peakRssMb.toFixed(0)} MB (< ${BUDGET.peakRssMb} MB: ${met(r.peakRssMb < BUDGET.peakRssMb)})`,
        `    wall ${(r.wallMs / 1000).toFixed(1)} s = ${r.wallRatio.toFixed(2)} x summed engine ${(r.engineSummedMs / 1000).toFixed(1)} s / ${r.concurrency}, by the runner's timers (<= ${BUDGET.wallRatio}: ${met(r.wallRatio <= BUDGET.wallRatio)})`,
        `    wall = ${r.wallRatioIntrinsic.toFixed(2)} x (cases x ${r.latencyMs} ms / ${r.concurrency}), the engine's own latency: the rest is the harness's main thread, scoring ${r.scoringMeanMs.toFixed(2)} ms per case run (mean)`,
        `    saved report ${r.savedMb.toFixed(1)} MB in ${r.saveMs.toFixed(0)} ms, journal ${r.journalMb.toFixed(1)} MB`,
      ].join('\n'),
    );
  }
  const machineAfter = machineFacts();
  const record: PerfRecord = {
    record: 'perf',
    format: PERF_RECORD_FORMAT,
    bench: 'runner-scale',
    recorded_at: new Date().toISOString(),
    ...checkoutState(root),
    machine: { ...machineBefore, load_average_after: machineAfter.load_average },
    inputs: { suite: 'synthetic', seed, engine_latency_ms: LATENCY_MS },
    budgets: {
      harness_p50_ms: BUDGET.harnessP50Ms,
      peak_rss_mb: BUDGET.peakRssMb,
      wall_ratio: BUDGET.wallRatio,
    },
    scenarios: results.map((r) => ({
      cases: r.cases,
      concurrency: r.concurrency,
      answers: r.answers,
      case_runs: r.caseRuns,
      passed: r.passed,
      harness_p50_ms: r.harnessP50Ms,
      harness_p95_ms: r.harnessP95Ms,
      peak_rss_mb: Number(r.peakRssMb.toFixed(1)),
      wall_ms: Math.round(r.wallMs),
      engine_summed_ms: Math.round(r.engineSummedMs),
      wall_ratio: Number(r.wallRatio.toFixed(3)),
      wall_ratio_intrinsic: Number(r.wallRatioIntrinsic.toFixed(3)),
      scoring_mean_ms: Number(r.scoringMeanMs.toFixed(3)),
      save_ms: Math.round(r.saveMs),
      saved_mb: Number(r.savedMb.toFixed(2)),
      journal_mb: Number(r.journalMb.toFixed(2)),
    })),
  };
  const out = writePerfRecord(join(root, 'benchmarks', 'perf'), record);
  console.log(
    `  load average ${machineBefore.load_average.join(' ')} at the start, ${machineAfter.load_average.join(' ')} at the end${machineBefore.load_average[0] > machineBefore.cpus ? ' (the machine was busy: re-measure quiet)' : ''}`,
  );
  console.log(`  written to ${out}`);
}
