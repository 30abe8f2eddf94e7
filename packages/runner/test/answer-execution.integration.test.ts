// A pass means the SQL the system wrote returns the gold rows on the pinned database: the
// harness runs an external engine's SQL itself and scores those rows. Shown on Chinook with
// engines that lie about their rows in each way a system can (over HTTP and as a process):
// none passes a case it lied about on any score, and the honest engines pass every one.

import { fileURLToPath } from 'node:url';
import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import {
  type Engine,
  HttpEngine,
  ProcessEngine,
  type ServedEngine,
  serveEngine,
} from '@nl2sql/engine';
import { validateRecord } from '@nl2sql/records';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { type EvalSuite, loadSuite } from '@nl2sql/suite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CaseResult,
  checkAnswer,
  databaseIdentity,
  type EvalConfig,
  reportRecords,
  runEval,
} from '../src/index.js';
import { type Lie, LyingEngine } from './lying-engine.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const chinook = await chinookForTests();
const SCRIPT = fileURLToPath(new URL('./lying-process-engine.ts', import.meta.url));
const git = { commit: 'a'.repeat(40), shortSha: 'aaaaaaa', dirty: false, root: null };

let suite: EvalSuite;
let datasource: Datasource;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  if (chinook.path === undefined) return;
  suite = await loadSuite(CHINOOK_SUITE_PATH);
  datasource = await openSqlite(chinook.path);
  closers.push(() => datasource.close());
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** The lying engine served over HTTP, as a config of an external engine. */
async function overHttp(lie: Lie, extra: Partial<EvalConfig> = {}): Promise<EvalConfig> {
  const served: ServedEngine = await serveEngine(new LyingEngine(suite, datasource, lie));
  const engine = new HttpEngine({ url: served.url });
  closers.push(
    () => served.close(),
    () => engine.close(),
  );
  return { name: `http-${lie}`, engine, external: true, endpoint: served.url, ...extra };
}

/** The lying engine as a child process speaking JSON lines. */
async function asProcess(lie: Lie): Promise<EvalConfig> {
  const engine = new ProcessEngine({
    command: [
      process.execPath,
      '--conditions=@nl2sql/source',
      '--import',
      'tsx',
      SCRIPT,
      chinook.path as string,
      lie,
    ],
    onStderr: (line) => console.error(`[lying-process-engine] ${line}`),
  });
  await engine.start();
  closers.push(() => engine.close());
  return { name: `process-${lie}`, engine: engine as Engine, external: true };
}

async function run(configs: EvalConfig[]) {
  const report = await runEval({
    plugins: PLUGINS,
    suite,
    configs,
    mode: 'plans',
    policy: CHINOOK_POLICIES,
    database: await databaseIdentity('chinook', datasource),
    answerExecution: { datasources: { chinook: datasource } },
    sqlChecks: { dialect: 'sqlite' },
    concurrency: 8,
  });
  return report;
}

const allowed = (cases: readonly CaseResult[]) => cases.filter((r) => r.expected === 'allowed');

