/**
 * Publish over 1,000 records: write them (atomic, never-overwrite), read and validate
 * them, render the pages, and publish twice to check the output is byte-identical.
 * Records are synthetic, built from the test fixtures with realistic scoreboards
 * (96 case runs per pass), in a temp directory: nothing is written under benchmarks/.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gate, wilson } from '@nl2sql/gate';
import {
  type CaseRecord,
  gateThresholds,
  gitInfo,
  isRetrievalMetrics,
  newestComparableBaseline,
  publish,
  RESULTS_END,
  RESULTS_START,
  type RunRecord,
  readRecords,
  renderBenchmarksPage,
  scoredMode,
  toRunSummary,
  writeRecord,
} from '../src/index.js';
import { fixture } from '../test/fixture-records.js';

const COUNT = 1000;
const CASE_RUNS = 96;

function scaled(base: RunRecord, index: number, passes: number, config: string): RunRecord {
  const template = base.scoreboard.cases;
  const cases: CaseRecord[] = [];
  for (let pass = 1; pass <= passes; pass++) {
    for (let i = 0; i < CASE_RUNS; i++) {
      const from = template[i % template.length] as CaseRecord;
      const fails = (i * 7 + index + pass) % 23 === 0;
      cases.push({
        ...from,
        case_id: `chinook_${String(Math.floor(i / 2) + 1).padStart(3, '0')}`,
        role: i % 2 === 0 ? 'analyst' : 'viewer',
        pass,
        status: fails ? 'fail' : 'pass',
      });
    }
  }
  const day = new Date(Date.UTC(2026, 9, 15) + Math.floor(index / 3) * 86_400_000);
  const sha = (index * 2654435761).toString(16).padStart(8, '0').slice(-7).repeat(6).slice(0, 40);
  const planned = cases.length;
  return {
    ...base,
    metrics: metricsFor(base, cases),
    recorded_at: `${day.toISOString().slice(0, 10)}T${String(8 + (index % 12)).padStart(2, '0')}:00:00Z`,
    git_commit: sha,
    note: index % 10 === 0 ? `change ${index}` : null,
    config: base.kind === 'retrieval' ? base.config : { ...base.config, name: config },
    scoreboard: {
      ...base.scoreboard,
      planned_cases: planned,
      completed_cases: planned,
      settings: { ...base.scoreboard.settings, passes },
      cases,
    },
  };
}

/** Metrics that agree with the case records, as the validator requires. */
function metricsFor(base: RunRecord, cases: readonly CaseRecord[]): RunRecord['metrics'] {
  const m = base.metrics;
  const total = cases.length;
  if (isRetrievalMetrics(m)) {
    const perfect = Math.min(m.retrieval.perfect_tables, total);
    return {
      retrieval: {
        ...m.retrieval,
        cases: total,
        perfect_tables: perfect,
        perfect_columns: perfect,
      },
    };
  }
  const accuracy = (count: number) => {
    const w = wilson(count, total);
    return { count, total, rate: w.estimate, lower: w.lower, upper: w.upper };
  };
  const strict = cases.filter((c) => c.status === 'pass').length;
  const lenient = cases.filter((c) => c.lenient_status === 'pass').length;
  const rate = (count: number) => ({ count, total, rate: count / total });
  return {
    ...m,
    accuracy: { execution: { strict: accuracy(strict), lenient: accuracy(lenient) } },
    accuracy_all_scorers: rate(strict),
    accuracy_generated: m.accuracy_generated === null ? null : rate(strict),
    answerability: rate(total),
    pass_k:
      m.pass_k === null
        ? null
        : {
            k: m.pass_k.k,
            strict: { count: 0, total: 1, rate: 0 },
            lenient: { count: 1, total: 1, rate: 1 },
          },
  };
}

function records(): RunRecord[] {
  const out: RunRecord[] = [];
  const configs = ['gpt-5.4', 'mini', 'claude-planner'];
  for (let i = 0; i < COUNT; i++) {
    if (i % 5 < 2) out.push(scaled(fixture('plansOld'), i, 1, 'plans'));
    else if (i % 5 < 4) out.push(scaled(fixture('full'), i, 2, configs[i % 3] as string));
    else out.push(scaled(fixture('retrieval'), i, 1, 'retrieval'));
  }
  return out;
}

function time<T>(run: () => T): [T, number] {
  const start = performance.now();
  const result = run();
  return [result, performance.now() - start];
}

const root = mkdtempSync(join(tmpdir(), 'records-bench-'));
const benchmarks = join(root, 'benchmarks');
const readmePath = join(root, 'README.md');
const pagePath = join(root, 'docs', 'benchmarks.md');
writeFileSync(readmePath, `# demo\n\n${RESULTS_START}\n${RESULTS_END}\n`);

try {
  const built = records();
  const [, writeMs] = time(() => {
    for (const record of built) writeRecord(benchmarks, record);
  });
  const [stored, readMs] = time(() => readRecords(benchmarks));
  const bytes = stored.reduce((sum, s) => sum + statSync(s.path).size, 0);
  const [page, renderMs] = time(() =>
    renderBenchmarksPage(stored, { pageDir: join(root, 'docs') }),
  );
  const [first, publishMs] = time(() => publish({ records: stored, readmePath, pagePath }));
  const [second, againMs] = time(() =>
    publish({ records: [...stored].reverse(), readmePath, pagePath }),
  );
  const identical =
    first.page === second.page &&
    readFileSync(pagePath, 'utf8') === first.page &&
    !second.pageChanged &&
    !second.readmeChanged;
  const current = stored[stored.length - 1]?.record as RunRecord;
  const [baseline, baselineMs] = time(() => newestComparableBaseline(stored, current));
  const [, gateMs] = time(() =>
    baseline === undefined
      ? null
      : gate(
          toRunSummary(baseline.record),
          toRunSummary(current),
          gateThresholds(scoredMode(current)),
        ),
  );
  const [, gitMs] = time(() => gitInfo());

  console.log(
    `records: ${stored.length} (${(bytes / 1e6).toFixed(1)} MB, ${CASE_RUNS} case runs per pass)`,
  );
  console.log(
    `writeRecord x ${COUNT}: ${writeMs.toFixed(0)} ms (${(writeMs / COUNT).toFixed(2)} ms each)`,
  );
  console.log(`readRecords (parse + validate): ${readMs.toFixed(0)} ms`);
  console.log(`renderBenchmarksPage: ${renderMs.toFixed(0)} ms (${page.length} bytes)`);
  console.log(`publish (render + README + write): ${publishMs.toFixed(0)} ms`);
  console.log(
    `publish again, records reversed: ${againMs.toFixed(0)} ms, byte-identical: ${identical}`,
  );
  console.log(`newestComparableBaseline over ${stored.length}: ${baselineMs.toFixed(2)} ms`);
  console.log(`gate on two records via toRunSummary: ${gateMs.toFixed(2)} ms`);
  console.log(`gitInfo from the package directory: ${gitMs.toFixed(1)} ms`);
  if (!identical) process.exitCode = 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}
