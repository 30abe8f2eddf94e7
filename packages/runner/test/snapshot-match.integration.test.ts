// EX across snapshots on real SQLite files built here: a pinned database where every order is
// paid (a query that forgets status = 'paid' passes there), a snapshot with a refunded order,
// and a Chinook-derived snapshot (a copy with a customer added). The harness runs each
// passing answer's SQL on every snapshot and counts the single-snapshot false positives.

import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { type RunMetrics, validateRecord } from '@nl2sql/records';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { type EvalCase, type EvalSuite, loadSuite, regenerateSuite } from '@nl2sql/suite';
import fc from 'fast-check';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CaseTask,
  databaseIdentity,
  RunnerError,
  type RunSnapshots,
  reportRecords,
  runEval,
  snapshotMatch,
} from '../src/index.js';
import { SqlEngine } from './sql-engine.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

function exec(file: string, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, (open) => {
      if (open) return reject(open);
      db.exec(sql, (error) => db.close(() => (error ? reject(error) : resolve())));
    });
  });
}

const DDL = 'CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT, total REAL);';
const closers: Array<() => Promise<void>> = [];
let dir: string;
let pinned: Datasource;
let march: Datasource;
let other: Datasource;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'runner-snapshots-'));
  await exec(
    join(dir, 'pinned.sqlite'),
    `${DDL} INSERT INTO orders VALUES (1,'paid',10),(2,'paid',5);`,
  );
  await exec(
    join(dir, 'march.sqlite'),
    `${DDL} INSERT INTO orders VALUES (1,'paid',10),(2,'refunded',5),(3,'paid',7);`,
  );
  await exec(
    join(dir, 'other.sqlite'),
    'CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL);',
  );
  pinned = await openSqlite(join(dir, 'pinned.sqlite'));
  march = await openSqlite(join(dir, 'march.sqlite'));
  other = await openSqlite(join(dir, 'other.sqlite'));
  closers.push(
    () => pinned.close(),
    () => march.close(),
    () => other.close(),
  );
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const base = {
  datasource: 'shop',
  source: 'hand' as const,
  approved: true,
  tags: ['aggregate' as const],
  order_matters: false,
  outcome: { admin: 'allowed' as const },
  tables: ['orders'],
  rows: [],
};
const CASES: EvalCase[] = [
  {
    ...base,
    id: 'paid_total',
    question: 'What is the total of paid orders?',
    columns: ['orders.status', 'orders.total'],
    sql: "SELECT SUM(total) FROM orders WHERE status = 'paid'",
  },
  {
    ...base,
    id: 'order_count',
    question: 'How many orders are there?',
    columns: ['orders.id'],
    sql: 'SELECT COUNT(*) FROM orders',
  },
  {
    ...base,
    id: 'biggest',
    question: 'What is the biggest order total?',
    columns: ['orders.total'],
    sql: 'SELECT MAX(total) FROM orders',
  },
];
// Forgets the filter (right on the pinned database only); right; wrong everywhere.
const ANSWERS = {
  paid_total: 'SELECT SUM(total) FROM orders',
  biggest: 'SELECT MIN(total) FROM orders',
};

async function shopSuite(snapshots: RunSnapshots): Promise<EvalSuite> {
  const suite: EvalSuite = { name: 'shop', version: 1, cases: CASES };
  const regenerated = await regenerateSuite(suite, pinned, {
    snapshots: new Map(Object.entries(snapshots)),
  });
  return regenerated.suite;
}

// Read when a test runs, after beforeAll opened the files.
const SNAPSHOTS: RunSnapshots = {
  get shop() {
    return [{ name: 'march', datasource: march }];
  },
};

async function runShop(suite: EvalSuite, snapshots: RunSnapshots) {
  return runEval({
    plugins: PLUGINS,
    suite,
    configs: [{ name: 'sql', engine: new SqlEngine(suite, pinned, ANSWERS), external: true }],
    mode: 'plans',
    answerExecution: { datasources: { shop: pinned } },
    database: await databaseIdentity('shop', pinned),
    sqlChecks: false,
    snapshots,
  });
}

