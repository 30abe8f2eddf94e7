// Benchmarks for the figures: wasm load time on first use, median and p99 latency
// of L1+L2+L3 on typical analytical queries (the Chinook corpus), and throughput over
// 10,000 queries. Run with `pnpm bench`; prints plain lines.
import { availableParallelism, loadavg } from 'node:os';
import {
  checkSafety,
  checkSchema,
  checkSyntax,
  DEFAULT_MAX_SQL_BYTES,
  loadSqlcheck,
  runChecks,
  scanStatements,
} from '../src/index.js';
import { BENIGN_CHINOOK } from '../test/fixtures/chinook-corpus.js';
import { CHINOOK } from '../test/fixtures/chinook-schema.js';

const options = {
  dialect: 'sqlite' as const,
  schema: CHINOOK,
  maxLimit: 1000,
  allowedTables: CHINOOK.tables.map((t) => t.name),
};

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`;

console.log(
  `machine: ${availableParallelism()} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (tail latencies grow when the machine is shared)`,
);

const t0 = performance.now();
const load = await loadSqlcheck();
const firstLoadWall = performance.now() - t0;
console.log(
  `wasm load on first use: ${fmt(load.loadMs)} (wall ${fmt(firstLoadWall)}, 22 MB module)`,
);

const tFirst = performance.now();
await runChecks(BENIGN_CHINOOK[0]!, options);
console.log(`first runChecks after load: ${fmt(performance.now() - tFirst)}`);

for (let i = 0; i < 500; i++) await runChecks(BENIGN_CHINOOK[i % BENIGN_CHINOOK.length]!, options);

async function measure(
  label: string,
  fn: (sql: string) => Promise<unknown>,
  n: number,
): Promise<void> {
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const sql = BENIGN_CHINOOK[i % BENIGN_CHINOOK.length]!;
    const s = performance.now();
    await fn(sql);
    times.push(performance.now() - s);
  }
  const total = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `${label}: median ${fmt(quantile(times, 0.5))}, p99 ${fmt(quantile(times, 0.99))}, max ${fmt(times[times.length - 1] ?? 0)}; ` +
      `${n} queries in ${(total / 1000).toFixed(2)} s = ${Math.round((n / total) * 1000)} queries/s ` +
      `(CPU ${fmt(cpuMs / n)} per query, incl. GC)`,
  );
}

console.log(`corpus: ${BENIGN_CHINOOK.length} Chinook analytical queries, cycled`);
await measure('runChecks (L1+L2+L3, one parse)', (sql) => runChecks(sql, options), 10_000);
await measure(
  'checkSyntax + checkSchema + checkSafety (three parses)',
  async (sql) => {
    await checkSyntax(sql, 'sqlite');
    await checkSchema(sql, CHINOOK, 'sqlite');
    await checkSafety(sql, options);
  },
  10_000,
);

// L3's own statement count scans the raw text once per server reading: linear, no parse.
{
  const n = 100_000;
  const start = performance.now();
  let statements = 0;
  for (let i = 0; i < n; i++) {
    statements += scanStatements(BENIGN_CHINOOK[i % BENIGN_CHINOOK.length]!, 'sqlite').statements;
  }
  const total = performance.now() - start;
  const chars = BENIGN_CHINOOK.reduce((sum, q) => sum + q.length, 0) / BENIGN_CHINOOK.length;
  console.log(
    `scanStatements alone: ${((total / n) * 1000).toFixed(2)} µs per query (${Math.round(chars)} characters on average; ${statements === n ? 'one statement each' : 'UNEXPECTED count'})`,
  );
}

// Issue 25: the time and memory of long SQL. The shape is a select list of computed columns,
// the one whose parse grows fastest with the text (the SDK's parser, not the checks over its
// tree: 300 KB took ~3 s, 600 KB ~10 s). At the size limit a check call stays short; the
// 100 KB and 1.3 MB figures are with the limit raised, then with it as shipped (refused
// unread). Memory is the RSS after a collection, against the RSS before the first call.
{
  const wide = (bytes: number) => {
    const parts: string[] = [];
    for (let i = 0, length = 0; length < bytes; i++) {
      const item = `TrackId + ${i} AS c${i}`;
      parts.push(item);
      length += item.length + 2;
    }
    return `SELECT ${parts.join(', ')} FROM Track LIMIT 10`;
  };
  const gc = (globalThis as { gc?: () => void }).gc;
  const sizes: [string, number, number | undefined][] = [
    ['10 KB', 10_000, undefined],
    ['the limit (64 KiB)', DEFAULT_MAX_SQL_BYTES - 64, undefined],
    ['100 KB, limit raised', 100_000, 1 << 20],
    ['1.3 MB, limit as shipped', 1_300_000, undefined],
  ];
  for (const [label, bytes, maxSqlBytes] of sizes) {
    const sql = wide(bytes);
    gc?.();
    const rss0 = process.memoryUsage().rss;
    const times: number[] = [];
    const cpus: number[] = [];
    let peak = rss0;
    let pass = false;
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      const c = process.cpuUsage();
      const r = await runChecks(sql, { ...options, ...(maxSqlBytes ? { maxSqlBytes } : {}) });
      const used = process.cpuUsage(c);
      cpus.push((used.user + used.system) / 1000);
      times.push(performance.now() - s);
      peak = Math.max(peak, process.memoryUsage().rss);
      pass = r.pass;
    }
    times.sort((a, b) => a - b);
    cpus.sort((a, b) => a - b);
    console.log(
      `runChecks on ${label} (${sql.length} bytes, ${pass ? 'passes' : 'refused'}): median ${fmt(quantile(times, 0.5))} wall, ${fmt(quantile(cpus, 0.5))} CPU (incl. GC), max ${fmt(times[times.length - 1] ?? 0)}; RSS +${((peak - rss0) / 1e6).toFixed(0)} MB at most${gc ? '' : ' (run with --expose-gc for a settled baseline)'}`,
    );
  }
}
