import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalSuite } from '../src/index.js';
import { formatSuite, parseSuite, RegenerateError, regenerate, toCell } from '../src/index.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

const suite: EvalSuite = {
  name: 'tiny',
  version: 1,
  cases: [
    {
      id: 't1',
      question: 'Which three genres have the most tracks?',
      datasource: 'chinook',
      source: 'hand',
      approved: true,
      tags: ['join', 'aggregation', 'order-limit'],
      order_matters: true,
      outcome: { admin: 'allowed' },
      tables: ['Genre', 'Track'],
      columns: ['Genre.GenreId', 'Genre.Name', 'Track.GenreId'],
      sql: 'SELECT g.Name, COUNT(*) AS tracks\nFROM Track t JOIN Genre g ON g.GenreId = t.GenreId\nGROUP BY g.GenreId\nORDER BY tracks DESC, g.GenreId\nLIMIT 3',
      rows: [['stale', 0]],
      alt_sql: ['SELECT g.Name FROM Genre g WHERE g.GenreId IN (1, 7, 3) ORDER BY g.GenreId'],
    },
    {
      id: 't2',
      question: 'What is the weather in Oslo?',
      datasource: 'chinook',
      source: 'hand',
      approved: true,
      tags: ['unanswerable'],
      order_matters: false,
      outcome: { admin: 'unanswerable' },
      tables: [],
      columns: [],
    },
  ],
};

let db: SqliteDatasource;
beforeAll(async () => {
  if (noChinook) return;
  db = await openSqlite(chinook.path!, { timeoutMs: 60_000 });
});
afterAll(async () => {
  if (noChinook) return;
  await db.close();
});

async function tempSuite(content: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'suite-regen-'));
  const path = join(dir, 'tiny.yaml');
  await writeFile(path, content);
  return path;
}

describe.skipIf(noChinook)('regenerate on Chinook', () => {
  it('writes rows and alt_rows from the database, and a second run changes no byte', async () => {
    const path = await tempSuite(formatSuite(suite));
    const first = await regenerate(path, db);
    // t1 is ordered: besides its sql and alt_sql, its ranked gold and its last tie group
    // (it has a LIMIT) are asked of the database; its ORDER BY orders every row.
    expect(first).toEqual({ changed: true, changedCases: ['t1'], statements: 4, untied: [] });
    const written = await readFile(path, 'utf8');
    const back = parseSuite(written, path);
    expect(back.cases[0]?.rows).toEqual([
      ['Rock', 1297],
      ['Latin', 579],
      ['Metal', 374],
    ]);
    expect(back.cases[0]?.alt_rows).toEqual([[['Rock'], ['Metal'], ['Latin']]]);
    expect(back.cases[1]?.rows).toBeUndefined();

    const second = await regenerate(path, db);
    expect(second).toEqual({ changed: false, changedCases: [], statements: 4, untied: [] });
    expect(await readFile(path, 'utf8')).toBe(written);
  });

  it('normalises a hand-formatted file into the writer form once, then stays put', async () => {
    const path = await tempSuite(formatSuite(suite).replace(/\n/g, '\r\n'));
    await regenerate(path, db);
    const once = await readFile(path, 'utf8');
    expect(once).not.toContain('\r');
    await regenerate(path, db);
    expect(await readFile(path, 'utf8')).toBe(once);
  });

  it('runs only the cases asked for', async () => {
    const path = await tempSuite(formatSuite(suite));
    expect(await regenerate(path, db, { only: ['t2'] })).toEqual({
      changed: false,
      changedCases: [],
      statements: 0,
      untied: [],
    });
    expect(await readFile(path, 'utf8')).toBe(formatSuite(suite));
  });

  it('refuses a suite shipped by a package unless allowPackaged', async () => {
    const path = await tempSuite(formatSuite(suite));
    await writeFile(
      join(path, '..', 'package.json'),
      JSON.stringify({ name: '@x/suites', files: [basename(path)] }),
    );
    const refused = await regenerate(path, db).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RegenerateError);
    expect((refused as RegenerateError).code).toBe('SUITE_PACKAGED');
    expect((refused as RegenerateError).message).toMatch(/@x\/suites.*allowPackaged: true/);
    expect(await readFile(path, 'utf8')).toBe(formatSuite(suite));
    expect((await regenerate(path, db, { allowPackaged: true })).changed).toBe(true);
  });

  it('names the case whose SQL fails and leaves the file alone', async () => {
    const broken = {
      ...suite,
      cases: [{ ...suite.cases[0], sql: 'SELECT Nope FROM Track' }],
    } as EvalSuite;
    const path = await tempSuite(formatSuite(broken));
    const error = await regenerate(path, db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegenerateError);
    expect((error as RegenerateError).code).toBe('QUERY_FAILED');
    expect((error as RegenerateError).message).toMatch(/^case t1: sql failed: .*Nope/);
    expect(await readFile(path, 'utf8')).toBe(formatSuite(broken));
  });
});

