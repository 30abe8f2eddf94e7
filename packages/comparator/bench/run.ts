/**
 * Comparator benchmark: the performance targets on synthetic data.
 *   strict, 1,000,000 x 8, rows shuffled, order not mattering: < 2 s, < 1.5 GB RSS
 *   lenient, same data, columns permuted: < 3 s
 *   lenient, 16 permuted columns: <= 3x the 8-column time
 * Prints plain lines; no assertions. Run with `pnpm bench` (optionally ROWS=... to scale).
 */
import { performance } from 'node:perf_hooks';
import { compareLenient, compareStrict, formatVerdict, type TableLike } from '../src/index.js';

const ROWS = Number(process.env.ROWS ?? 1_000_000);

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

/** Mixed realistic columns: ids, amounts rounded to cents, counts, names, dates. */
function makeGold(rows: number, cols: number, seed: number): TableLike {
  const rand = rng(seed);
  // Arrays grow by push: V8 keeps `new Array(n)` beyond ~100k elements in slow dictionary mode.
  const out: unknown[][] = [];
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
  return { columns: Array.from({ length: cols }, (_, j) => `c${j}`), rows: out };
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

function permuteColumns(t: TableLike, seed: number): TableLike {
  const perm = shuffled(
    t.columns.map((_, j) => j),
    seed,
  );
  return {
    columns: perm.map((j) => t.columns[j]!),
    rows: t.rows.map((r) => perm.map((j) => r[j])),
  };
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

function time(label: string, fn: () => string): number {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const verdict = fn();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const rss = process.memoryUsage().rss;
  // maxRSS is in kilobytes: the peak for the whole process so far.
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(
    `${label}: ${(ms / 1000).toFixed(2)} s wall (${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU), RSS ${mb(rss)}, peak RSS ${mb(peak)} -> ${verdict}`,
  );
  return ms;
}

function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) g();
}

console.log(`comparator bench: ${ROWS.toLocaleString('en-US')} rows, Node ${process.version}`);

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
calibrate();

/**
 * The result as a database driver hands it over: new row arrays and new string objects
 * with the same text, so `===` on strings compares contents, not pointers.
 */
function asFetched(rows: readonly (readonly unknown[])[], nudge = 0): unknown[][] {
  return rows.map((row) =>
    row.map((v, j) =>
      typeof v === 'string'
        ? Buffer.from(v).toString()
        : typeof v === 'number' && j % 4 === 1
          ? v + nudge
          : v,
    ),
  );
}

const gold8 = makeGold(ROWS, 8, 1);
const result8 = { columns: gold8.columns, rows: shuffled(asFetched(gold8.rows), 2) };
console.log(`data built: RSS ${mb(process.memoryUsage().rss)}`);
// Collect the data-building garbage now, so no timed call pays for it (needs --expose-gc).
gc();
time('strict   8 cols, rows shuffled, order not mattering', () =>
  formatVerdict(compareStrict(gold8, result8)),
);
const permuted8 = permuteColumns(result8, 3);
gc();
const lenient8 = time('lenient  8 cols, rows shuffled, columns permuted', () =>
  formatVerdict(compareLenient(gold8, permuted8)),
);
gc();

const gold16 = makeGold(ROWS, 16, 4);
const permuted16 = permuteColumns(
  { columns: gold16.columns, rows: shuffled(asFetched(gold16.rows), 5) },
  6,
);
gc();
const lenient16 = time('lenient 16 cols, rows shuffled, columns permuted', () =>
  formatVerdict(compareLenient(gold16, permuted16)),
);
console.log(`lenient 16/8 time ratio: ${(lenient16 / lenient8).toFixed(2)}x (target <= 3x)`);

// Equal only within the tolerance (amounts off by 0.001): no identical-row proof exists, so
// this measures the full comparison that every non-identical answer takes.
const nudged8 = { columns: gold8.columns, rows: shuffled(asFetched(gold8.rows, 0.001), 7) };
gc();
time('strict   8 cols, rows shuffled, amounts within tolerance (full comparison)', () =>
  formatVerdict(compareStrict(gold8, nudged8)),
);
console.log(`peak RSS (process): ${mb(process.resourceUsage().maxRSS * 1024)}`);
