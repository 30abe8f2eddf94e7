import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkSnapshots,
  type EvalCase,
  formatSuite,
  goldPin,
  parseSuite,
  regenerate,
} from '../src/index.js';
import { writeDatabase } from './fixtures/sqlite-file.js';

// A pinned database and two snapshots of it: one where every order is paid (a query that
// forgets status = 'paid' passes there), one with a refunded order and one with no rows.
let dir: string;
let pinned: SqliteDatasource;
let march: SqliteDatasource;
let empty: SqliteDatasource;
const ddl = 'CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT, total REAL)';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'snapshots-'));
  await writeDatabase(join(dir, 'pinned.sqlite'), [
    ddl,
    "INSERT INTO orders VALUES (1, 'paid', 10), (2, 'paid', 5)",
  ]);
  await writeDatabase(join(dir, 'march.sqlite'), [
    ddl,
    "INSERT INTO orders VALUES (1, 'paid', 10), (2, 'refunded', 5), (3, 'paid', 7)",
  ]);
  await writeDatabase(join(dir, 'empty.sqlite'), [ddl]);
  pinned = await openSqlite(join(dir, 'pinned.sqlite'));
  march = await openSqlite(join(dir, 'march.sqlite'));
  empty = await openSqlite(join(dir, 'empty.sqlite'));
});
afterAll(async () => {
  for (const d of [pinned, march, empty]) await d?.close();
});

const paid: EvalCase = {
  id: 'paid_total',
  question: 'What is the total of paid orders?',
  datasource: 'shop',
  source: 'hand',
  approved: true,
  tags: ['aggregate'],
  order_matters: true,
  outcome: { admin: 'allowed' },
  tables: ['orders'],
  columns: ['orders.status', 'orders.total'],
  sql: "SELECT id, total FROM orders WHERE status = 'paid' ORDER BY total DESC",
  alt_sql: ["SELECT id, total FROM orders WHERE status IN ('paid') ORDER BY total DESC"],
  rows: [],
};

async function suiteFile(cases: EvalCase[]): Promise<string> {
  const path = join(await mkdtemp(join(dir, 'suite-')), 'suite.yaml');
  await writeFile(path, formatSuite({ name: 'shop', version: 1, cases }));
  return path;
}

const snapshots = () =>
  new Map([
    [
      'shop',
      [
        { name: 'march', datasource: march },
        { name: 'empty', datasource: empty },
      ],
    ],
  ]);

describe('regenerate with snapshots', () => {
  it('writes each snapshot gold (rows, alternatives) and is byte-stable on a second run', async () => {
    const path = await suiteFile([paid]);
    const first = await regenerate(path, new Map([['shop', pinned]]), { snapshots: snapshots() });
    expect(first).toMatchObject({ changed: true, changedCases: ['paid_total'] });
    const written = await readFile(path, 'utf8');
    const [c] = parseSuite(written, path).cases;
    expect(c?.rows).toEqual([
      [1, 10],
      [2, 5],
    ]);
    expect(c?.rows_by_snapshot).toEqual({
      empty: { rows: [], alt_rows: [[]] },
      march: {
        rows: [
          [1, 10],
          [3, 7],
        ],
        alt_rows: [
          [
            [1, 10],
            [3, 7],
          ],
        ],
      },
    });
    const again = await regenerate(path, new Map([['shop', pinned]]), { snapshots: snapshots() });
    expect(again).toMatchObject({ changed: false });
    expect(await readFile(path, 'utf8')).toBe(written);
  });

  it('drops rows_by_snapshot when the datasource has no snapshots any more', async () => {
    const path = await suiteFile([paid]);
    await regenerate(path, new Map([['shop', pinned]]), { snapshots: snapshots() });
    const result = await regenerate(path, new Map([['shop', pinned]]));
    expect(result.changedCases).toEqual(['paid_total']);
    const [c] = parseSuite(await readFile(path, 'utf8'), path).cases;
    expect(c?.rows_by_snapshot).toBeUndefined();
  });

  it('pins the snapshot rows only when present: a case without them keeps its pin', () => {
    const plain = { ...paid, rows: [[1, 10]] };
    const pin = goldPin(plain);
    expect(goldPin({ ...plain, rows_by_snapshot: undefined })).toBe(pin);
    expect(goldPin({ ...plain, rows_by_snapshot: { march: { rows: [[1, 10]] } } })).not.toBe(pin);
  });
});

describe('checkSnapshots (suite cross-check --snapshots)', () => {
  it('classifies the gold per snapshot and finds missing and stale recorded rows', async () => {
    const path = await suiteFile([paid]);
    await regenerate(path, new Map([['shop', pinned]]), { snapshots: snapshots() });
    const suite = parseSuite(await readFile(path, 'utf8'), path);
    const fresh = await checkSnapshots(suite, { snapshots: snapshots() });
    expect(fresh.findings).toBe(0);
    expect(fresh.checks.map((c) => [c.snapshot, c.class, c.recorded])).toEqual([
      ['march', 'differs', 'current'],
      ['empty', 'empty', 'current'],
    ]);

    const [c] = suite.cases as [EvalCase];
    const stale = { ...c, rows_by_snapshot: { march: { rows: [[1, 10]] } } };
    const report = await checkSnapshots({ ...suite, cases: [stale] }, { snapshots: snapshots() });
    expect(report.findings).toBe(2);
    expect(report.checks.map((x) => x.recorded)).toEqual(['stale', 'missing']);
    expect(report.checks[0]?.problem).toContain('rows_by_snapshot.march');
  });

  it('a gold that fails on a snapshot is a finding with the reason', async () => {
    const broken = { ...paid, sql: 'SELECT id, nope FROM orders', alt_sql: undefined };
    const report = await checkSnapshots(
      { name: 's', version: 1, cases: [broken] },
      { snapshots: new Map([['shop', [{ name: 'march', datasource: march }]]]) },
    );
    expect(report.checks[0]).toMatchObject({ class: 'failed', ok: false });
    expect(report.checks[0]?.problem).toContain('on snapshot march');
  });
});
