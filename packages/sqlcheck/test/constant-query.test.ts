import { describe, expect, it } from 'vitest';
import type { SqlDialect } from '../src/index.js';
import { constantQuery, runChecks } from '../src/index.js';
import { BENIGN_CHINOOK } from './fixtures/chinook-corpus.js';
import { BENIGN_CHINOOK_POSTGRES } from './fixtures/chinook-postgres-corpus.js';
import { CHINOOK } from './fixtures/chinook-schema.js';

const reason = async (sql: string, dialect: SqlDialect = 'sqlite') =>
  (await constantQuery(sql, dialect)).reason ?? 'not constant';

describe('constantQuery: a hard-coded answer (issue 10 item 3)', () => {
  const readsNoTable = [
    "SELECT 'Rock' AS Name",
    'SELECT 3',
    "SELECT 1 + 2 AS n, upper('rock') AS g",
    "VALUES (1, 'a'), (2, 'b')",
    "WITH x AS (SELECT 'Rock' AS Name) SELECT Name FROM x",
    'WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5) SELECT n FROM c',
    'SELECT v.x FROM (VALUES (1), (2)) AS v(x)',
    'SELECT (SELECT 42) AS answer',
    "SELECT date('now')",
  ];
  for (const sql of readsNoTable) {
    it(`reads-no-table: ${sql}`, async () => {
      expect(await reason(sql)).toBe('reads-no-table');
    });
  }

  const constantValues = [
    'SELECT 3 FROM Track LIMIT 1',
    "SELECT 'Rock' WHERE EXISTS (SELECT 1 FROM Genre WHERE Name = 'Rock')",
    "SELECT DISTINCT 'x' AS a, 1 + 1 AS b FROM Track GROUP BY GenreId",
    "WITH x AS (SELECT 'Rock' AS Name FROM Genre LIMIT 1) SELECT Name FROM x",
    'SELECT s.n FROM (SELECT 7 AS n FROM Album) s',
    "SELECT * FROM (SELECT 'a' AS p, 2 AS q FROM Album) s",
    "SELECT 'Rock' FROM Genre UNION SELECT 'Jazz' FROM Genre",
    "SELECT t.Name, 'x' FROM (SELECT 'Rock' AS Name FROM Genre) t",
    "SELECT (SELECT 'x') FROM Track LIMIT 1",
  ];
  for (const sql of constantValues) {
    it(`constant-values: ${sql}`, async () => {
      expect(await reason(sql)).toBe('constant-values');
    });
  }

  const readsData = [
    'SELECT Name FROM Genre LIMIT 1',
    'SELECT COUNT(*) FROM Track',
    'SELECT MAX(3) FROM Track',
    'SELECT ROW_NUMBER() OVER () FROM Track LIMIT 3',
    "SELECT 'Rock', Name FROM Genre LIMIT 1",
    "SELECT 'Rock' FROM Genre UNION SELECT Name FROM Genre",
    'SELECT (SELECT Name FROM Genre LIMIT 1) AS g',
    'SELECT EXISTS (SELECT 1 FROM Genre) AS any_genre',
    'SELECT * FROM Genre LIMIT 1',
    'WITH x AS (SELECT Name FROM Genre) SELECT Name FROM x',
    'SELECT s.n FROM (SELECT GenreId AS n FROM Genre) s',
  ];
  for (const sql of readsData) {
    it(`not constant: ${sql}`, async () => {
      expect(await reason(sql)).toBe('not constant');
    });
  }

  it('reports an error, not a verdict, for text that is not one query', async () => {
    const r = await constantQuery('SELECT 1; SELECT 2', 'sqlite');
    expect(r.constant).toBe(false);
    expect(r.error).toMatch(/multiple-statements/);
  });

  it('works for PostgreSQL', async () => {
    expect(await reason('SELECT \'Rock\'::text AS "Name"', 'postgres')).toBe('reads-no-table');
    expect(await reason('SELECT 3 FROM "Track" LIMIT 1', 'postgres')).toBe('constant-values');
    expect(await reason('SELECT "Name" FROM "Genre" LIMIT 1', 'postgres')).toBe('not constant');
  });

  it('no benign Chinook query is flagged', async () => {
    for (const sql of BENIGN_CHINOOK) expect(await reason(sql), sql).toBe('not constant');
    for (const sql of BENIGN_CHINOOK_POSTGRES) {
      expect(await reason(sql, 'postgres'), sql).toBe('not constant');
    }
  });
});

describe('runChecks reports constant_query as a diagnostic, never as a failure', () => {
  it('passes L1-L3 and carries the diagnostic', async () => {
    const r = await runChecks("SELECT 'Rock' AS Name LIMIT 1", {
      dialect: 'sqlite',
      schema: CHINOOK,
    });
    expect(r.pass).toBe(true);
    expect(r.diagnostics).toEqual([
      { rule: 'constant_query', reason: 'reads-no-table', message: expect.any(String) },
    ]);
  });
  it('is empty for a query that reads the database, and when L1 fails', async () => {
    expect(
      (await runChecks('SELECT Name FROM Genre LIMIT 1', { dialect: 'sqlite' })).diagnostics,
    ).toEqual([]);
    expect((await runChecks('SELEC 3', { dialect: 'sqlite' })).diagnostics).toEqual([]);
  });
});
