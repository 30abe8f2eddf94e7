// `pnpm bench`: the Chinook suite's gold queries through the adapter and through a bare mysql2
// connection side by side in one run, on a private MariaDB with Chinook loaded from its MySQL
// script: the adapter's overhead per query (target under 1.5x). The golds are SQLite SQL:
// each is transpiled to MySQL by @polyglot-sql/sdk, and those MariaDB refuses even so are
// listed and left out (their MySQL form is sql_by_engine's business, not the bench's).
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { CHINOOK_SUITE_PATH, locateChinookMysql } from '@nl2sql/datasets';
import { Dialect, transpile } from '@polyglot-sql/sdk';
import mysql from 'mysql2';
import { parse } from 'yaml';
import { loadChinookMysql, openMysql, startMariadb } from '../src/index.js';
import { DRIVER_VALUE_OPTIONS } from '../src/mysql-cells.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const TARGET = 1.5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function mysqlGold(sqliteSql: string): string {
  const result = transpile(sqliteSql, Dialect.SQLite, Dialect.MySQL);
  if (!result.success || !result.sql || result.sql.length !== 1) {
    throw new Error(`transpile failed: ${result.error ?? 'no single statement'}`);
  }
  return result.sql[0]!;
}

const server = await startMariadb();
try {
  const loaded = await loadChinookMysql(server.url(), { script: await locateChinookMysql() });
  // The default pool: a connection ends its transaction off the caller's path while another serves.
  const adapter = await openMysql(loaded.url, { timeoutMs: 60_000 });
  const bare = mysql.createConnection({
    uri: loaded.url,
    rowsAsArray: true,
    ...DRIVER_VALUE_OPTIONS,
  });
  bare.on('error', () => undefined);
  const bareQuery = (sql: string) =>
    new Promise<unknown>((resolve, reject) =>
      bare.query(sql, (error, rows) => (error ? reject(error) : resolve(rows))),
    );
  console.log(
    `@nl2sql/datasource-mysql bench: MariaDB ${server.version}, Node ${process.version}, ` +
      `${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, ${ROUNDS} rounds`,
  );

  const suite = parse(await readFile(CHINOOK_SUITE_PATH, 'utf8')) as {
    cases: { id: string; sql?: string }[];
  };
  const queries: { id: string; sql: string }[] = [];
  const left: string[] = [];
  for (const c of suite.cases.filter((c) => typeof c.sql === 'string')) {
    try {
      const sql = mysqlGold(c.sql!);
      await bareQuery(sql);
      queries.push({ id: c.id, sql });
    } catch (error) {
      left.push(`  ${c.id}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  console.log(
    `\n${queries.length} of ${queries.length + left.length} gold queries run on MariaDB once transpiled; left out:\n${left.join('\n') || '  none'}`,
  );

  console.log(
    '\nGold queries, ms per query as fastest / median round, interleaved: the adapter, a bare mysql2 connection:',
  );
  const ratios: number[] = [];
  const medianRatios: number[] = [];
  const lines: string[] = [];
  for (const { id, sql } of queries) {
    for (let i = 0; i < 3; i += 1) {
      await adapter.execute(sql);
      await bareQuery(sql);
    }
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      let t = performance.now();
      await adapter.execute(sql);
      a.push(performance.now() - t);
      t = performance.now();
      await bareQuery(sql);
      b.push(performance.now() - t);
    }
    // The fastest round is the cost without the machine's other work; the median what a
    // loaded machine adds. Both ratios are printed.
    const ratio = Math.min(...a) / Math.min(...b);
    ratios.push(ratio);
    medianRatios.push(median(a) / median(b));
    const ms = (values: number[]) =>
      `${Math.min(...values)
        .toFixed(3)
        .padStart(8)} / ${median(values).toFixed(3).padStart(8)}`;
    lines.push(
      `  ${id}  adapter ${ms(a)}  bare ${ms(b)}  x${ratio.toFixed(2)} (medians x${(median(a) / median(b)).toFixed(2)})`,
    );
  }
  console.log(lines.join('\n'));
  console.log(
    `  adapter/bare on fastest rounds: median x${median(ratios).toFixed(2)}, worst x${Math.max(...ratios).toFixed(2)}, ` +
      `${ratios.filter((r) => r < TARGET).length} of ${ratios.length} queries under x${TARGET}; ` +
      `on median rounds: median x${median(medianRatios).toFixed(2)}`,
  );

  // What the per-query transaction costs on its own: START TRANSACTION READ ONLY and ROLLBACK
  // are two round trips on top of the query's.
  const tiny: number[] = [];
  const tinyBare: number[] = [];
  for (let i = 0; i < 300; i += 1) {
    let t = performance.now();
    await adapter.execute('SELECT 1');
    tiny.push(performance.now() - t);
    t = performance.now();
    await bareQuery('SELECT 1');
    tinyBare.push(performance.now() - t);
  }
  console.log(
    `\nSELECT 1, median of 300: adapter ${median(tiny).toFixed(3)} ms, bare ${median(tinyBare).toFixed(3)} ms ` +
      `(the gate, the pool and the cells; the transaction's ROLLBACK and START run after the rows are handed back)`,
  );
  bare.end();
  await adapter.close();
} finally {
  await server.stop();
}
