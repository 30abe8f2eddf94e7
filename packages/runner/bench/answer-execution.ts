// What it costs the harness to run an external engine's SQL itself (issue 24): per case run,
// the harness's time (scoring, the extra query and the static check before it, and queueing
// on the event loop) with the engine in-process as before (its rows taken as given), external
// with its SQL run by the harness, and external with its rows trusted (L3 only). The engine
// answers at once with the gold SQL and rows, so whatever a case run takes beyond it is the
// harness's. Beside it, what the same SQL costs when an engine runs it itself (every query,
// at the same concurrency on the same connection pool), so the extra query is seen against
// the engine's own.
// Chinook (500 case runs cycled from its answerable cases) and the synthetic suite (10,000).

import { CHINOOK_SUITE_PATH, locateChinook } from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { loadSuite } from '@nl2sql/suite';
import { cachedSynthetic, SYNTHETIC_DATASOURCE } from '@nl2sql/synthetic';
import { type EvalConfig, percentile, type RunEventListener, runEval } from '../src/index.js';
import { latencyEngine, syntheticSuite } from './synthetic-suite.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

type Variant = 'in-process' | 'executed' | 'trusted';
const VARIANTS: readonly Variant[] = ['in-process', 'executed', 'trusted'];

const f = (x: number) => x.toFixed(2);

/** p50 and p95 of a list, as the line prints them. */
const spread = (values: number[]) =>
  `p50 ${f(percentile(values, 50))} ms, p95 ${f(percentile(values, 95))} ms`;

async function measure(
  label: string,
  source: Awaited<ReturnType<typeof loadSuite>>,
  datasourceId: string,
  datasource: Datasource,
  n: number,
  concurrency: number,
): Promise<void> {
  const suite = syntheticSuite(source, n);
  const retargeted = {
    ...suite,
    cases: suite.cases.map((c) => ({ ...c, datasource: datasourceId })),
  };
  console.log(`${label}: ${n} case runs, an engine answering at once, concurrency ${concurrency}`);
  for (const variant of VARIANTS) {
    const engine = latencyEngine(retargeted, 0);
    const config: EvalConfig =
      variant === 'in-process'
        ? { name: variant, engine }
        : { name: variant, engine, external: true, trustReportedRows: variant === 'trusted' };
    const harness: number[] = [];
    const query: number[] = [];
    const listen: RunEventListener = (event) => {
      if (event.type !== 'case.finished') return;
      harness.push(event.timings.scoringMs + event.timings.queuedMs);
      if (variant === 'executed') query.push(event.timings.checkDatabaseMs ?? 0);
    };
    const options = {
      suite: retargeted,
      configs: [config],
      answerExecution: { datasources: { [datasourceId]: datasource } },
      evaluation: false as const,
      concurrency,
    };
    // Warm-up: the parser's wasm, the JIT and the page cache are not what is measured.
    await runEval({
      plugins: PLUGINS,
      ...options,
      cases: retargeted.cases.slice(0, 50).map((c) => c.id),
    });
    const report = await runEval({ plugins: PLUGINS, ...options, onEvent: listen });
    const passed = report.configs[0]?.cases.filter((r) => r.status === 'pass').length ?? 0;
    console.log(
      `  ${variant.padEnd(10)} harness per case run ${spread(harness)}; wall ${report.timings.wallMs.toFixed(0)} ms; ${passed}/${n} passed`,
    );
    if (variant === 'executed')
      console.log(`  ${''.padEnd(10)} of it, the query   ${spread(query)}`);
  }
  // The engine's own cost of the same SQL, at the same concurrency on the same pool, as an
  // engine answering those case runs would run it.
  const own: number[] = [];
  const queue = retargeted.cases.flatMap((c) => (c.sql === undefined ? [] : [c.sql]));
  let next = 0;
  const lane = async () => {
    while (next < queue.length) {
      const sql = queue[next++] as string;
      own.push((await datasource.execute(sql, { maxRows: 1000 })).elapsedMs);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: concurrency }, lane));
  const wall = performance.now() - began;
  console.log(
    `  the engine's own run of the same SQL   ${spread(own)}; wall ${wall.toFixed(0)} ms`,
  );
}

export async function answerExecutionBench(): Promise<void> {
  const chinook = await openSqlite(await locateChinook({ download: false }));
  try {
    await measure(
      'harness execution, Chinook',
      await loadSuite(CHINOOK_SUITE_PATH),
      'chinook',
      chinook,
      500,
      4,
    );
  } finally {
    await chinook.close();
  }
  const set = await cachedSynthetic({ seed: 1, cases: 10_000 });
  const synthetic = await openSqlite(set.databasePath);
  try {
    await measure(
      'harness execution, synthetic suite',
      await loadSuite(set.suitePath),
      SYNTHETIC_DATASOURCE,
      synthetic,
      10_000,
      16,
    );
  } finally {
    await synthetic.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await answerExecutionBench();
