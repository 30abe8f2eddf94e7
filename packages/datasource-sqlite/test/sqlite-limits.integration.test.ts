import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasourceError, type DatasourceErrorCode } from '@nl2sql/datasource';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteConnection } from '../src/sqlite-connection.js';
import { openSqlite, type SqliteDatasource } from '../src/sqlite-datasource.js';
import {
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_MAX_VALUE_BYTES,
  heapLimitBytes,
  MAX_STATEMENT_BYTES,
  SQL_LENGTH_LIMIT,
} from '../src/sqlite-limits.js';

// One query must not be able to exhaust the evaluator's memory or outlive its timeout. Every
// known way of growing a value, a row or a result is tried through the datasource on one
// connection; each must end quickly with a typed error, and the next query on the same pool
// must still work. The database is a small file made here, so these tests never skip.

const TIMEOUT_MS = 1500;
/** "Quickly": the errors below come from limits, not from the timeout. */
const QUICK_MS = 1000;
const ENDLESS = 'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r)';
/** 10,000 rows: with a 1,000-byte value each, 10 MB, more than twice the value limit. */
const ROWS = 'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 10000)';
const KB = "printf('%.*c', 1000, 'x')";

let scratch: string;
let file: string;
let datasource: SqliteDatasource;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'nl2sql-limits-'));
  file = join(scratch, 'limits.sqlite');
  await new Promise<void>((resolve, reject) => {
    const db = new sqlite3.Database(file, (error) => {
      if (error) return reject(error);
      db.exec(
        `CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
         INSERT INTO t (name) SELECT 'row ' || i FROM n;
         CREATE TABLE big (b BLOB);
         INSERT INTO big VALUES (zeroblob(2000));`,
        (e) => (e ? reject(e) : db.close((c) => (c ? reject(c) : resolve()))),
      );
    });
  });
  // One connection: every attack and the query after it share it.
  datasource = await openSqlite(file, { poolSize: 1, timeoutMs: TIMEOUT_MS });
});