describe('EX across snapshots', () => {
  it('counts EX on the pinned database beside EX on all snapshots, naming the false positives', async () => {
    const suite = await shopSuite(SNAPSHOTS);
    const report = await runShop(suite, SNAPSHOTS);
    const board = report.configs[0];
    const metrics = board?.metrics as RunMetrics;
    expect(metrics.accuracy.execution.strict).toMatchObject({ count: 2, total: 3 });
    const snapshots = metrics.snapshots;
    expect(snapshots).toMatchObject({
      names: ['march'],
      case_runs: 3,
      pinned: { count: 2, total: 3 },
      all: { count: 1, total: 3 },
      false_positives: [{ case_id: 'paid_total', role: 'admin', pass: 1, failed_on: ['march'] }],
    });
    // EX itself is unchanged: the snapshots are a diagnostic beside it.
    const paid = board?.cases.find((c) => c.caseId === 'paid_total');
    expect(paid?.status).toBe('pass');
    expect(paid?.scores.snapshots).toMatchObject({ pass: false, kind: 'diagnostic' });
    expect(paid?.scores.snapshots?.explanation).toContain('snapshot march');

    // The record carries the section and each case run's field, and validates.
    const [record] = reportRecords(report, {
      git: { commit: 'a'.repeat(40), shortSha: 'aaaaaaa', dirty: false, root: null },
    });
    expect(validateRecord(record)).toBe(record);
    expect(record?.metrics).toHaveProperty('snapshots.all.count', 1);
    const byCase = Object.fromEntries(
      (record?.scoreboard.cases ?? []).map((c) => [c.case_id, c.snapshots]),
    );
    expect(byCase).toEqual({
      paid_total: { pinned: true, all: false, failed_on: ['march'] },
      order_count: { pinned: true, all: true, failed_on: [] },
      biggest: { pinned: false, all: false, failed_on: ['pinned'] },
    });
  });

  it('a run without snapshots has no section and no field', async () => {
    const suite = await shopSuite({});
    const report = await runShop(suite, {});
    expect(report.configs[0]?.metrics).not.toHaveProperty('snapshots');
    expect(report.configs[0]?.cases.every((c) => c.scores.snapshots === undefined)).toBe(true);
  });

  it('refuses a case without the gold of a snapshot, and a snapshot of another schema', async () => {
    const unregenerated: EvalSuite = {
      name: 'shop',
      version: 1,
      cases: (await shopSuite({})).cases,
    };
    const missing = await runShop(unregenerated, SNAPSHOTS).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(RunnerError);
    expect((missing as Error).message).toContain(
      'case paid_total: no gold rows for snapshot march of datasource shop',
    );
    const foreign: RunSnapshots = { shop: [{ name: 'march', datasource: other }] };
    const schema = await runShop(await shopSuite(SNAPSHOTS), foreign).catch((e: unknown) => e);
    expect(schema).toBeInstanceOf(RunnerError);
    expect((schema as Error).message).toContain(
      'snapshot march of datasource shop has another schema than the datasource',
    );
  });

  it('property: a pass on all snapshots is always a pass on the pinned database', async () => {
    const suite = await shopSuite(SNAPSHOTS);
    const pool = [
      "SELECT SUM(total) FROM orders WHERE status = 'paid'",
      'SELECT SUM(total) FROM orders',
      'SELECT COUNT(*) FROM orders',
      'SELECT MAX(total) FROM orders',
      'SELECT total FROM orders',
      'SELECT nope FROM orders',
    ];
    const signal = new AbortController().signal;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...suite.cases),
        fc.constantFrom(...pool),
        fc.boolean(),
        async (c, sql, pinnedPass) => {
          const response = {
            status: 'success' as const,
            sql,
            results: [],
            answer: null,
            error: null,
            usage: [],
            trace: { nodes: [], datasource: 'shop', curated: false },
          };
          const task: CaseTask = {
            key: c.id,
            order: 0,
            config: { name: 'sql', engine: new SqlEngine(suite, pinned) },
            case: c,
            role: 'admin',
            pass: 1,
            expected: 'allowed',
          };
          const score = await snapshotMatch(task, response, pinnedPass, SNAPSHOTS, {
            maxRows: 100,
            signal,
          });
          expect(score).not.toBeNull();
          if (score?.pass) expect(pinnedPass).toBe(true);
          expect(score?.detail.pinned).toBe(pinnedPass);
        },
      ),
      { numRuns: 40 },
    );
  });
});

const chinook = await chinookForTests();

describe('EX across snapshots on a Chinook-derived snapshot', () => {
  it.skipIf(chinook.path === undefined)(
    'an answer right on Chinook by luck fails on a copy with one more German customer',
    async () => {
      const copy = join(dir, 'chinook-march.sqlite');
      await copyFile(chinook.path as string, copy);
      await exec(
        copy,
        "INSERT INTO Customer (CustomerId, FirstName, LastName, City, Country, Email, SupportRepId) VALUES (60, 'Lena', 'Wagner', 'Munich', 'Germany', 'lena@example.com', 3);",
      );
      const original = await openSqlite(chinook.path as string);
      const snapshot = await openSqlite(copy);
      closers.push(
        () => original.close(),
        () => snapshot.close(),
      );
      const full = await loadSuite(CHINOOK_SUITE_PATH);
      const picked = full.cases.filter((c) => ['chinook_001', 'chinook_021'].includes(c.id));
      const snapshots: RunSnapshots = { chinook: [{ name: 'march', datasource: snapshot }] };
      const { suite } = await regenerateSuite({ ...full, cases: picked }, original, {
        snapshots: new Map(Object.entries(snapshots)),
      });
      // The copy changes both golds' rows there.
      for (const c of suite.cases) expect(c.rows_by_snapshot?.march?.rows).not.toEqual(c.rows);
      // Right on Chinook only because no German customer has an id of 60 or more.
      const lucky = {
        chinook_021:
          "SELECT c.FirstName, c.LastName, c.City FROM Customer c WHERE c.Country = 'Germany' AND c.CustomerId < 60 ORDER BY c.CustomerId",
      };
      const report = await runEval({
        plugins: PLUGINS,
        suite,
        configs: [
          { name: 'gold', engine: new SqlEngine(suite, original), external: true },
          { name: 'lucky', engine: new SqlEngine(suite, original, lucky), external: true },
        ],
        mode: 'plans',
        roles: ['admin'],
        policy: CHINOOK_POLICIES,
        answerExecution: { datasources: { chinook: original } },
        sqlChecks: false,
        snapshots,
      });
      const [gold, luck] = report.configs.map((c) => (c.metrics as RunMetrics).snapshots);
      expect(gold).toMatchObject({ pinned: { count: 2 }, all: { count: 2 }, false_positives: [] });
      expect(luck).toMatchObject({
        pinned: { count: 2 },
        all: { count: 1 },
        false_positives: [{ case_id: 'chinook_021', failed_on: ['march'] }],
      });
    },
    60_000,
  );
});
