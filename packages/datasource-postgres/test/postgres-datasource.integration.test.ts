import { DatasourceError } from '@nl2sql/datasource';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPermissionDenied, PERMISSION_DENIED_MESSAGE } from '../src/index.js';
import {
  DEFAULT_MAX_ROWS,
  openPostgres,
  type PostgresDatasource,
} from '../src/postgres-datasource.js';
import { type ChinookWithRoles, chinookWithRoles, noChinook } from './fixture.js';

let chinook: ChinookWithRoles;
let db: PostgresDatasource;

beforeAll(async () => {
  if (noChinook) return;
  chinook = await chinookWithRoles('ds_chinook');
  db = await openPostgres(chinook.adminUrl, { roles: chinook.roles });
});

afterAll(async () => {
  if (noChinook) return;
  await db?.close();
});

async function failure(pending: Promise<unknown>): Promise<DatasourceError> {
  const error = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatasourceError);
  return error as DatasourceError;
}

/** Backends whose connections say `application_name`, once the count stops changing (at most 3 s). */
async function backends(applicationName: string): Promise<number> {
  const client = new pg.Client({ connectionString: chinook.adminUrl });
  await client.connect();
  try {
    let n = -1;
    for (let i = 0; i < 30; i += 1) {
      const { rows } = await client.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [applicationName],
      );
      n = rows[0].n as number;
      if (n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return n;
  } finally {
    await client.end();
  }
}

async function backendsNow(applicationName: string): Promise<number> {
  const client = new pg.Client({ connectionString: chinook.adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
      [applicationName],
    );
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

describe.skipIf(noChinook)('execute: rows and values', () => {
  it('returns columns in select order and rows in the query order', async () => {
    const result = await db.execute(
      'SELECT "ArtistId", "Name" FROM "Artist" WHERE "ArtistId" IN (1, 2, 3) ORDER BY "ArtistId" DESC;',
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

  it('keeps both columns when two share a name, positionally', async () => {
    const result = await db.execute(
      'SELECT a."ArtistId", r."ArtistId" FROM "Album" a JOIN "Artist" r ON r."ArtistId" = a."ArtistId" WHERE a."AlbumId" = 1',
    );
    expect(result).toMatchObject({ columns: ['ArtistId', 'ArtistId'], rows: [[1, 1]] });
  });

  it('names the columns of an empty result', async () => {
    const result = await db.execute('SELECT "GenreId", "Name" FROM "Genre" WHERE false');
    expect(result).toMatchObject({ columns: ['GenreId', 'Name'], rows: [], truncated: false });
  });

  it('converts values the way the SQLite adapter returns them', async () => {
    const result = await db.execute(
      `SELECT 9007199254740993::int8, 9007199254740991::int8, '-9223372036854775808'::int8, 42::int2,
              1.5::float8, 'NaN'::float8, 0.99::numeric(10,2), 123456789012345678901234567890::numeric,
              true, false, NULL, '\\x00ff10'::bytea, 'Ünïcode'::text,
              '2021-01-01 00:00:00'::timestamp, '2021-01-01'::date, '{"a": 1}'::jsonb, ARRAY[1, 2]`,
    );
    expect(result.rows[0]).toEqual([
      9007199254740993n,
      9007199254740991,
      -9223372036854775808n,
      42,
      1.5,
      Number.NaN,
      0.99,
      123456789012345678901234567890n,
      1,
      0,
      null,
      Buffer.from([0, 255, 16]),
      'Ünïcode',
      '2021-01-01 00:00:00',
      '2021-01-01',
      '{"a": 1}',
      '{1,2}',
    ]);
  });

  it('reads Chinook prices as doubles and dates as the text SQLite stores', async () => {
    const result = await db.execute(
      'SELECT "UnitPrice", "InvoiceDate", "Total" FROM "InvoiceLine" JOIN "Invoice" USING ("InvoiceId") ORDER BY "InvoiceLineId" LIMIT 1',
    );
    expect(result.rows).toEqual([[0.99, '2021-01-01 00:00:00', 1.98]]);
  });

  it('runs VALUES, WITH and parenthesised queries; a trailing semicolon and comment are fine', async () => {
    expect((await db.execute('VALUES (1, 2), (3, 4)')).rows).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect((await db.execute('WITH t AS (SELECT 1 AS x) SELECT x FROM t')).rows).toEqual([[1]]);
    expect((await db.execute('(SELECT 1) UNION ALL (SELECT 2) ORDER BY 1')).rows).toEqual([
      [1],
      [2],
    ]);
    expect((await db.execute("SELECT 'a;b' AS v; -- why not\r")).rows).toEqual([['a;b']]);
    expect((await db.execute('SELECT $q$;$q$ /* ; /* ; */ ; */')).rows).toEqual([[';']]);
  });
});

describe.skipIf(noChinook)('execute: typed errors', () => {
  it('SYNTAX with the server message', async () => {
    const error = await failure(db.execute('SELECT FROM WHERE'));
    expect(error.code).toBe('SYNTAX');
    expect(error.databaseCode).toBe('42601');
    expect(error.databaseMessage).toContain('syntax error');
    expect(error.message).toContain('PostgreSQL postgres@127.0.0.1');
  });

  it('SYNTAX, not sent, for a word no statement starts with and for a second statement', async () => {
    expect((await failure(db.execute('SELEC 1'))).code).toBe('SYNTAX');
    expect((await failure(db.execute('SELECT 1; SELECT 2'))).code).toBe('SYNTAX');
  });

  it('EXECUTION for an unknown column or table', async () => {
    expect(await failure(db.execute('SELECT "Nope" FROM "Artist"'))).toMatchObject({
      code: 'EXECUTION',
      databaseCode: '42703',
    });
    expect(await failure(db.execute('SELECT * FROM "Artists"'))).toMatchObject({
      code: 'EXECUTION',
      databaseCode: '42P01',
    });
  });

  it('READ_ONLY_VIOLATION before sending for anything but a query', async () => {
    for (const sql of ['DELETE FROM "Artist"', 'SET statement_timeout = 0', 'TABLE "Artist"']) {
      const error = await failure(db.execute(sql));
      expect(error.code).toBe('READ_ONLY_VIOLATION');
      expect(error.databaseCode).toBeUndefined();
    }
  });

  it('READ_ONLY_VIOLATION from the server for a write the gate lets through', async () => {
    const error = await failure(db.execute('SELECT * INTO "Copy" FROM "Artist"'));
    expect(error).toMatchObject({ code: 'READ_ONLY_VIOLATION', databaseCode: '25006' });
  });

  it('rejects nonsensical options', async () => {
    await expect(db.execute('SELECT 1', { timeoutMs: 0 })).rejects.toThrow(RangeError);
    await expect(db.execute('SELECT 1', { maxRows: -1 })).rejects.toThrow(RangeError);
    await expect(db.execute('SELECT 1', { maxRows: 1.5 })).rejects.toThrow(RangeError);
  });
});

describe.skipIf(noChinook)('roles: one login each', () => {
  it('runs as the role login, never as the admin', async () => {
    const result = await db.forRole('catalog').execute('SELECT current_user, session_user');
    expect(result.rows).toEqual([[chinook.logins.catalog, chinook.logins.catalog]]);
    expect((await db.execute('SELECT current_user')).rows).toEqual([['postgres']]);
  });

  it('refuses a table outside the grants as PERMISSION_DENIED with a message naming no table', async () => {
    const error = await failure(db.forRole('catalog').execute('SELECT * FROM "Employee"'));
    expect(isPermissionDenied(error)).toBe(true);
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(error.databaseCode).toBe('42501');
    expect(error.message).toContain(PERMISSION_DENIED_MESSAGE);
    for (const text of [error.message, error.databaseMessage ?? '', String(error.cause ?? '')]) {
      expect(text).not.toMatch(/Employee/i);
    }
    // Inside a join or a subquery too.
    const joined = await failure(
      db
        .forRole('sales')
        .execute(
          'SELECT c."FirstName" FROM "Customer" c JOIN "Employee" e ON e."EmployeeId" = c."SupportRepId"',
        ),
    );
    expect(isPermissionDenied(joined)).toBe(true);
  });

  it('reads what the role may read', async () => {
    expect((await db.forRole('catalog').execute('SELECT count(*) FROM "Track"')).rows).toEqual([
      [3503],
    ]);
    expect((await db.forRole('sales').execute('SELECT count(*) FROM "Invoice"')).rows).toEqual([
      [412],
    ]);
  });

  it('lists its roles and refuses one it has no login for', async () => {
    expect(db.roles.sort()).toEqual(['admin', 'catalog', 'sales']);
    expect(() => db.forRole('intern')).toThrow(/no login is configured for role intern/);
  });
});

describe.skipIf(noChinook)('execute: timeout', () => {
  it('cancels past the deadline, and the same connection answers the next query', async () => {
    const single = await openPostgres(chinook.adminUrl, { poolSize: 1 });
    try {
      const [before] = (await single.execute('SELECT pg_backend_pid()')).rows;
      const took: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const started = performance.now();
        const error = await failure(single.execute('SELECT pg_sleep(30)', { timeoutMs: 300 }));
        took.push(performance.now() - started);
        expect(error.code).toBe('TIMEOUT');
        expect(error.message).toContain('300 ms timeout');
        expect((await single.execute('SELECT pg_backend_pid()')).rows).toEqual([before]);
      }
      took.sort((a, b) => a - b);
      expect(took[0]).toBeGreaterThanOrEqual(295);
      expect(took[1]).toBeLessThan(300 + 1000);
    } finally {
      await single.close();
    }
  });

  it('stops a query that keeps sending rows too, keeping the connection', async () => {
    const single = await openPostgres(chinook.adminUrl, { poolSize: 1 });
    try {
      const [before] = (await single.execute('SELECT pg_backend_pid()')).rows;
      const error = await failure(
        single.execute('SELECT generate_series(1, 1000000000)', {
          timeoutMs: 300,
          maxRows: Number.POSITIVE_INFINITY,
        }),
      );
      expect(error.code).toBe('TIMEOUT');
      expect((await single.execute('SELECT pg_backend_pid()')).rows).toEqual([before]);
    } finally {
      await single.close();
    }
  });

  // Issue 25: the query's own transaction sets statement_timeout to its deadline, but never
  // above the role's (30 s here), which stays the server-side ceiling.
  it('sets the deadline as the transaction statement_timeout, never above the role ceiling', async () => {
    const sales = db.forRole('sales');
    const sql = 'SELECT current_setting($$statement_timeout$$)';
    expect((await sales.execute(sql)).rows).toEqual([['5s']]);
    expect((await sales.execute(sql, { timeoutMs: 60_000 })).rows).toEqual([['30s']]);
  });
});

describe.skipIf(noChinook)('execute: row cap', () => {
  it('stops at maxRows and marks the result truncated', async () => {
    expect(
      await db.execute('SELECT "TrackId" FROM "Track" ORDER BY "TrackId"', { maxRows: 5 }),
    ).toMatchObject({ rows: [[1], [2], [3], [4], [5]], truncated: true });
    const exact = await db.execute('SELECT "TrackId" FROM "Track"', { maxRows: 3503 });
    expect([exact.rows.length, exact.truncated]).toEqual([3503, false]);
    const under = await db.execute('SELECT "TrackId" FROM "Track"', { maxRows: 3502 });
    expect([under.rows.length, under.truncated]).toEqual([3502, true]);
  });

  it('caps at 10,000 rows by default and returns everything with Infinity', async () => {
    const capped = await db.execute('SELECT a."GenreId", b."TrackId" FROM "Genre" a, "Track" b');
    expect([capped.rows.length, capped.truncated]).toEqual([DEFAULT_MAX_ROWS, true]);
    const all = await db.execute('SELECT a."GenreId", b."TrackId" FROM "Genre" a, "Track" b', {
      maxRows: Number.POSITIVE_INFINITY,
    });
    expect([all.rows.length, all.truncated]).toEqual([25 * 3503, false]);
    expect(await db.execute('SELECT * FROM "Genre"', { maxRows: 0 })).toMatchObject({
      rows: [],
      truncated: true,
    });
  });

  it('stops a billion-row result after maxRows + 1 rows: the server never produces the rest', async () => {
    const started = performance.now();
    const result = await db.execute('SELECT generate_series(1, 1000000000) AS n', {
      maxRows: 10,
      timeoutMs: 60_000,
    });
    expect(result).toMatchObject({
      rows: [[1], [2], [3], [4], [5], [6], [7], [8], [9], [10]],
      truncated: true,
    });
    // Producing a billion rows takes minutes; stopping after eleven takes milliseconds.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((await db.execute('SELECT 1')).rows).toEqual([[1]]);
  });

  it('closes the connection under a result that grows past maxResultBytes', async () => {
    const small = await openPostgres(chinook.adminUrl, { poolSize: 1, maxResultBytes: 1_000_000 });
    try {
      const error = await failure(
        small.execute("SELECT repeat('x', 50000000)", { timeoutMs: 30_000 }),
      );
      expect(error.code).toBe('EXECUTION');
      expect(error.message).toContain('grew past 1000000 bytes');
      expect((await small.execute('SELECT 2')).rows).toEqual([[2]]);
    } finally {
      await small.close();
    }
  });
});

describe.skipIf(noChinook)('execute: pool, cancellation, lost connections', () => {
  it('answers concurrent queries correctly on a pool of 2', async () => {
    const two = await openPostgres(chinook.adminUrl, { poolSize: 2 });
    try {
      const tables = ['Album', 'Artist', 'Customer', 'Employee', 'Genre', 'Invoice', 'Track'];
      const counts = await Promise.all(
        tables.map((t) => two.execute(`SELECT count(*) FROM "${t}"`).then((r) => r.rows[0]![0])),
      );
      expect(counts).toEqual([347, 275, 59, 8, 25, 412, 3503]);
    } finally {
      await two.close();
    }
  });

  it('cancels a running query through its signal (CANCELLED) and a waiting one', async () => {
    const one = await openPostgres(chinook.adminUrl, { poolSize: 1 });
    try {
      const controller = new AbortController();
      const running = one.execute('SELECT pg_sleep(30)', {
        signal: controller.signal,
        timeoutMs: 60_000,
      });
      const waiting = one.execute('SELECT 1', { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('user pressed stop')), 200);
      const [a, b] = await Promise.all([failure(running), failure(waiting)]);
      expect(a.code).toBe('CANCELLED');
      expect(a.message).toContain('user pressed stop');
      expect(b.code).toBe('CANCELLED');
      expect((await one.execute('SELECT 3')).rows).toEqual([[3]]);
    } finally {
      await one.close();
    }
  });

  it('survives a statement that ends its own backend: CONNECTION, and the pool replaces it', async () => {
    const one = await openPostgres(chinook.adminUrl, { poolSize: 1 });
    try {
      const [before] = (await one.execute('SELECT pg_backend_pid()')).rows;
      const error = await failure(one.execute('SELECT pg_terminate_backend(pg_backend_pid())'));
      expect(error.code).toBe('CONNECTION');
      const [after] = (await one.execute('SELECT pg_backend_pid()')).rows;
      expect(after).not.toEqual(before);
    } finally {
      await one.close();
    }
  });

  it('survives its idle connections being terminated by someone else', async () => {
    const one = await openPostgres(chinook.adminUrl, {
      poolSize: 2,
      applicationName: 'nl2sql-evals-idle',
    });
    try {
      await Promise.all([one.execute('SELECT 1'), one.execute('SELECT 2')]);
      const admin = new pg.Client({ connectionString: chinook.adminUrl });
      await admin.connect();
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'nl2sql-evals-idle'",
      );
      await admin.end();
      await new Promise((r) => setTimeout(r, 100));
      expect((await one.execute('SELECT 4')).rows).toEqual([[4]]);
    } finally {
      await one.close();
    }
  });

  it('close() cancels running queries, refuses new ones and closes every connection', async () => {
    const closing = await openPostgres(chinook.adminUrl, {
      roles: { catalog: chinook.roles.catalog! },
      applicationName: 'nl2sql-evals-close',
    });
    expect(await backendsNow('nl2sql-evals-close')).toBe(2);
    const running = failure(closing.execute('SELECT pg_sleep(30)', { timeoutMs: 60_000 }));
    await new Promise((r) => setTimeout(r, 200));
    await closing.close();
    expect((await running).code).toBe('CANCELLED');
    expect((await failure(closing.execute('SELECT 1'))).code).toBe('CONNECTION');
    expect(await backends('nl2sql-evals-close')).toBe(0);
  });
});

describe.skipIf(noChinook)('introspect and fingerprint', () => {
  it('gives every role the same structure and fingerprint; row counts only where readable', async () => {
    const admin = await db.introspect();
    const catalog = await db.forRole('catalog').introspect();
    expect(await db.forRole('catalog').fingerprint()).toBe(await db.fingerprint());
    const count = (schema: typeof admin, table: string) =>
      schema.tables.find((t) => t.name === table)?.rowCount;
    expect(count(admin, 'Employee')).toBe(8);
    expect(count(catalog, 'Employee')).toBeUndefined();
    expect(count(catalog, 'Track')).toBe(3503);
  });
});
