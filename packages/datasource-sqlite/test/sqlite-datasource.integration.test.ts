import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasourceError } from '@nl2sql/datasource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_ROWS, openSqlite, type SqliteDatasource } from '../src/sqlite-datasource.js';
import { chinookPath, noChinook } from './chinook-path.js';

const ENDLESS =
  'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT max(i) FROM r';
const ENDLESS_ROWS =
  'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT i FROM r';

let file: string;
let chinook: SqliteDatasource;

beforeAll(async () => {
  if (noChinook) return;
  file = await chinookPath();
  chinook = await openSqlite(file);
});

afterAll(async () => {
  await chinook?.close();
});

async function failure(pending: Promise<unknown>): Promise<DatasourceError> {
  const error = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatasourceError);
  return error as DatasourceError;
}

describe.skipIf(noChinook)('execute: rows and values', () => {
  it('returns columns in select order and rows in the query order', async () => {
    const result = await chinook.execute(
      'SELECT ArtistId, Name FROM Artist WHERE ArtistId IN (1, 2, 3) ORDER BY ArtistId DESC;',
    );
    expect(result).toMatchObject({
      columns: ['ArtistId', 'Name'],
      rows: [
        [3, 'Aerosmith'],
        [2, 'Accept'],
        [1, 'AC/DC'],
      ],
      truncated: false,
    });
    expect(result.elapsedMs).toBeGreaterThan(0);
  });

  it('keeps both columns when two share a name', async () => {
    const result = await chinook.execute(
      'SELECT a.Title, r.Name, a.ArtistId, r.ArtistId FROM Album a JOIN Artist r ON r.ArtistId = a.ArtistId WHERE a.AlbumId = 1',
    );
    expect(result.columns).toEqual(['Title', 'Name', 'ArtistId', 'ArtistId:1']);
    expect(result.rows).toEqual([['For Those About To Rock We Salute You', 'AC/DC', 1, 1]]);
  });

  it('keeps values in select order whatever the column names', async () => {
    const result = await chinook.execute('SELECT 2 AS "b", 1 AS "a", \'x\' AS "0z"');
    expect(result.rows).toEqual([[2, 1, 'x']]);
    expect(result.columns).toEqual(['b', 'a', '0z']);
  });

  it('lists columns named like array indexes in select order too', async () => {
    expect(await chinook.execute('SELECT 2, 1, 2')).toMatchObject({
      columns: ['2', '1', '2:1'],
      rows: [[2, 1, 2]],
    });
    expect(await chinook.execute('SELECT Name AS name, 5 AS "1" FROM Genre WHERE 0')).toMatchObject(
      {
        columns: ['name', '1'],
        rows: [],
      },
    );
  });

  it('keeps a column named __proto__, which the driver cannot store as a key', async () => {
    expect(await chinook.execute('SELECT 1 AS "__proto__", 2 AS b')).toMatchObject({
      columns: ['__proto__', 'b'],
      rows: [[1, 2]],
    });
    expect(await chinook.execute('SELECT 2 AS b, 1 AS "__proto__", 3 AS "0"')).toMatchObject({
      columns: ['b', '__proto__', '0'],
      rows: [[2, 1, 3]],
    });
  });

  it('names the columns of an empty result', async () => {
    const result = await chinook.execute('SELECT GenreId, Name FROM Genre WHERE 0');
    expect(result).toMatchObject({ columns: ['GenreId', 'Name'], rows: [], truncated: false });
  });

  it('returns integers beyond 2^53 as exact bigints and safe ones as numbers', async () => {
    const result = await chinook.execute(
      'SELECT 9007199254740993, 9007199254740991, -9223372036854775808, 9223372036854775807, 1.5, NULL',
    );
    expect(result.rows).toEqual([
      [9007199254740993n, 9007199254740991, -9223372036854775808n, 9223372036854775807n, 1.5, null],
    ]);
  });

  it('handles wide results, with exact integers past the first 500 columns', async () => {
    const values = Array.from({ length: 1200 }, (_, i) =>
      i === 1100 ? '9007199254740993' : String(i),
    );
    const result = await chinook.execute(
      `SELECT ${values.map((v, i) => `${v} AS "k${i}"`).join(', ')}`,
    );
    expect(result.columns).toHaveLength(1200);
    expect(result.rows[0]![1100]).toBe(9007199254740993n);
    expect(result.rows[0]![1199]).toBe(1199);
  });

  it('returns blobs as Buffers and text as strings', async () => {
    const result = await chinook.execute(
      "SELECT x'00ff10', 'Ünïcode', typeof(UnitPrice), UnitPrice FROM Track LIMIT 1",
    );
    expect(result.rows[0]![0]).toEqual(Buffer.from([0, 255, 16]));
    expect(result.rows[0]!.slice(1)).toEqual(['Ünïcode', 'real', 0.99]);
  });

  it('runs VALUES and WITH queries', async () => {
    expect((await chinook.execute('VALUES (1, 2), (3, 4)')).rows).toEqual([
      [1, 2],
      [3, 4],
    ]);
    const withQuery = await chinook.execute(
      'WITH big AS (SELECT CustomerId, sum(Total) AS spent FROM Invoice GROUP BY CustomerId) SELECT count(*) FROM big WHERE spent > 45',
    );
    expect(withQuery.rows[0]![0]).toBeTypeOf('number');
  });

  it('accepts a trailing semicolon and comment and a semicolon inside a string', async () => {
    const result = await chinook.execute("SELECT 'a;b' AS v; -- why not\n");
    expect(result.rows).toEqual([['a;b']]);
  });
});

