// The LIMIT rule's policy (issue 25): a query that returns at most one row by its shape needs
// no LIMIT, and `requireLimit: false` leaves the bound to the database's row cap. Each query
// said to return one row is also run on the real Chinook to show it does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSafety, type SqlDialect } from '../src/index.js';
import { type ChinookDatabase, noChinook, openChinook } from './fixtures/chinook-database.js';

const rules = async (sql: string, dialect: SqlDialect = 'sqlite', requireLimit?: boolean) =>
  (
    await checkSafety(sql, { dialect, ...(requireLimit !== undefined ? { requireLimit } : {}) })
  ).violations.map((v) => v.rule);

const ONE_ROW = [
  'SELECT COUNT(*) FROM Genre',
  'SELECT COUNT(*) /* c */ FROM Genre',
  "SELECT SUM(Total) AS total, AVG(Total) AS mean FROM Invoice WHERE BillingCountry = 'USA'",
  'SELECT COUNT(DISTINCT GenreId) FROM Track',
  'SELECT MAX(Milliseconds) - MIN(Milliseconds) AS spread FROM Track',
  'SELECT total(Total) FROM Invoice',
  'SELECT COUNT(*) FROM Track HAVING COUNT(*) > 1',
  'SELECT COUNT(*) FROM Track t JOIN Album a ON a.AlbumId = t.AlbumId',
  "SELECT 'a' AS b",
  'SELECT (SELECT COUNT(*) FROM Track) AS n',
];

const MANY_ROWS = [
  'SELECT COUNT(*) FROM Track GROUP BY GenreId',
  'SELECT COUNT(*) OVER () FROM Track',
  'SELECT row_number() OVER (ORDER BY TrackId) FROM Track',
  'SELECT max(TrackId, AlbumId) FROM Track',
  'SELECT Name FROM Track WHERE TrackId = (SELECT MAX(TrackId) FROM Track) OR TrackId < 5',
  'SELECT (SELECT COUNT(*) FROM Genre) AS n FROM Track',
  'SELECT COUNT(*) FROM Track UNION ALL SELECT COUNT(*) FROM Album',
  'SELECT Name FROM Track',
];

describe('an aggregate that returns one row needs no LIMIT', () => {
  it.each(ONE_ROW)('accepts without LIMIT: %s', async (sql) => {
    expect(await rules(sql)).not.toContain('limit-missing');
  });
  it.each(MANY_ROWS)('still needs LIMIT: %s', async (sql) => {
    expect(await rules(sql)).toContain('limit-missing');
  });

  it('on PostgreSQL a set-returning call in the select list makes many rows of one', async () => {
    expect(await rules('SELECT COUNT(*) FROM orders', 'postgres')).toEqual([]);
    expect(await rules('(SELECT COUNT(*) FROM orders)', 'postgres')).toEqual([]);
    expect(
      await rules('SELECT COUNT(*), generate_subscripts(ARRAY[1, 2], 1) FROM orders', 'postgres'),
    ).toContain('limit-missing');
  });
});

describe('requireLimit: false leaves the bound to the row cap', () => {
  it('accepts a query without LIMIT, and still checks a LIMIT that is written', async () => {
    expect(await rules('SELECT Name FROM Track', 'sqlite', false)).toEqual([]);
    expect(await rules('SELECT Name FROM Track', 'sqlite', true)).toEqual(['limit-missing']);
    expect(await rules('SELECT Name FROM Track LIMIT -1', 'sqlite', false)).toEqual([
      'limit-not-literal',
    ]);
    expect(await rules('SELECT Name FROM Track LIMIT 5000', 'sqlite', false)).toEqual([
      'limit-out-of-range',
    ]);
    // every other L3 rule stands
    expect(await rules("SELECT load_extension('x')", 'sqlite', false)).toContain(
      'dangerous-function',
    );
  });
});

describe.skipIf(noChinook)('the one-row shapes on the real Chinook', () => {
  let db: ChinookDatabase | undefined;
  beforeAll(async () => {
    db = await openChinook();
  });
  afterAll(async () => {
    await db?.close();
  });
  it.each(ONE_ROW)('returns at most one row: %s', async (sql) => {
    const rows = await db?.rows(sql);
    expect(rows).toBeInstanceOf(Array);
    expect((rows as string[]).length).toBeLessThanOrEqual(1);
  });
  it.each(MANY_ROWS)('returns more than one row: %s', async (sql) => {
    const rows = await db?.rows(sql);
    expect(rows).toBeInstanceOf(Array);
    expect((rows as string[]).length).toBeGreaterThan(1);
  });
});