describe.skipIf(chinook.path === undefined)('the harness runs an external engine’s SQL', () => {
  it('an honest engine passes every case run, with or without sending its rows', async () => {
    const report = await run([await overHttp('honest'), await overHttp('silent')]);
    for (const board of report.configs) {
      const failing = board.cases.filter((r) => r.status !== 'pass');
      expect(
        failing.map((r) => `${board.config.name} ${r.caseId}@${r.role}: ${r.explanation}`),
      ).toEqual([]);
      expect(board.rows).toBe('executed');
      const checked = allowed(board.cases);
      expect(checked.every((r) => r.rowsCheck?.outcome === 'executed')).toBe(true);
      expect(checked.every((r) => r.diagnostics?.verdict?.pass === true)).toBe(true);
      const metrics = board.metrics as { rows_checks?: Record<string, number> };
      expect(metrics.rows_checks).toEqual({
        executed: checked.length,
        trusted: 0,
        rows_mismatch: 0,
        no_sql: 0,
        unsafe_sql: 0,
        execution_error: 0,
      });
    }
    // What the silent engine is scored on are the rows the harness read: the same heads.
    const [honest, silent] = report.configs;
    expect(silent?.cases.map((r) => r.rowsDigest)).toEqual(honest?.cases.map((r) => r.rowsDigest));
  });

  const liars: ReadonlyArray<readonly [Lie, string]> = [
    ['constant', 'rows-mismatch'],
    ['off-by-one', 'rows-mismatch'],
    ['no-sql', 'no-sql'],
    ['delete-returning', 'unsafe-sql'],
    ['pragma', 'unsafe-sql'],
  ];
  it.each(liars)(
    'an engine that lies (%s) passes no case run it lied about, on any score',
    async (lie, outcome) => {
      const report = await run([await overHttp(lie)]);
      const board = report.configs[0];
      if (!board || !('accuracy' in board.metrics)) throw new Error('no board');
      const lied = allowed(board.cases);
      expect(lied.length).toBe(98);
      for (const r of lied) {
        expect(r.status, `${r.caseId}@${r.role}`).toBe('fail');
        expect(r.lenientStatus).toBe('fail');
        expect(r.rowsCheck?.outcome).toBe(outcome);
        expect(r.diagnostics?.verdict?.pass).toBe(false);
        expect(r.explanation).toContain(`${outcome}:`);
      }
      const counts = board.metrics.rows_checks as Record<string, number>;
      expect(counts[outcome.replace('-', '_')]).toBe(lied.length);
      // Only the truthful refusals pass.
      expect(board.metrics.accuracy.execution.strict.count).toBe(
        board.cases.filter((r) => r.expected !== 'allowed').length,
      );
      const [record] = reportRecords(report, { git });
      expect(validateRecord(record, `${lie} record`)).toBe(record);
      expect(record?.scoreboard.settings.rows).toBe('executed');
      expect(
        record?.scoreboard.cases.find((c) => c.expected === 'allowed')?.rows_check,
      ).toMatchObject({
        outcome,
      });
    },
  );

  it('a mismatch names what the engine reported and what the SQL returns, first differing row', async () => {
    const report = await run([await overHttp('off-by-one')]);
    const r = report.configs[0]?.cases.find(
      (c) => c.caseId === 'chinook_001' && c.expected === 'allowed',
    );
    // USA has 13 customers; the engine said 14.
    expect(r?.rowsCheck?.message).toMatch(
      /^the engine reported 24 row\(s\) in 2 column\(s\), its SQL returns 24 in 2 on the pinned database: rows differ: the SQL's row .*USA.*13.* has no match; first unmatched reported row .*USA.*14/,
    );
  });

  it('the same holds for an engine run as a process', async () => {
    const report = await run([await asProcess('honest'), await asProcess('constant')]);
    const [honest, liar] = report.configs;
    expect(honest?.cases.every((r) => r.status === 'pass')).toBe(true);
    expect(
      allowed(liar?.cases ?? []).every(
        (r) => r.status === 'fail' && r.rowsCheck?.outcome === 'rows-mismatch',
      ),
    ).toBe(true);
  });

  it('trusting an engine’s rows is said, and never lets SQL that writes pass', async () => {
    const report = await run([
      await overHttp('constant', { trustReportedRows: true }),
      await overHttp('delete-returning', { trustReportedRows: true }),
    ]);
    const [constant, writes] = report.configs;
    // Opted in: the engine's word is scored (and every record and board says so).
    expect(constant?.rows).toBe('trusted');
    expect(allowed(constant?.cases ?? []).every((r) => r.rowsCheck?.outcome === 'trusted')).toBe(
      true,
    );
    expect(
      allowed(constant?.cases ?? []).filter((r) => r.status === 'pass').length,
    ).toBeGreaterThan(0);
    const [record] = reportRecords(report, { git });
    expect(record?.scoreboard.settings.rows).toBe('trusted');
    // Still checked: a write is never a pass in any tier.
    for (const r of allowed(writes?.cases ?? [])) {
      expect(r.status).toBe('fail');
      expect(r.rowsCheck?.outcome).toBe('unsafe-sql');
      expect(r.diagnostics?.verdict?.pass).toBe(false);
    }
  });

  it('refuses to start an external engine the harness has no datasource for', async () => {
    await expect(
      runEval({
        plugins: PLUGINS,
        suite,
        configs: [await overHttp('honest')],
        policy: CHINOOK_POLICIES,
      }),
    ).rejects.toMatchObject({ code: 'NO_DATASOURCE' });
  });
});

describe.skipIf(chinook.path === undefined)(
  'checkAnswer follows the project’s check policy',
  () => {
    const answer = (sql: string) => ({
      status: 'success' as const,
      sql,
      results: [],
      answer: null,
      error: null,
      usage: [],
      trace: {},
    });
    const task = () => {
      const c = suite.cases.find((k) => k.id === 'chinook_001');
      return { key: 'k', case: c, role: 'admin', pass: 1, expected: 'allowed' } as never;
    };
    const run = (sql: string, checks?: { maxSqlBytes?: number }) =>
      checkAnswer(answer(sql), task(), {
        execution: { datasources: { chinook: datasource } },
        trusted: false,
        maxRows: 1000,
        checks: { sql: PLUGINS.sql, ...checks },
        signal: new AbortController().signal,
      });

    it('runs SQL without a LIMIT (the datasource caps rows) and SQL within the size limit', async () => {
      const done = await run('SELECT Name FROM Genre');
      expect(done?.check).toEqual({ outcome: 'executed', message: null });
      expect(done?.response.results[0]?.rows).toHaveLength(25);
    });

    it('refuses, unread, SQL over the size limit the project set', async () => {
      const sql = `SELECT Name FROM Genre WHERE Name <> '${'x'.repeat(200)}'`;
      expect((await run(sql))?.check?.outcome).toBe('executed');
      const refused = await run(sql, { maxSqlBytes: 100 });
      expect(refused?.check?.outcome).toBe('unsafe-sql');
      expect(refused?.check?.message).toMatch(/^sql-too-large/);
    });
  },
);