describe('toCell', () => {
  it('keeps exact integers and writes blobs and huge integers as text', () => {
    expect(toCell(12n)).toBe(12);
    expect(toCell(2n ** 63n - 1n)).toBe('9223372036854775807');
    expect(toCell(Buffer.from([1, 2]))).toBe('base64:AQI=');
    expect(toCell(-0)).toBe(0);
    expect(toCell(null)).toBeNull();
  });
});

describe('regenerate with a datasource per case', () => {
  it('runs each case on the database its datasource id names, and refuses an id it lacks', async () => {
    const { shopDatabase } = await import('./shop-database.js');
    const shop = await openSqlite(await shopDatabase());
    const other = await openSqlite(
      await shopDatabase(
        "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, email TEXT);\nINSERT INTO customers VALUES (9, 'Zoe', 'z@example.com');",
      ),
    );
    try {
      const on = (id: string, datasource: string): EvalSuite['cases'][number] => ({
        id,
        question: 'Who are the customers?',
        datasource,
        source: { kind: 'imported', file: 'pairs.csv', line: 2 },
        approved: false,
        tags: [],
        order_matters: false,
        outcome: { admin: 'allowed' },
        tables: ['customers'],
        columns: ['customers.id', 'customers.name'],
        sql: 'SELECT name FROM customers ORDER BY id',
      });
      const dir = await mkdtemp(join(tmpdir(), 'nl2sql-regen-routed-'));
      const path = join(dir, 'shop.yaml');
      await writeFile(
        path,
        formatSuite({ name: 'shop', version: 1, cases: [on('a', 'shop'), on('b', 'other')] }),
      );
      const byId = new Map([
        ['shop', shop],
        ['other', other],
      ]);
      const result = await regenerate(path, byId);
      expect(result.changedCases).toEqual(['a', 'b']);
      const written = parseSuite(await readFile(path, 'utf8'), path);
      expect(written.cases.map((c) => c.rows)).toEqual([[['Ada'], ['Brian'], ['Chen']], [['Zoe']]]);
      const bytes = await readFile(path, 'utf8');
      expect((await regenerate(path, byId)).changed).toBe(false);
      expect(await readFile(path, 'utf8')).toBe(bytes);

      await writeFile(path, formatSuite({ name: 'shop', version: 1, cases: [on('c', 'gone')] }));
      const error = await regenerate(path, byId).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RegenerateError);
      expect(error).toMatchObject({ code: 'UNKNOWN_DATASOURCE', caseId: 'c' });
    } finally {
      await shop.close();
      await other.close();
    }
  });
});

describe.skipIf(noChinook)('regenerate with a case frozen in time', () => {
  it("runs the gold with the case's as_of_date for 'now', so its rows are the same any day", async () => {
    const dated: EvalSuite = {
      name: 'dated',
      version: 1,
      cases: [
        {
          id: 'd1',
          question: 'How many invoices were issued in the 30 days before today?',
          datasource: 'chinook',
          source: 'hand',
          tags: ['date'],
          as_of_date: '2013-12-31',
          order_matters: false,
          outcome: { admin: 'allowed' },
          tables: ['Invoice'],
          columns: ['Invoice.InvoiceDate'],
          sql: "SELECT date('now') AS today, COUNT(*) AS invoices FROM Invoice WHERE InvoiceDate >= date('now', '-30 days')",
        },
      ],
    };
    const path = await tempSuite(formatSuite(dated));
    await regenerate(path, db);
    const [c] = parseSuite(await readFile(path, 'utf8'), path).cases;
    // Chinook's invoices end on 2013-12-22: some fall in December 2013, none after.
    expect(c?.rows?.[0]?.[0]).toBe('2013-12-31');
    expect(Number(c?.rows?.[0]?.[1])).toBeGreaterThan(0);
    expect(c?.sql).toContain("date('now')");
  });
});
