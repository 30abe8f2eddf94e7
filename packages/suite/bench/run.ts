// Figures for the Chinook suite: how long loading, writing, hashing, regenerating and linting
// take. Regenerate runs before lint: right after the parser's heavy wasm work the first query
// can stall past its timeout on a loaded machine (seen here), which would measure that stall.
// Plain lines, no assertions; run with `pnpm bench`.
import { readFile } from 'node:fs/promises';
import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, locateChinook } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { loadSqlcheck } from '@nl2sql/sqlcheck';
import {
  formatSuite,
  goldPin,
  lintSuite,
  loadSuite,
  regenerateSuite,
  suiteDigest,
} from '../src/index.js';

async function time<T>(label: string, runs: number, fn: () => Promise<T> | T): Promise<T> {
  let result = await fn();
  const started = performance.now();
  for (let i = 0; i < runs; i++) result = await fn();
  const ms = (performance.now() - started) / runs;
  console.log(`${label.padEnd(44)} ${ms.toFixed(2).padStart(9)} ms  (mean of ${runs})`);
  return result;
}

const text = await readFile(CHINOOK_SUITE_PATH, 'utf8');
console.log(`Chinook suite: ${text.length} characters, ${text.split('\n').length - 1} lines`);
const suite = await time('loadSuite (YAML + JSON Schema)', 20, () => loadSuite(CHINOOK_SUITE_PATH));
console.log(`cases: ${suite.cases.length}, answerable: ${suite.cases.filter((c) => c.sql).length}`);
await time('formatSuite', 20, () => formatSuite(suite));
await time('suiteDigest', 200, () => suiteDigest(text));
await time('goldPin, every case', 50, () => suite.cases.map(goldPin));

const db = await openSqlite(await locateChinook());
const schema = await db.introspect({ rowCounts: false });
const load = await loadSqlcheck();
console.log(
  `sqlcheck wasm load (once)                    ${load.loadMs.toFixed(2).padStart(9)} ms`,
);
const regenerated = await time('regenerateSuite (48 statements on SQLite)', 5, () =>
  regenerateSuite(suite, db),
);
console.log(
  `statements: ${regenerated.statements}, cases changed: ${regenerated.changedCases.length}`,
);
const findings = await time('lintSuite (schema + policy, readSet on SQL)', 5, () =>
  lintSuite(suite, { schema, policy: CHINOOK_POLICIES }),
);
console.log(`lint findings: ${findings.length}`);
await db.close();
