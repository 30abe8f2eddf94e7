import { mkdirSync, writeFileSync } from 'node:fs';
import { DatasourceError } from '@nl2sql/datasource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DuckdbDatasource, openDuckdb } from '../src/index.js';
import { makeDuckdb, scratch } from './fixture.js';

const dir = scratch('datasource');
let db: DuckdbDatasource;

beforeAll(async () => {
  await makeDuckdb(dir.path('small.duckdb'), [
    'CREATE TABLE t (id INTEGER PRIMARY KEY, name VARCHAR NOT NULL, price DECIMAL(10,2), stamp TIMESTAMP, day DATE, big BIGINT, flag BOOLEAN, data BLOB)',
    "INSERT INTO t VALUES (1, 'a', 0.99, '2009-01-01 00:00:00', '2009-01-02', 9007199254740993, true, '\\xAB\\x01'::BLOB), (2, 'b', 2.00, NULL, NULL, 12, false, NULL)",
    'CREATE TABLE u (id INTEGER, t_id INTEGER REFERENCES t (id), PRIMARY KEY (id))',
    'CREATE VIEW v AS SELECT id, name FROM t',
  ]);
  db = await openDuckdb(dir.path('small.duckdb'), { poolSize: 2 });
});

afterAll(async () => {
  await db?.close();
  dir.remove();
});

async function failure(pending: Promise<unknown>): Promise<DatasourceError> {
  const error = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatasourceError);
  return error as DatasourceError;
}

describe('execute: values', () => {
  it('gives the contract cells: exact integers, doubles for DECIMAL, text for dates, 1/0, Buffers', async () => {
    const result = await db.execute('SELECT * FROM t ORDER BY id');
    expect(result.columns).toEqual(['id', 'name', 'price', 'stamp', 'day', 'big', 'flag', 'data']);
    expect(result.rows).toEqual([
      [
        1,
        'a',
        0.99,
        '2009-01-01 00:00:00',
        '2009-01-02',
        9007199254740993n,
        1,
        Buffer.from([0xab, 1]),
      ],
      [2, 'b', 2, null, null, 12, 0, null],
    ]);
    expect(result.truncated).toBe(false);
  });

  it('keeps duplicate column names in select order, and exact sums of DECIMAL', async () => {
    const result = await db.execute('SELECT 1 AS a, 2 AS a, 3 AS "2", sum(price) AS s FROM t');
    expect(result.columns).toEqual(['a', 'a', '2', 's']);
    expect(result.rows).toEqual([[1, 2, 3, 2.99]]);
  });

  it("accepts WITH, VALUES and DuckDB's FROM-first queries", async () => {
    expect((await db.execute('WITH x AS (SELECT 5 AS n) SELECT n FROM x')).rows).toEqual([[5]]);
    expect((await db.execute('VALUES (1), (2)')).rows).toEqual([[1], [2]]);
    expect((await db.execute('FROM v SELECT name ORDER BY id;')).rows).toEqual([['a'], ['b']]);
  });
});

describe('execute: the gate', () => {
  it('refuses more than one statement, an empty text and non-queries before running them', async () => {
    expect((await failure(db.execute('SELECT 1; SELECT 2'))).code).toBe('SYNTAX');
    expect((await failure(db.execute('  -- nothing\n ;'))).code).toBe('SYNTAX');
    const explain = await failure(db.execute('EXPLAIN SELECT 1'));
    expect(explain.code).toBe('READ_ONLY_VIOLATION');
    expect(explain.message).toMatch(/statement is EXPLAIN/);
    for (const sql of [
      'PRAGMA enable_profiling',
      'CALL pragma_version()',
      'CHECKPOINT',
      'CREATE TEMP TABLE x (a INT)',
    ]) {
      expect((await failure(db.execute(sql))).code, sql).toBe('READ_ONLY_VIOLATION');
    }
  });

  it("gives DuckDB's own message for a syntax or binder error", async () => {
    const syntax = await failure(db.execute('SELEC 1'));
    expect(syntax.code).toBe('SYNTAX');
    expect(syntax.databaseMessage).toMatch(/Parser Error: syntax error at or near "SELEC"/);
    const binder = await failure(db.execute('SELECT nope FROM t'));
    expect(binder.code).toBe('EXECUTION');
    expect(binder.databaseCode).toBe('Binder');
  });

  it('refuses statements over MAX_STATEMENT_BYTES as QUERY_TOO_COMPLEX', async () => {
    const long = `SELECT 1 ${' '.repeat(100_001)}`;
    expect((await failure(db.execute(long))).code).toBe('QUERY_TOO_COMPLEX');
  });
});

