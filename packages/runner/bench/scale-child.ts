// One scale scenario in a process of its own, so its peak RSS is its own: N synthetic cases
// through runEval (journal on, boards counted as they go), then the records and the saved
// report written as `eval run --save` writes them (streamed). Prints one JSON line.
// It runs the built packages (dist), as `nl2sql` does, not the sources through tsx: the
// runner by its own package name (resolved to dist, the bench script builds first), so the
// memory measured is a user's; tsx only reads this file. The sources through tsx would add
// about 40 MB of RSS that no user has.

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunMetrics } from '@nl2sql/records';
import {
  percentile,
  reportRecords,
  runEval,
  streamed,
  streamedReportJson,
  writeJsonFile,
} from '@nl2sql/runner';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { loadSqlcheck } from '@nl2sql/sqlcheck';
import { loadSuite } from '@nl2sql/suite';
import { type BenchAnswers, latencyEngine, syntheticSuite } from './synthetic-suite.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

export interface Scenario {
  /** The suite the bench's cases are taken from (@nl2sql/synthetic's). */
  readonly suitePath: string;
  /** The suite's database, as a record names it. */
  readonly database: {
    readonly datasourceId: string;
    readonly tables: number;
    readonly columns: number;
  };
  readonly cases: number;
  readonly concurrency: number;
  readonly latencyMs: number;
  readonly answers: BenchAnswers;
}

export interface ScenarioResult extends Scenario {
  readonly caseRuns: number;
  readonly passed: number;
  readonly harnessP50Ms: number;
  readonly harnessP95Ms: number;
  readonly engineSummedMs: number;
  readonly wallMs: number;
  /**
   * wall / (summed engine time / concurrency), the engine's time as the runner's timers
   * measured it (an answer that waits for a busy event loop counts as the engine's).
   */
  readonly wallRatio: number;
  /** wall / (cases x the engine's own latency / concurrency): what the harness adds in all. */
  readonly wallRatioIntrinsic: number;
  readonly scoringMeanMs: number;
  readonly saveMs: number;
  readonly savedMb: number;
  readonly journalMb: number;
  readonly peakRssMb: number;
}

const scenario = JSON.parse(process.argv[2] ?? '{}') as Scenario;
// The SQL parser first, as `nl2sql eval run` loads it: compiled on top of the garbage a
// suite's load leaves in the heap, it made the run's peak (decisions/runner-memory.md).
await loadSqlcheck();
const suite = syntheticSuite(await loadSuite(scenario.suitePath), scenario.cases);
const dir = mkdtempSync(join(tmpdir(), 'runner-scale-'));
try {
  const journal = join(dir, 'run.jsonl');
  const report = await runEval({
    plugins: PLUGINS,
    suite,
    engine: latencyEngine(suite, scenario.latencyMs, scenario.answers),
    concurrency: scenario.concurrency,
    journal,
    database: {
      datasource_id: scenario.database.datasourceId,
      engine: 'sqlite',
      schema_fingerprint: 'bench',
      tables: scenario.database.tables,
      columns: scenario.database.columns,
    },
  });
  const t0 = performance.now();
  const records = reportRecords(report, {
    git: { commit: 'unknown', shortSha: 'unknown', dirty: 'unknown', root: null },
  });
  const saved = join(dir, 'report.json');
  writeJsonFile(saved, {
    format: 'nl2sql-eval-report',
    version: 1,
    report: streamedReportJson(report),
    records: records.map((r) => ({
      ...r,
      scoreboard: { ...r.scoreboard, cases: streamed(r.scoreboard.cases) },
    })),
  });
  const saveMs = performance.now() - t0;
  const board = report.configs[0];
  const metrics = board?.metrics as RunMetrics;
  const harness = (board?.cases ?? []).map((r) => r.harnessMs ?? 0);
  const t = report.timings;
  const result: ScenarioResult = {
    ...scenario,
    caseRuns: report.completedCases,
    passed: metrics.accuracy.execution.strict.count,
    harnessP50Ms: percentile(harness, 50),
    harnessP95Ms: percentile(harness, 95),
    engineSummedMs: t.engineMs,
    wallMs: t.wallMs,
    wallRatio: t.wallMs / (t.engineMs / scenario.concurrency),
    wallRatioIntrinsic:
      t.wallMs / ((report.completedCases * scenario.latencyMs) / scenario.concurrency),
    scoringMeanMs: t.scoringMs / report.completedCases,
    saveMs,
    savedMb: statSync(saved).size / 1024 / 1024,
    journalMb: statSync(journal).size / 1024 / 1024,
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / 1024 / 1024,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