afterAll(async () => {
  await datasource?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function attack(
  sql: string,
  on: SqliteDatasource = datasource,
): Promise<{ error: DatasourceError; ms: number }> {
  const started = performance.now();
  const error = await on.execute(sql).then(
    () => undefined,
    (e: unknown) => e,
  );
  const ms = performance.now() - started;
  expect(error, `ran: ${sql.slice(0, 120)}`).toBeInstanceOf(DatasourceError);
  // The same pool (one connection) answers the next query.
  expect((await on.execute('SELECT count(*) FROM t')).rows).toEqual([[100]]);
  return { error: error as DatasourceError, ms };
}

function expectRefused(
  got: { error: DatasourceError; ms: number },
  code: DatasourceErrorCode,
  within = QUICK_MS,
): void {
  expect(got.error.code, got.error.message).toBe(code);
  expect(got.ms).toBeLessThan(within);
  expect(got.error.message).not.toContain('\n');
}

describe('one value cannot grow past maxValueBytes', () => {
  it.each([
    ['zeroblob', 'SELECT zeroblob(1e9)'],
    ['zeroblob inside length()', 'SELECT length(zeroblob(1e9))'],
    ['randomblob', 'SELECT randomblob(1e9)'],
    ['one byte over the limit', `SELECT zeroblob(${DEFAULT_MAX_VALUE_BYTES + 1})`],
    ['hex doubles a blob', 'SELECT hex(zeroblob(3000000))'],
    ['quote doubles a blob', 'SELECT quote(zeroblob(3000000))'],
    ['a blob cast to text', 'SELECT CAST(zeroblob(5000000) AS TEXT)'],
    ['concatenation', "SELECT x'00' || zeroblob(5000000)"],
    ['concat()', 'SELECT concat(zeroblob(3000000), zeroblob(3000000))'],
    ['concat_ws()', "SELECT concat_ws(',', zeroblob(3000000), zeroblob(3000000))"],
    ['unhex of a long hex text', 'SELECT unhex(hex(zeroblob(3000000)))'],
    ['substr keeps the limit', 'SELECT substr(zeroblob(1e9), 1, 10)'],
    [
      'concatenation doubling in a recursive CTE',
      "WITH RECURSIVE r(s) AS (SELECT 'x' UNION ALL SELECT s || s FROM r) SELECT max(length(s)) FROM r",
    ],
    [
      'replace() growth in a recursive CTE',
      "WITH RECURSIVE r(s) AS (SELECT 'xy' UNION ALL SELECT replace(s, 'x', 'xx') || s FROM r) SELECT length(s) FROM r",
    ],
    [
      'char() doubling in a recursive CTE',
      'WITH RECURSIVE r(s) AS (SELECT char(1114111, 65, 66) UNION ALL SELECT s || s || char(1114111) FROM r) SELECT length(s) FROM r',
    ],
    [
      'upper() over a doubling string',
      "WITH RECURSIVE r(s) AS (SELECT 'é' UNION ALL SELECT upper(s) || lower(s) FROM r) SELECT length(s) FROM r",
    ],
    ['group_concat over many rows', `${ROWS} SELECT group_concat(${KB}, '') FROM r`],
    ['string_agg over many rows', `${ROWS} SELECT string_agg(${KB}, '') FROM r`],
    ['json_group_array over many rows', `${ROWS} SELECT json_group_array(${KB}) FROM r`],
    ['group_concat of blobs', `${ROWS} SELECT group_concat(zeroblob(1000), '') FROM r`],
  ])('%s: VALUE_TOO_LARGE', async (_, sql) => {
    const got = await attack(sql);
    expectRefused(got, 'VALUE_TOO_LARGE');
    expect(got.error.message).toContain(
      `longer than ${DEFAULT_MAX_VALUE_BYTES} bytes (maxValueBytes)`,
    );
    expect(got.error.databaseMessage).toContain('string or blob too big');
  });

  it.each([
    ['printf precision', "SELECT printf('%.*c', 1000000000, 'x')"],
    ['printf width', "SELECT printf('%*d', 1000000000, 1)"],
    ['format zero padding', "SELECT format('%0*d', 1000000000, 1)"],
    [
      'printf of two long strings',
      "SELECT printf('%s%s', hex(randomblob(1500000)), hex(randomblob(1500000)))",
    ],
  ])('%s: SQLite stops printf at the limit and yields NULL', async (_, sql) => {
    // printf reports no error when its output would pass the limit: it returns NULL. What
    // matters here is that nothing large is built and the answer comes at once.
    const started = performance.now();
    expect((await datasource.execute(sql)).rows).toEqual([[null]]);
    expect(performance.now() - started).toBeLessThan(QUICK_MS);
  });

  it('returns a value of exactly maxValueBytes', async () => {
    const result = await datasource.execute(`SELECT length(zeroblob(${DEFAULT_MAX_VALUE_BYTES}))`);
    expect(result.rows).toEqual([[DEFAULT_MAX_VALUE_BYTES]]);
  });

  it('applies a configured maxValueBytes to values made and values stored', async () => {
    const small = await openSqlite(file, { poolSize: 1, maxValueBytes: 1000 });
    try {
      expect((await small.execute('SELECT length(zeroblob(1000))')).rows).toEqual([[1000]]);
      const made = await attack('SELECT zeroblob(1001)', small);
      expectRefused(made, 'VALUE_TOO_LARGE');
      expect(made.error.message).toContain('longer than 1000 bytes (maxValueBytes)');
      // The table holds a 2000-byte blob: SQLite refuses to load it at all, even for length().
      expectRefused(await attack('SELECT b FROM big', small), 'VALUE_TOO_LARGE');
      expectRefused(await attack('SELECT length(b) FROM big', small), 'VALUE_TOO_LARGE');
      expect((await small.execute('SELECT count(*) FROM big')).rows).toEqual([[1]]);
    } finally {
      await small.close();
    }
  });
});

describe('a growth loop that never finishes meets the timeout', () => {
  it.each([
    ['group_concat over endless rows', `${ENDLESS} SELECT group_concat('xxxxxxxxxx', '') FROM r`],
    [
      'replace() capped by substr, endlessly',
      `${ENDLESS.replace('r(i)', 'r(i, s)').replace('SELECT 1 UNION', "SELECT 1, 'x' UNION").replace('SELECT i + 1 FROM r', "SELECT i + 1, substr(replace(s, 'x', 'xx'), 1, 1000000) FROM r")} SELECT max(length(s)) FROM r`,
    ],
  ])('%s: TIMEOUT within 1.5x the timeout', async (_, sql) => {
    const got = await attack(sql);
    expectRefused(got, 'TIMEOUT', TIMEOUT_MS * 1.5);
    expect(got.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
  });
});

describe('many values cannot add up past the limits', () => {
  it('rows of large values stop at maxResultBytes: RESULT_TOO_LARGE', async () => {
    const got = await attack(`${ENDLESS} SELECT zeroblob(4000000) FROM r`);
    expectRefused(got, 'RESULT_TOO_LARGE');
    expect(got.error.message).toMatch(
      new RegExp(
        `the rows passed ${DEFAULT_MAX_RESULT_BYTES} bytes \\(maxResultBytes\\) after \\d+ rows`,
      ),
    );
  });

  it('one row of many large values stops at the heap limit: RESULT_TOO_LARGE', async () => {
    const columns = Array.from({ length: 40 }, () => 'randomblob(4000000)').join(', ');
    const got = await attack(`SELECT ${columns}`);
    expectRefused(got, 'RESULT_TOO_LARGE');
    expect(got.error.databaseCode).toBe('SQLITE_NOMEM');
    expect(got.error.message).toContain(
      `more than the ${heapLimitBytes(DEFAULT_MAX_VALUE_BYTES)} bytes`,
    );
  });

  it('applies a configured maxResultBytes and keeps the connection usable', async () => {
    const small = await openSqlite(file, { poolSize: 1, maxResultBytes: 1000 });
    try {
      // About 22 bytes a row: 8 for the id, 6 or 7 characters of name, 8 for the adapter's
      // exact-integer column.
      expect((await small.execute('SELECT id, name FROM t LIMIT 30')).rows).toHaveLength(30);
      const got = await attack('SELECT id, name FROM t', small);
      expectRefused(got, 'RESULT_TOO_LARGE');
      expect(got.error.message).toContain('the rows passed 1000 bytes (maxResultBytes)');
      await expect(small.execute('SELECT id, name FROM t', { maxRows: 10 })).resolves.toMatchObject(
        { truncated: true },
      );
    } finally {
      await small.close();
    }
  });
});

describe('a statement cannot be larger or deeper than SQLite handles quickly', () => {
  it('refuses a statement over MAX_STATEMENT_BYTES before the database compiles it', async () => {
    const sql = `SELECT '${'x'.repeat(MAX_STATEMENT_BYTES)}'`;
    const got = await attack(sql);
    expectRefused(got, 'QUERY_TOO_COMPLEX');
    expect(got.error.message).toContain(
      `the statement is ${MAX_STATEMENT_BYTES + 9} bytes long; at most ${MAX_STATEMENT_BYTES} are accepted`,
    );
  });

  it('counts bytes, not characters', async () => {
    const sql = `SELECT '${'é'.repeat(MAX_STATEMENT_BYTES / 2)}'`;
    expectRefused(await attack(sql), 'QUERY_TOO_COMPLEX');
  });

  it.each([
    [
      'expression depth',
      `SELECT ${Array.from({ length: 1100 }, () => '1').join(' + ')}`,
      /Expression tree is too large/,
    ],
    [
      'compound terms',
      Array.from({ length: 501 }, () => 'SELECT 1').join(' UNION ALL '),
      /too many terms in compound SELECT/,
    ],
    [
      'function arguments',
      `SELECT char(${Array.from({ length: 1001 }, () => '65').join(', ')})`,
      /too many arguments on function char/,
    ],
    [
      'LIKE pattern length',
      `SELECT 'a' LIKE '${'%a'.repeat(25_001)}'`,
      /LIKE or GLOB pattern too complex/,
    ],
    ['variable number', 'SELECT ?32767', /variable number must be between \?1 and \?32766/],
  ])("%s: QUERY_TOO_COMPLEX with SQLite's message", async (_, sql, message) => {
    const got = await attack(sql);
    expectRefused(got, 'QUERY_TOO_COMPLEX');
    expect(got.error.databaseMessage).toMatch(message);
  });
});

describe('the connection itself', () => {
  let connection: SqliteConnection;
  beforeAll(async () => {
    connection = await SqliteConnection.open(file);
  });
  afterAll(async () => {
    await connection?.close();
  });

  it('refuses a value over the limit even without the adapter', async () => {
    await expect(
      connection.all(`SELECT zeroblob(${DEFAULT_MAX_VALUE_BYTES + 1})`),
    ).rejects.toMatchObject({ code: 'SQLITE_TOOBIG' });
  });

  it('refuses statement text over SQL_LENGTH_LIMIT', async () => {
    await expect(connection.all(`SELECT '${'x'.repeat(SQL_LENGTH_LIMIT)}'`)).rejects.toMatchObject({
      code: 'SQLITE_TOOBIG',
      message: expect.stringContaining('statement too long'),
    });
  });

  it("has lowered SQLite's process-wide heap limit", async () => {
    const [row] = await connection.all('PRAGMA hard_heap_limit');
    const limit = Number(Object.values(row!)[0]);
    expect(limit).toBeGreaterThan(0);
    expect(limit).toBeLessThanOrEqual(heapLimitBytes(DEFAULT_MAX_VALUE_BYTES));
  });

  it('stops a statement from its row callback', async () => {
    let seen = 0;
    const outcome = await connection
      .each(`${ENDLESS} SELECT i FROM r`, () => {
        seen += 1;
        return seen < 10;
      })
      .then(
        () => 'finished',
        (e: unknown) => (e as { code?: string }).code,
      );
    expect(outcome).toBe('SQLITE_INTERRUPT');
    expect(seen).toBe(10);
    expect(await connection.all('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
