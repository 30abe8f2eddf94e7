// `pnpm bench` (here, or the root's): how long a suite takes to load and how much memory it
// holds, for the synthetic 1,000- and 10,000-case suites and a ~100 MiB suite made of copies
// of the 10,000 cases. Each load runs in a fresh process on the built @nl2sql/suite, so the
// peak RSS is the loader's. Suites are cached by seed under the OS temp folder. The figures
// are printed and written to benchmarks/perf/ as a dated record (decisions/suite-loading.md).
//
// Flags: --seed N (1), --cases N (10000), --runs N (3), --big-mib N (100; 0 skips it),
// --no-record (print only). Figures depend on how busy the machine is: the record keeps the
// load average before and after.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SUITE_MAX_BYTES } from '@nl2sql/suite';
import {
  checkoutState,
  machineFacts,
  PERF_RECORD_FORMAT,
  type PerfRecord,
  writePerfRecord,
} from '../src/perf-record.js';
import { cachedSynthetic, generatorDigest } from '../src/synthetic-cache.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..');
const child = join(here, 'load-suite-child.mjs');

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    cases: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    'big-mib': { type: 'string', default: '100' },
    'no-record': { type: 'boolean', default: false },
  },
  strict: true,
});
const seed = Number(values.seed);
const cases = Number(values.cases);
const runs = Number(values.runs);
const bigMib = Number(values['big-mib']);

async function syntheticSuite(count: number): Promise<string> {
  const started = performance.now();
  let generated = false;
  const set = await cachedSynthetic({
    seed,
    cases: count,
    onGenerate: (dir) => {
      generated = true;
      console.log(`generating ${count} cases (seed ${seed}) into ${dir} ...`);
    },
  });
  if (generated) console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return set.suitePath;
}

/** Copies of the suite's cases (ids renamed) up to `mib` MiB: whole cases, just under. */
function bigSuite(source: string, mib: number): string {
  const target = mib * 1024 * 1024;
  const path = join(dirname(source), `copies-${mib}mib.yaml`);
  if (existsSync(path)) return path;
  const text = readFileSync(source, 'utf8');
  const start = text.indexOf('\ncases:\n') + '\ncases:\n'.length;
  // Each case starts at its `  - id:` line; cases are separated by a blank line.
  const cases = text.slice(start).split(/\n(?= {2}- id: )/);
  const head = text.slice(0, start);
  const parts: string[] = [];
  let bytes = Buffer.byteLength(head);
  for (let copy = 1; ; copy++) {
    for (const one of cases) {
      const renamed = one.replace(/^( {2}- id: | {4}paraphrase_of: )syn_/gm, `$1syn_${copy}_`);
      const size = Buffer.byteLength(renamed) + 1;
      if (bytes + size > target) {
        writeFileSync(path, `${head}${parts.join('\n').trimEnd()}\n`);
        return path;
      }
      parts.push(renamed);
      bytes += size;
    }
  }
}

interface Load {
  cases?: number;
  error?: string;
  loadMs: number;
  cpuMs: number;
  peakRssMb: number;
  /** Spawn to exit, Node's start-up and module loading included. */
  processMs: number;
}

function loadOnce(file: string, maxBytes: number | 'default'): Load {
  const started = performance.now();
  const out = spawnSync(process.execPath, [child, file, String(maxBytes)], {
    cwd: here,
    encoding: 'utf8',
  });
  const processMs = Math.round(performance.now() - started);
  const line = out.stdout.trim().split('\n').pop() ?? '';
  if (out.status !== 0 || !line.startsWith('{'))
    throw new Error(
      `the load process failed (${out.status}): ${out.stderr.trim() || line}\n(is @nl2sql/suite built? pnpm build)`,
    );
  return { ...(JSON.parse(line) as Omit<Load, 'processMs'>), processMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

interface Figure {
  suite: string;
  file_bytes: number;
  cases: number;
  runs: Array<{ load_ms: number; cpu_ms: number; peak_rss_mb: number; process_ms: number }>;
  median_load_ms: number;
  median_cpu_ms: number;
  max_peak_rss_mb: number;
}

function measure(name: string, file: string, times: number): Figure {
  const bytes = statSync(file).size;
  const loads: Load[] = [];
  for (let i = 0; i < times; i++) {
    const load = loadOnce(file, bytes);
    if (load.error) throw new Error(`${name}: ${load.error}`);
    loads.push(load);
  }
  const figure: Figure = {
    suite: name,
    file_bytes: bytes,
    cases: loads[0]?.cases ?? 0,
    runs: loads.map((l) => ({
      load_ms: l.loadMs,
      cpu_ms: l.cpuMs,
      peak_rss_mb: l.peakRssMb,
      process_ms: l.processMs,
    })),
    median_load_ms: median(loads.map((l) => l.loadMs)),
    median_cpu_ms: median(loads.map((l) => l.cpuMs)),
    max_peak_rss_mb: Math.max(...loads.map((l) => l.peakRssMb)),
  };
  const mb = (bytes / 1e6).toFixed(1);
  console.log(
    `${name.padEnd(22)} ${mb.padStart(6)} MB  load ${String(figure.median_load_ms).padStart(6)} ms (cpu ${figure.median_cpu_ms} ms)  peak RSS ${figure.max_peak_rss_mb} MB  [${times} run(s)]`,
  );
  return figure;
}

const machineBefore = machineFacts();
console.log(
  `suite loading: node ${machineBefore.node}, ${machineBefore.cpus} cpus, load average ${machineBefore.load_average.join(' ')}`,
);
const small = await syntheticSuite(Math.min(1000, cases));
const large = await syntheticSuite(cases);
const figures: Figure[] = [
  measure(`${Math.min(1000, cases).toLocaleString('en')} cases`, small, runs),
  measure(`${cases.toLocaleString('en')} cases`, large, runs),
];
let defaultLimit: Record<string, unknown> = { max_bytes: SUITE_MAX_BYTES };
if (bigMib > 0) {
  const big = bigSuite(large, bigMib);
  const figure = measure(`${bigMib} MiB of copies`, big, 1);
  figures.push(figure);
  // What a user gets without raising the limit.
  const refused = loadOnce(big, 'default');
  defaultLimit = { ...defaultLimit, big_file: refused.error ?? `loaded ${refused.cases} cases` };
  console.log(`${bigMib} MiB with the default limit: ${defaultLimit.big_file}`);
}
const machineAfter = machineFacts();
console.log(`load average after: ${machineAfter.load_average.join(' ')}`);

const target = figures[1];
const targets = {
  suite: target?.suite,
  load_ms: 3000,
  peak_rss_mb: 300,
  met: target ? target.median_load_ms < 3000 && target.max_peak_rss_mb < 300 : false,
};
console.log(
  `target for ${targets.suite}: < ${targets.load_ms} ms and < ${targets.peak_rss_mb} MB: ${targets.met ? 'met' : 'NOT met'}${machineBefore.load_average[0] > machineBefore.cpus ? ' (the machine was busy: re-measure quiet)' : ''}`,
);

if (!values['no-record']) {
  const record: PerfRecord = {
    record: 'perf',
    format: PERF_RECORD_FORMAT,
    bench: 'suite-load',
    recorded_at: new Date().toISOString(),
    ...checkoutState(repo),
    machine: { ...machineBefore, load_average_after: machineAfter.load_average },
    inputs: { seed, cases, runs, big_mib: bigMib, generator: generatorDigest() },
    results: figures,
    targets,
    default_limit: defaultLimit,
  };
  console.log(`record: ${writePerfRecord(join(repo, 'benchmarks', 'perf'), record)}`);
}