describe.skipIf(noChinook)('execute: typed errors carrying the database message', () => {
  it('SYNTAX for SQL that does not parse', async () => {
    const error = await failure(chinook.execute('SELEC Name FROM Artist'));
    expect(error.code).toBe('SYNTAX');
    expect(error.databaseMessage).toBe('SQLITE_ERROR: near "SELEC": syntax error');
    expect(error.message).toContain(file);
  });

  it('SYNTAX for a second statement', async () => {
    expect((await failure(chinook.execute('SELECT 1; SELECT 2'))).code).toBe('SYNTAX');
  });

  it('EXECUTION for an unknown column or table, with the message SQLite gave', async () => {
    const column = await failure(chinook.execute('SELECT Nope FROM Artist'));
    expect(column).toMatchObject({
      code: 'EXECUTION',
      databaseMessage: 'SQLITE_ERROR: no such column: Nope',
    });
    const table = await failure(chinook.execute('SELECT * FROM Artists'));
    expect(table).toMatchObject({
      code: 'EXECUTION',
      databaseMessage: 'SQLITE_ERROR: no such table: Artists',
    });
  });

  it('READ_ONLY_VIOLATION for anything but a query', async () => {
    const error = await failure(chinook.execute('PRAGMA table_info(Artist)'));
    expect(error.code).toBe('READ_ONLY_VIOLATION');
    expect(error.sql).toBe('PRAGMA table_info(Artist)');
  });

  it('rejects nonsensical options', async () => {
    await expect(chinook.execute('SELECT 1', { timeoutMs: 0 })).rejects.toThrow(RangeError);
    await expect(chinook.execute('SELECT 1', { maxRows: -1 })).rejects.toThrow(RangeError);
  });
});

