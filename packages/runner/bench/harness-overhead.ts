// The harness's own cost per case run: 500 case runs against an in-process engine that
// answers at once (the gold rows of Chinook cases, no model, no database), concurrency 4,
// the default scorers of mode plans. Whatever time a case run takes is then the harness's:
// scheduling, scoring, bookkeeping and waiting for the event loop. The budget is a
// p50 under 2 ms per case run.

import type { AskResponse, Engine } from '@nl2sql/engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import type { EvalCase, EvalSuite } from '@nl2sql/suite';
import { percentile, runEval } from '../src/index.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const RUNS = 500;
const CONCURRENCY = 4;

/** 500 answerable cases with no roles, cycled from a suite's answerable ones. */
function benchSuite(suite: EvalSuite): EvalSuite {
  const answerable = suite.cases.filter((c) => c.approved && c.rows && c.sql);
  const cases: EvalCase[] = Array.from({ length: RUNS }, (_, i) => {
    const c = answerable[i % answerable.length] as EvalCase;
    return { ...c, id: `bench_${i}`, question: `${c.question} (#${i})`, outcome: {} };
  });
  return { ...suite, name: 'harness-bench', cases };
}

/** Answers every question at once with its case's gold rows and SQL. */
function instantEngine(suite: EvalSuite): Engine {
  const byQuestion = new Map(suite.cases.map((c) => [c.question, c]));
  return {
    async ask(request): Promise<AskResponse> {
      const c = byQuestion.get(request.question) as EvalCase;
      const rows = c.rows ?? [];
      return {
        status: 'success',
        sql: c.sql ?? null,
        results: [{ columns: (rows[0] ?? []).map((_, i) => `c${i}`), rows, truncated: false }],
        answer: null,
        error: null,
        usage: [],
        trace: { datasource: c.datasource, curated: false },
      };
    },
  };
}

export async function harnessOverhead(chinook: EvalSuite): Promise<void> {
  const suite = benchSuite(chinook);
  const engine = instantEngine(suite);
  // A warm-up run, so the SQL parser's wasm and the JIT are not what is measured.
  await runEval({
    plugins: PLUGINS,
    suite,
    engine,
    cases: suite.cases.slice(0, 50).map((c) => c.id),
  });
  const report = await runEval({ plugins: PLUGINS, suite, engine, concurrency: CONCURRENCY });
  const cases = report.configs[0]?.cases ?? [];
  const harness = cases.map((r) => r.harnessMs ?? 0);
  const engineMs = cases.map((r) => r.latencyMs ?? 0);
  const t = report.timings;
  const p50 = percentile(harness, 50);
  console.log(
    `harness overhead: ${cases.length} case runs, in-process engine answering at once, concurrency ${CONCURRENCY}`,
  );
  console.log(
    `  per case run    p50 ${p50.toFixed(2)} ms, p95 ${percentile(harness, 95).toFixed(2)} ms (budget: p50 < 2 ms: ${p50 < 2 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  engine          p50 ${percentile(engineMs, 50).toFixed(2)} ms, p95 ${percentile(engineMs, 95).toFixed(2)} ms`,
  );
  console.log(
    `  of the harness  ${(t.scoringMs / cases.length).toFixed(2)} ms scoring, ${(t.queuedMs / cases.length).toFixed(2)} ms queued per case run (mean)`,
  );
  console.log(`  wall            ${t.wallMs.toFixed(0)} ms`);
}
