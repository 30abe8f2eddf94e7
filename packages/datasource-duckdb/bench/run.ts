// `pnpm bench`: the Chinook suite's gold queries through the adapter and through a bare
// @duckdb/node-api connection side by side (overhead per query; target under 1.5x). The golds
// are SQLite SQL: each runs on DuckDB unchanged where DuckDB accepts it and returns the
// SQLite rows, else transpiled by @polyglot-sql/sdk (SQLite -> DuckDB); the bench says which.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DuckDBInstance } from '@duckdb/node-api';
import { CHINOOK_SUITE_PATH, locateChinook } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { Dialect, transpile } from '@polyglot-sql/sdk';
import { parse } from 'yaml';
import { openDuckdb, READ_ONLY_SETTINGS, rowsDigest, writeDuckdbCopy } from '../src/index.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const TARGET = 1.5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const dir = mkdtempSync(join(tmpdir(), 'nl2sql-duckdb-bench-'));
const sqlite = await openSqlite(await locateChinook({ download: false }));
try {
  const file = join(dir, 'chinook.duckdb');
  let t = performance.now();
  await writeDuckdbCopy(sqlite, file);
  console.log(
    `@nl2sql/datasource-duckdb bench: Node ${process.version}, ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}, ${ROUNDS} rounds; Chinook copied and checked in ${(performance.now() - t).toFixed(0)} ms`,
  );
  const adapter = await openDuckdb(file, { poolSize: 1, timeoutMs: 60_000 });
  const instance = await DuckDBInstance.create(file, { ...READ_ONLY_SETTINGS });
  const bare = await instance.connect();

  const suite = parse(await readFile(CHINOOK_SUITE_PATH, 'utf8')) as {
    cases: { id: string; sql?: string; approved?: boolean }[];
  };
  const queries: { id: string; sql: string; how: string }[] = [];
  const refused: string[] = [];
  for (const c of suite.cases) {
    if (typeof c.sql !== 'string' || c.approved === false) continue;
    const want = rowsDigest((await sqlite.execute(c.sql)).rows).sha256;
    const same = async (sql: string) =>
      rowsDigest((await adapter.execute(sql)).rows).sha256 === want;
    if (await same(c.sql).catch(() => false)) {
      queries.push({ id: c.id, sql: c.sql, how: 'unchanged' });
      continue;
    }
    const out = transpile(c.sql, Dialect.SQLite, Dialect.DuckDB);
    const sql = out.success && out.sql?.length === 1 ? out.sql[0]! : undefined;
    if (sql !== undefined && (await same(sql).catch(() => false))) {
      queries.push({ id: c.id, sql, how: 'transpiled' });
    } else refused.push(c.id);
  }
  const unchanged = queries.filter((q) => q.how === 'unchanged').length;
  console.log(
    `\n${queries.length} gold queries: ${unchanged} unchanged, ${queries.length - unchanged} transpiled by @polyglot-sql/sdk` +
      `${refused.length > 0 ? `; left out (rows differ from SQLite's either way): ${refused.join(', ')}` : ''}`,
  );
  console.log(
    'ms per query as fastest / median round, interleaved: the adapter and a bare connection',
  );
  const ratios: number[] = [];
  const medianRatios: number[] = [];
  const lines: string[] = [];
  for (const { id, sql, how } of queries) {
    for (let i = 0; i < 3; i += 1) {
      await adapter.execute(sql);
      (await bare.runAndReadAll(sql)).getRows();
    }
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      t = performance.now();
      await adapter.execute(sql);
      a.push(performance.now() - t);
      t = performance.now();
      (await bare.runAndReadAll(sql)).getRows();
      b.push(performance.now() - t);
    }
    const ratio = Math.min(...a) / Math.min(...b);
    ratios.push(ratio);
    medianRatios.push(median(a) / median(b));
    const ms = (values: number[]) =>
      `${Math.min(...values)
        .toFixed(3)
        .padStart(7)} / ${median(values).toFixed(3).padStart(7)}`;
    lines.push(
      `  ${id} (${how.padEnd(10)})  adapter ${ms(a)}  bare ${ms(b)}  x${ratio.toFixed(2)} (medians x${(median(a) / median(b)).toFixed(2)})`,
    );
  }
  console.log(lines.join('\n'));
  console.log(
    `  adapter/bare on fastest rounds: median x${median(ratios).toFixed(2)}, worst x${Math.max(...ratios).toFixed(2)}, ` +
      `${ratios.filter((r) => r < TARGET).length} of ${ratios.length} under x${TARGET}; on median rounds: median x${median(medianRatios).toFixed(2)}`,
  );

  t = performance.now();
  const capped = await adapter.execute('SELECT * FROM range(10000000000)');
  console.log(
    `\nSELECT * FROM range(10000000000) under the default cap: ${capped.rows.length} rows, truncated ${capped.truncated}, ${(performance.now() - t).toFixed(0)} ms`,
  );
  t = performance.now();
  const timedOut = await adapter
    .execute(
      'SELECT count(*) FROM range(100000000) a, range(100000000) b WHERE a.range + b.range = 7',
      {
        timeoutMs: 1000,
      },
    )
    .then(
      () => 'finished',
      (e: { code?: string }) => e.code,
    );
  console.log(
    `a cross join with timeoutMs 1000: ${timedOut} after ${(performance.now() - t).toFixed(0)} ms`,
  );
  bare.closeSync();
  instance.closeSync();
  await adapter.close();
} finally {
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });
}