describe.skipIf(noChinook)('execute: timeout', () => {
  it('interrupts an endless recursive CTE within timeout + 200 ms and the next query on the same connection works', async () => {
    const single = await openSqlite(file, { poolSize: 1 });
    try {
      const timeoutMs = 300;
      const took: number[] = [];
      // Three rounds, judged on the median: one round can be descheduled on a loaded CI box,
      // a slow interrupt path would be slow every time.
      for (let round = 0; round < 3; round += 1) {
        const started = performance.now();
        const error = await failure(single.execute(ENDLESS, { timeoutMs }));
        took.push(performance.now() - started);
        expect(error.code).toBe('TIMEOUT');
        expect(error.databaseMessage).toBe('SQLITE_INTERRUPT: interrupted');
        expect(error.sql).toBe(ENDLESS);
        expect((await single.execute('SELECT count(*) FROM Track')).rows).toEqual([[3503]]);
      }
      took.sort((a, b) => a - b);
      expect(took[0]).toBeGreaterThanOrEqual(timeoutMs - 5);
      expect(took[1]).toBeLessThan(timeoutMs + 200);
    } finally {
      await single.close();
    }
  });

  it('uses the datasource default timeout', async () => {
    const quick = await openSqlite(file, { timeoutMs: 100 });
    try {
      expect((await failure(quick.execute(ENDLESS))).code).toBe('TIMEOUT');
    } finally {
      await quick.close();
    }
  });
});

describe.skipIf(noChinook)('execute: row cap', () => {
  it('stops at maxRows and marks the result truncated', async () => {
    const result = await chinook.execute('SELECT TrackId FROM Track ORDER BY TrackId', {
      maxRows: 5,
    });
    expect(result).toMatchObject({ rows: [[1], [2], [3], [4], [5]], truncated: true });
  });

  it('is not truncated when the rows exactly fit', async () => {
    const exact = await chinook.execute('SELECT TrackId FROM Track', { maxRows: 3503 });
    expect([exact.rows.length, exact.truncated]).toEqual([3503, false]);
    const under = await chinook.execute('SELECT TrackId FROM Track', { maxRows: 3502 });
    expect([under.rows.length, under.truncated]).toEqual([3502, true]);
  });

  it('caps at 10,000 rows by default', async () => {
    const result = await chinook.execute('SELECT a.GenreId, b.TrackId FROM Genre a, Track b');
    expect([result.rows.length, result.truncated]).toEqual([DEFAULT_MAX_ROWS, true]);
    const fits = await chinook.execute('SELECT * FROM PlaylistTrack');
    expect([fits.rows.length, fits.truncated]).toEqual([8715, false]);
  });

  it('stops reading an endless result instead of running into the timeout', async () => {
    const result = await chinook.execute(ENDLESS_ROWS, { maxRows: 10, timeoutMs: 60_000 });
    expect(result).toMatchObject({
      rows: [[1], [2], [3], [4], [5], [6], [7], [8], [9], [10]],
      truncated: true,
    });
  });

  it('returns everything with maxRows Infinity and only the flag with 0', async () => {
    expect(
      (await chinook.execute('SELECT * FROM PlaylistTrack', { maxRows: Number.POSITIVE_INFINITY }))
        .rows,
    ).toHaveLength(8715);
    expect(await chinook.execute('SELECT * FROM Genre', { maxRows: 0 })).toMatchObject({
      rows: [],
      truncated: true,
    });
  });
});

