/**
 * Comparator benchmark on synthetic data, side by side with the hashing limit.
 *
 *   strict, 200,000 and 1,000,000 rows x 8 columns, rows shuffled, identical values
 *   strict, 1,000,000 x 8, amounts off by 0.001 (equal only within the tolerance)
 *   lenient, 1,000,000 x 8, columns permuted (and 16 columns, for the width ratio)
 *   a plain `Set` of joined row strings on the same data: the in-process stand-in for
 *   the hashing limit, with the ratio
 *   Python's `set(gold) == set(pred)` (BIRD's comparison) on the same data, when python3
 *   is on the PATH: both tables are written to a temporary JSON file that python reads
 *
 * Every measurement runs REPEAT times (default 3) and prints the median, with the load
 * average before and after: the machine is shared, so figures taken under load should be
 * re-measured quiet. Before each run the heap is collected and the bench waits for V8's
 * helper threads to finish sweeping it (settle), so that work, caused by the bench's own
 * data, is not counted against the run (it was: about 0.15 s of CPU time at 1M x 8). Prints plain lines; no assertions. `pnpm bench`; ROWS=... scales the
 * large size, REPEAT=... the runs, PYTHON=0 skips python.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compareLenient, compareStrict, formatVerdict, type TableLike } from '../src/index.js';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const SMALL = Math.min(200_000, ROWS);
const REPEAT = Math.max(1, Number(process.env.REPEAT ?? 3));
const PYTHON = process.env.PYTHON ?? 'python3';

type Rows = unknown[][];

/** Deterministic PRNG (mulberry32) so every run measures the same data. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Mixed realistic columns: ids, amounts rounded to cents, names, dates. The rows go through
 * JSON text, as gold rows come from a suite file's parser: built by template literals, the
 * strings would be V8 ropes (two objects each), which no loader or driver produces.
 */
function makeGold(rows: number, cols: number, seed: number): TableLike & { rows: Rows } {
  const rand = rng(seed);
  // Arrays grow by push: V8 keeps `new Array(n)` beyond ~100k elements in slow dictionary mode.
  const out: Rows = [];
  for (let i = 0; i < rows; i++) {
    const row: unknown[] = new Array(cols);
    for (let j = 0; j < cols; j++) {
      switch (j % 4) {
        case 0:
          row[j] = i * (j + 1) + j;
          break;
        case 1:
          row[j] = Math.round(rand() * 1_000_000) / 100;
          break;
        case 2:
          row[j] = `name_${j}_${Math.floor(rand() * rows)}`;
          break;
        default:
          row[j] = `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`;
      }
    }
    out.push(row);
  }
  const parsed: Rows = [];
  for (let i = 0; i < rows; i += 10_000) {
    for (const row of JSON.parse(JSON.stringify(out.slice(i, i + 10_000))) as Rows) {
      parsed.push(row);
    }
  }
  return { columns: Array.from({ length: cols }, (_, j) => `c${j}`), rows: parsed };
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const rand = rng(seed);
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const k = Math.floor(rand() * (i + 1));
    const t = out[i]!;
    out[i] = out[k]!;
    out[k] = t;
  }
  return out;
}

/**
 * The result as a database driver hands it over: the gold's rows in another order, each a
 * new array with new string objects (so `===` on strings compares contents), allocated in
 * the order the rows arrive. `nudge` is added to the amount columns.
 */
function fetched(gold: Rows, seed: number, nudge = 0, perm?: readonly number[]): Rows {
  const order = shuffled(
    gold.map((_, i) => i),
    seed,
  );
  const out: Rows = [];
  for (const i of order) {
    const row = gold[i]!;
    const copy = row.map((v, j) =>
      typeof v === 'string'
        ? Buffer.from(v).toString()
        : typeof v === 'number' && j % 4 === 1
          ? v + nudge
          : v,
    );
    out.push(perm ? perm.map((j) => copy[j]) : copy);
  }
  return out;
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) g();
  settle();
}

/**
 * Blocks until the process has been nearly idle (under 10% of a core) for 50 ms, at most
 * 5 s: after a full collection V8 sweeps the heap on helper threads, and a heap holding
 * millions of rows takes a while.
 */
function settle(): void {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline) {
    const c0 = process.cpuUsage();
    Atomics.wait(cell, 0, 0, 50);
    const c = process.cpuUsage(c0);
    if (c.user + c.system < 5000) return;
  }
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function load(): string {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
}