describe('execute: caps, timeout and cancellation', () => {
  it('stops at maxRows + 1 rows and marks the result truncated, even over an endless range', async () => {
    const started = performance.now();
    const result = await db.execute('SELECT * FROM range(10000000000)', { maxRows: 5 });
    expect(result.rows).toEqual([[0], [1], [2], [3], [4]]);
    expect(result.truncated).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
    const exact = await db.execute('SELECT * FROM range(5)', { maxRows: 5 });
    expect(exact.truncated).toBe(false);
  });

  it('refuses a value over maxValueBytes and rows over maxResultBytes', async () => {
    expect((await failure(db.execute("SELECT repeat('x', 5000000)"))).code).toBe('VALUE_TOO_LARGE');
    const small = await openDuckdb(db.file, { maxResultBytes: 10_000, maxRows: 1_000_000 });
    try {
      expect((await failure(small.execute("SELECT repeat('x', 100) FROM range(1000)"))).code).toBe(
        'RESULT_TOO_LARGE',
      );
      expect((await small.execute("SELECT repeat('x', 100) FROM range(10)")).rows).toHaveLength(10);
    } finally {
      await small.close();
    }
  });

  it('interrupts a heavy cross join near the deadline; the connection is usable after', async () => {
    const started = performance.now();
    const error = await failure(
      db.execute(
        'SELECT count(*) FROM range(100000000) a, range(100000000) b WHERE a.range + b.range = 7',
        {
          timeoutMs: 300,
        },
      ),
    );
    const elapsed = performance.now() - started;
    expect(error.code).toBe('TIMEOUT');
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1500);
    // Every pooled connection answers afterwards (the interrupted one included).
    const after = await Promise.all([db.execute('SELECT 42'), db.execute('SELECT 43')]);
    expect(after.map((r) => r.rows)).toEqual([[[42]], [[43]]]);
  });

  it('cancels a running query when the signal fires', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(
      db.execute(
        'SELECT count(*) FROM range(100000000) a, range(100000000) b WHERE a.range = b.range + 7',
        {
          signal: controller.signal,
          timeoutMs: 60_000,
        },
      ),
    );
    expect(error.code).toBe('CANCELLED');
    expect((await db.execute('SELECT 1')).rows).toEqual([[1]]);
  });

  it('refuses bad limits with a RangeError', async () => {
    await expect(db.execute('SELECT 1', { timeoutMs: 0 })).rejects.toThrow(RangeError);
    await expect(db.execute('SELECT 1', { maxRows: -1 })).rejects.toThrow(RangeError);
  });
});

describe('introspect', () => {
  it('lists tables and views with types, nullability, primary and foreign keys and row counts', async () => {
    const schema = await db.introspect();
    expect(schema.tables.map((t) => [t.name, t.kind, t.schema])).toEqual([
      ['t', 'table', 'main'],
      ['u', 'table', 'main'],
      ['v', 'view', 'main'],
    ]);
    const [t, u] = schema.tables;
    expect(t!.columns.slice(0, 3)).toEqual([
      { name: 'id', type: 'INTEGER', nullable: false, primaryKey: true },
      { name: 'name', type: 'VARCHAR', nullable: false, primaryKey: false },
      { name: 'price', type: 'DECIMAL(10,2)', nullable: true, primaryKey: false },
    ]);
    expect(t!.rowCount).toBe(2);
    expect(u!.primaryKey).toEqual(['id']);
    expect(u!.foreignKeys).toEqual([
      { columns: ['t_id'], referencedTable: 't', referencedColumns: ['id'] },
    ]);
    expect(await db.fingerprint()).toBe(await db.fingerprint());
  });
});

describe('roles', () => {
  it('records the roles it was given as unenforced and offers no per-role login', async () => {
    const withRoles = await openDuckdb(db.file, { roles: ['analyst', 'support'] });
    try {
      expect(withRoles.unenforcedRoles).toEqual(['analyst', 'support']);
      expect((withRoles as { roles?: unknown }).roles).toBeUndefined();
      expect((withRoles as { forRole?: unknown }).forRole).toBeUndefined();
    } finally {
      await withRoles.close();
    }
  });
});

describe('openDuckdb: the path', () => {
  it('says in one line what is wrong with a path that is not a DuckDB file', async () => {
    mkdirSync(dir.path('folder'));
    writeFileSync(dir.path('empty.duckdb'), '');
    writeFileSync(dir.path('text.duckdb'), 'hello, this is not a database at all');
    writeFileSync(
      dir.path('lite.db'),
      Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(100)]),
    );
    const cases: [string, RegExp][] = [
      [dir.path('missing.duckdb'), /no such file/],
      [dir.path('folder'), /is a directory/],
      [dir.path('empty.duckdb'), /empty \(0 bytes\)/],
      [dir.path('text.duckdb'), /not a DuckDB database/],
      [dir.path('lite.db'), /is a SQLite file/],
    ];
    for (const [path, reason] of cases) {
      const error = await failure(openDuckdb(path));
      expect(error.code, path).toBe('CONNECTION');
      expect(error.message, path).toMatch(reason);
      expect(error.message).not.toMatch(/\n/);
    }
  });

  it('refuses queries after close', async () => {
    const other = await openDuckdb(db.file);
    await other.close();
    expect((await failure(other.execute('SELECT 1'))).code).toBe('CONNECTION');
  });
});