describe.skipIf(noChinook)('execute: pool, cancellation and close', () => {
  it('answers concurrent queries correctly', async () => {
    const tables = [
      'Album',
      'Artist',
      'Customer',
      'Employee',
      'Genre',
      'Invoice',
      'InvoiceLine',
      'MediaType',
      'Playlist',
      'PlaylistTrack',
      'Track',
    ];
    const counts = await Promise.all(
      [...tables, ...tables].map(
        async (t) => (await chinook.execute(`SELECT count(*) FROM ${t}`)).rows[0]![0],
      ),
    );
    expect(counts.slice(0, 11)).toEqual([347, 275, 59, 8, 25, 412, 2240, 5, 18, 8715, 3503]);
    expect(counts.slice(11)).toEqual(counts.slice(0, 11));
  });

  it('serves a quick query on another connection while a slow one runs', async () => {
    const order: string[] = [];
    const slow = chinook.execute(ENDLESS, { timeoutMs: 1000 }).catch(() => order.push('slow'));
    await chinook.execute('SELECT 1').then(() => order.push('quick'));
    await slow;
    expect(order).toEqual(['quick', 'slow']);
  });

  it('queues beyond the pool size', async () => {
    const single = await openSqlite(file, { poolSize: 1 });
    try {
      const order: string[] = [];
      const slow = single.execute(ENDLESS, { timeoutMs: 200 }).catch(() => order.push('slow'));
      const quick = single.execute('SELECT 1').then(() => order.push('quick'));
      await Promise.all([slow, quick]);
      expect(order).toEqual(['slow', 'quick']);
    } finally {
      await single.close();
    }
  });

  it('cancels a running query through its AbortSignal and keeps the connection', async () => {
    const single = await openSqlite(file, { poolSize: 1 });
    try {
      const controller = new AbortController();
      const running = single.execute(ENDLESS, { signal: controller.signal, timeoutMs: 60_000 });
      setTimeout(() => controller.abort(new Error('user pressed stop')), 50);
      const error = await failure(running);
      expect(error.code).toBe('CANCELLED');
      expect(error.message).toContain('user pressed stop');
      expect((await single.execute('SELECT 2')).rows).toEqual([[2]]);
    } finally {
      await single.close();
    }
  });

  it('cancels a query still waiting for a connection', async () => {
    const single = await openSqlite(file, { poolSize: 1 });
    try {
      const slow = single.execute(ENDLESS, { timeoutMs: 300 }).catch((e: unknown) => e);
      const controller = new AbortController();
      const waiting = single.execute('SELECT 1', { signal: controller.signal });
      controller.abort();
      expect((await failure(waiting)).code).toBe('CANCELLED');
      expect(((await slow) as DatasourceError).code).toBe('TIMEOUT');
    } finally {
      await single.close();
    }
  });

  it('close() cancels running queries and refuses new ones', async () => {
    const closing = await openSqlite(file);
    const running = failure(closing.execute(ENDLESS, { timeoutMs: 60_000 }));
    await new Promise((r) => setTimeout(r, 30));
    await closing.close();
    expect((await running).code).toBe('CANCELLED');
    expect((await failure(closing.execute('SELECT 1'))).code).toBe('CONNECTION');
  });
});

describe('openSqlite', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'nl2sql-open-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('fails with CONNECTION for a missing file and does not create it', async () => {
    const missing = join(scratch, 'missing.sqlite');
    const error = await failure(openSqlite(missing));
    expect(error.code).toBe('CONNECTION');
    expect(error.message).toContain(missing);
    expect(existsSync(missing)).toBe(false);
  });

  it('fails with CONNECTION for a file that is not a database', async () => {
    const text = join(scratch, 'notes.txt');
    writeFileSync(
      text,
      'this is not a database, just some text that is long enough to look like a header',
    );
    expect((await failure(openSqlite(text))).code).toBe('CONNECTION');
  });

  it('rejects a pool size that is not a positive integer', async () => {
    // Options are checked before the path, so any path shows it.
    await expect(openSqlite(join(scratch, 'x.sqlite'), { poolSize: 0 })).rejects.toThrow(
      RangeError,
    );
  });

  it.each([
    [{ maxValueBytes: 0 }, /maxValueBytes must be an integer from 1 to 1000000000, got 0/],
    [{ maxValueBytes: 1.5 }, /maxValueBytes/],
    [{ maxValueBytes: 2_000_000_000 }, /maxValueBytes/],
    [{ maxResultBytes: 0 }, /maxResultBytes must be a positive integer or Infinity, got 0/],
    [{ maxResultBytes: Number.NaN }, /maxResultBytes/],
  ])('rejects limits out of range: %o', async (options, message) => {
    await expect(openSqlite(join(scratch, 'x.sqlite'), options)).rejects.toThrow(message);
  });
});
