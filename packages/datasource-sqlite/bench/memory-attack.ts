// One attack in a process of its own, so its peak RSS is its own: opens Chinook, runs the
// statement named on the command line with the default statement timeout, then one ordinary
// query on the same one-connection pool, and prints a JSON line for memory-attacks.ts.
import { performance } from 'node:perf_hooks';
import { locateChinook } from '@nl2sql/datasets';
import { DatasourceError } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { ATTACKS, TIMEOUT_MS } from './attacks.js';

const name = process.argv[2] ?? '';
const sql = ATTACKS[name];
if (sql === undefined) throw new Error(`unknown attack ${name}`);

const chinook = await openSqlite(await locateChinook({ download: false }), {
  poolSize: 1,
  timeoutMs: TIMEOUT_MS,
});
const started = performance.now();
let outcome: string;
try {
  const result = await chinook.execute(sql);
  outcome = `rows: ${JSON.stringify(result.rows).slice(0, 40)}`;
} catch (error) {
  if (!(error instanceof DatasourceError)) throw error;
  outcome = error.code;
}
const elapsedMs = performance.now() - started;
const after = await chinook.execute('SELECT count(*) FROM Track');
await chinook.close();
console.log(
  JSON.stringify({
    name,
    outcome,
    elapsedMs,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    nextQueryOk: after.rows[0]?.[0] === 3503,
  }),
);
