// Prints query latency on Chinook, pool throughput and interrupt latency.
// Run with `pnpm bench` in this package.
import { performance } from 'node:perf_hooks';
import { locateChinook } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { SqliteConnection } from '../src/sqlite-connection.js';

const QUERIES: Record<string, string> = {
  'count rows': 'SELECT count(*) FROM Track',
  'filter + order':
    "SELECT Name, Milliseconds FROM Track WHERE Name LIKE '%love%' ORDER BY Milliseconds DESC",
  'join + group': `SELECT g.Name, count(*) AS tracks, round(avg(t.Milliseconds) / 1000.0, 1) AS avg_s
    FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.Name ORDER BY tracks DESC`,
  'top customers (3 joins)': `SELECT c.FirstName || ' ' || c.LastName AS customer, e.LastName AS rep, sum(il.UnitPrice * il.Quantity) AS spent
    FROM Customer c JOIN Employee e ON e.EmployeeId = c.SupportRepId JOIN Invoice i ON i.CustomerId = c.CustomerId
    JOIN InvoiceLine il ON il.InvoiceId = i.InvoiceId GROUP BY c.CustomerId ORDER BY spent DESC LIMIT 5`,
  'wide scan (8715 rows)': 'SELECT * FROM PlaylistTrack',
};
const ENDLESS =
  'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT max(i) FROM r';

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `median ${quantile(sorted, 0.5).toFixed(3)} ms, p95 ${quantile(sorted, 0.95).toFixed(3)} ms (n=${sorted.length})`;
}

async function time(run: () => Promise<unknown>, n: number): Promise<number[]> {
  for (let i = 0; i < 5; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

const file = await locateChinook({ download: false });
const chinook = await openSqlite(file, { poolSize: 4 });
const raw = await SqliteConnection.open(file);
console.log(`@nl2sql/datasource bench on ${file} (Node ${process.version})`);

console.log(
  '\nQuery latency through execute() (raw driver db.all on the same connection setup, for comparison):',
);
for (const [name, sql] of Object.entries(QUERIES)) {
  const n = name.startsWith('wide') ? 50 : 200;
  const adapter = await time(() => chinook.execute(sql), n);
  const direct = await time(() => raw.all(sql), n);
  console.log(`  ${name.padEnd(24)} ${summary(adapter)} | raw ${summary(direct)}`);
}

console.log('\nPool throughput (mixed queries above without the wide scan):');
const mix = Object.entries(QUERIES)
  .filter(([name]) => !name.startsWith('wide'))
  .map(([, sql]) => sql);
for (const concurrency of [1, 4]) {
  const total = 800;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const sql = mix[next % mix.length]!;
        next += 1;
        await chinook.execute(sql);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  concurrency ${concurrency}: ${(total / seconds).toFixed(0)} queries/s (${total} queries in ${seconds.toFixed(2)} s)`,
  );
}

console.log(
  '\nInterrupt latency (endless recursive CTE; time past the timeout until execute() rejects):',
);
for (const timeoutMs of [100, 500]) {
  const late: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const started = performance.now();
    await chinook.execute(ENDLESS, { timeoutMs }).catch(() => undefined);
    late.push(performance.now() - started - timeoutMs);
  }
  const after = await time(() => chinook.execute('SELECT count(*) FROM Track'), 20);
  console.log(
    `  timeout ${timeoutMs} ms: overshoot ${summary(late)}, max ${Math.max(...late).toFixed(3)} ms; next query ${summary(after)}`,
  );
}

console.log('\nRow cap (endless rows, maxRows 10,000):');
const capped = await time(
  () =>
    chinook.execute(ENDLESS.replace('SELECT max(i) FROM r', 'SELECT i FROM r'), {
      maxRows: 10_000,
    }),
  20,
);
console.log(`  ${summary(capped)}`);

await raw.close();
await chinook.close();