/** Median wall and CPU time of one measurement, in ms. */
interface Timing {
  wall: number;
  cpu: number;
}

/** Runs fn REPEAT times (garbage collected before each), prints the medians and returns them. */
function measure(label: string, fn: () => string): Timing {
  const walls: number[] = [];
  const cpus: number[] = [];
  let out = '';
  for (let k = 0; k < REPEAT; k++) {
    gc();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    out = fn();
    walls.push(performance.now() - t0);
    const cpu = process.cpuUsage(c0);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  const runs = walls.map((ms) => (ms / 1000).toFixed(2)).join(' ');
  const rss = process.memoryUsage().rss;
  console.log(
    `${label}: median ${(median(walls) / 1000).toFixed(2)} s wall (runs ${runs}; CPU ${(median(cpus) / 1000).toFixed(2)} s), RSS ${mb(rss)} -> ${out}`,
  );
  return { wall: median(walls), cpu: median(cpus) };
}

/** The hashing limit in process: one string per row, joined, in a Set; then set equality. */
function joinedSetsEqual(gold: Rows, result: Rows): string {
  const a = new Set<string>();
  for (const row of gold) a.add(row.join('\u0001'));
  const b = new Set<string>();
  for (const row of result) b.add(row.join('\u0001'));
  if (a.size !== b.size) return 'sets differ';
  for (const k of b) if (!a.has(k)) return 'sets differ';
  return 'sets equal';
}

/** Both ratios: on a loaded machine wall time mostly measures waiting for a core. */
function ratio(ours: Timing, theirs: Timing, what: string): string {
  const r = (a: number, b: number) => (a / b).toFixed(2);
  return `${r(ours.wall, theirs.wall)}x ${what} (CPU time ${r(ours.cpu, theirs.cpu)}x)`;
}

/**
 * BIRD's comparison in python3, on the same rows: the tables go to a JSON file, python
 * turns rows into tuples (what a DB-API cursor returns) and times only the set equality.
 * Returns the medians in ms, or null (with the reason printed) when python is unavailable.
 */
function pythonSetEquality(label: string, gold: Rows, result: Rows): Timing | null {
  if (PYTHON === '0') {
    console.log(`${label}: skipped (PYTHON=0)`);
    return null;
  }
  const probe = spawnSync(PYTHON, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    console.log(`${label}: skipped (${PYTHON} not found)`);
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'comparator-bench-'));
  const file = join(dir, 'tables.json');
  try {
    const fd = openSync(file, 'w');
    const writeRows = (rows: Rows) => {
      for (let i = 0; i < rows.length; i += 10_000) {
        const part = rows.slice(i, i + 10_000).map((r) => JSON.stringify(r));
        writeSync(fd, (i === 0 ? '' : ',\n') + part.join(',\n'));
      }
    };
    writeSync(fd, '{"gold": [\n');
    writeRows(gold);
    writeSync(fd, '],\n"pred": [\n');
    writeRows(result);
    writeSync(fd, ']}\n');
    closeSync(fd);
    const script = [
      'import json, sys, time, statistics',
      'with open(sys.argv[1]) as f: data = json.load(f)',
      'gold = [tuple(r) for r in data["gold"]]',
      'pred = [tuple(r) for r in data["pred"]]',
      'del data',
      'times, cpus = [], []',
      'for _ in range(int(sys.argv[2])):',
      '    t0, c0 = time.perf_counter(), time.process_time()',
      '    same = set(pred) == set(gold)',
      '    times.append(time.perf_counter() - t0)',
      '    cpus.append(time.process_time() - c0)',
      'print(json.dumps({"same": same, "times": times, "cpus": cpus, "version": sys.version.split()[0]}))',
    ].join('\n');
    const run = spawnSync(PYTHON, ['-c', script, file, String(REPEAT)], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    if (run.status !== 0) {
      console.log(`${label}: skipped (python failed: ${run.stderr.trim().split('\n').pop()})`);
      return null;
    }
    const out = JSON.parse(run.stdout) as {
      same: boolean;
      times: number[];
      cpus: number[];
      version: string;
    };
    const timing = { wall: median(out.times) * 1000, cpu: median(out.cpus) * 1000 };
    const runs = out.times.map((s) => s.toFixed(2)).join(' ');
    console.log(
      `${label}: median ${(timing.wall / 1000).toFixed(2)} s wall (runs ${runs}; CPU ${(timing.cpu / 1000).toFixed(2)} s; Python ${out.version}) -> ${out.same ? 'sets equal' : 'sets differ'}`,
    );
    return timing;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Machine-speed reference: a bare loop reading 8M numbers from row arrays. Other work on a
 * shared machine slows everything alike, so compare the figures below against this one.
 */
function calibrate(): void {
  const n = 1_000_000;
  const rows: number[][] = [];
  for (let i = 0; i < n; i++) rows.push([i, i + 1, i + 2, i + 3, i + 4, i + 5, i + 6, i + 7]);
  const out = new Float64Array(n * 8);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    for (let j = 0; j < 8; j++) out[j * n + i] = r[j]!;
  }
  const ms = performance.now() - t0;
  console.log(`calibration: bare loop over 1,000,000 x 8 numbers took ${ms.toFixed(0)} ms`);
}

console.log(
  `comparator bench: ${ROWS.toLocaleString('en-US')} rows, ${REPEAT} runs each, Node ${process.version}, load average ${load()}`,
);
calibrate();

/** One size: strict on identical shuffled rows against the Set stand-in and python. */
function sideBySide(rows: number): { gold: TableLike & { rows: Rows }; strict: Timing } {
  const size = `${rows >= 1_000_000 ? `${rows / 1_000_000}M` : `${rows / 1000}k`} x 8`;
  const gold = makeGold(rows, 8, 1);
  const result = { columns: gold.columns, rows: fetched(gold.rows, 2) };
  const strict = measure(`strict  ${size}, identical values, rows shuffled`, () =>
    formatVerdict(compareStrict(gold, result)),
  );
  const set = measure(`Set of joined row strings ${size} (hashing limit)`, () =>
    joinedSetsEqual(gold.rows, result.rows),
  );
  console.log(`  strict / Set: ${ratio(strict, set, 'the Set time')}`);
  const py = pythonSetEquality(`python3 set(gold) == set(pred) ${size}`, gold.rows, result.rows);
  if (py !== null) console.log(`  strict / python: ${ratio(strict, py, 'the python time')}`);
  return { gold, strict };
}

const small = sideBySide(SMALL);
gc();
const { gold: gold8, strict: strict8 } = ROWS > SMALL ? sideBySide(ROWS) : small;
gc();

{
  // Equal only within the tolerance: no row is identical to its gold row.
  const nudged = { columns: gold8.columns, rows: fetched(gold8.rows, 7, 0.001) };
  const t = measure('strict  8 cols, amounts off by 0.001 (within tolerance)', () =>
    formatVerdict(compareStrict(gold8, nudged)),
  );
  console.log(`  within tolerance / identical: ${ratio(t, strict8, 'the identical time')}`);
}
gc();

const perm8 = shuffled([0, 1, 2, 3, 4, 5, 6, 7], 3);
let lenient8: Timing = { wall: 1, cpu: 1 };
{
  const permuted = {
    columns: perm8.map((j) => gold8.columns[j]!),
    rows: fetched(gold8.rows, 2, 0, perm8),
  };
  lenient8 = measure('lenient 8 cols, columns permuted', () =>
    formatVerdict(compareLenient(gold8, permuted)),
  );
  console.log(`  lenient permuted / strict: ${ratio(lenient8, strict8, 'the strict time')}`);
}
gc();
{
  const permuted = {
    columns: perm8.map((j) => gold8.columns[j]!),
    rows: fetched(gold8.rows, 2, 0.001, perm8),
  };
  measure('lenient 8 cols, columns permuted, amounts within tolerance', () =>
    formatVerdict(compareLenient(gold8, permuted)),
  );
}
gc();
{
  const gold16 = makeGold(ROWS, 16, 4);
  const perm16 = shuffled(
    Array.from({ length: 16 }, (_, j) => j),
    6,
  );
  const permuted16 = {
    columns: perm16.map((j) => gold16.columns[j]!),
    rows: fetched(gold16.rows, 5, 0, perm16),
  };
  const lenient16 = measure('lenient 16 cols, columns permuted', () =>
    formatVerdict(compareLenient(gold16, permuted16)),
  );
  console.log(`  lenient 16/8 time ratio: ${ratio(lenient16, lenient8, '(target <= 3x)')}`);
}
console.log(
  `peak RSS (process): ${mb(process.resourceUsage().maxRSS * 1024)}; load average ${load()}`,
);
