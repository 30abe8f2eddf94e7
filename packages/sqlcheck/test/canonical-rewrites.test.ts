// The canonical rewrites (CTE inlining, derived-table names, BETWEEN, COUNT(1), SQLite date
// functions): spellings of one meaning match, and each rewrite stays inside its identity.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizedMatch } from '../src/index.js';
import { BENIGN_CHINOOK } from './fixtures/chinook-corpus.js';

const same = async (a: string, b: string, dialect: 'sqlite' | 'postgres' = 'sqlite') =>
  (await normalizedMatch(a, b, dialect)).match;

describe('CTE inlining and derived-table names', () => {
  it('a CTE matches the same subquery in FROM, under any alias or none', async () => {
    const cte =
      'WITH big AS (SELECT CustomerId, Total FROM Invoice WHERE Total > 10) SELECT big.CustomerId FROM big';
    expect(
      await same(
        cte,
        'SELECT s.CustomerId FROM (SELECT CustomerId, Total FROM Invoice WHERE Total > 10) AS s',
      ),
    ).toBe(true);
    expect(
      await same(
        cte,
        'SELECT CustomerId FROM (SELECT CustomerId, Total FROM Invoice WHERE 10 < Total)',
      ),
    ).toBe(true);
    expect(
      await same(
        cte,
        'SELECT CustomerId FROM (SELECT CustomerId, Total FROM Invoice WHERE Total > 11)',
      ),
    ).toBe(false);
  });

  it('a CTE read by a later CTE, and a CTE joined to a table in either order', async () => {
    const chained =
      'WITH a AS (SELECT GenreId, COUNT(*) AS n FROM Track GROUP BY GenreId), b AS (SELECT GenreId, n FROM a WHERE n > 100) SELECT g.Name, b.n FROM b JOIN Genre g ON g.GenreId = b.GenreId';
    const nested =
      'SELECT g.Name, x.n FROM Genre g JOIN (SELECT GenreId, n FROM (SELECT GenreId, COUNT(*) AS n FROM Track GROUP BY GenreId) WHERE n > 100) x ON x.GenreId = g.GenreId';
    expect(await same(chained, nested)).toBe(true);
  });

  it('a CTE read twice becomes two copies, each a derived table of its own', async () => {
    const twice =
      'WITH e AS (SELECT EmployeeId, ReportsTo FROM Employee) SELECT a.EmployeeId FROM e a JOIN e b ON b.EmployeeId = a.ReportsTo';
    const inline =
      'SELECT x.EmployeeId FROM (SELECT EmployeeId, ReportsTo FROM Employee) x JOIN (SELECT EmployeeId, ReportsTo FROM Employee) y ON y.EmployeeId = x.ReportsTo';
    expect(await same(twice, inline)).toBe(true);
  });

  it('a CTE named like a table reads the table in its own body', async () => {
    expect(
      await same(
        'WITH Track AS (SELECT * FROM Track WHERE GenreId = 1) SELECT COUNT(*) FROM Track',
        'SELECT COUNT(*) FROM (SELECT * FROM Track WHERE GenreId = 1) t',
      ),
    ).toBe(true);
  });

  it('an inner WITH that redefines the name is left to itself', async () => {
    const shadow =
      'WITH x AS (SELECT 1 AS v) SELECT v FROM x WHERE v IN (WITH x AS (SELECT 2 AS v) SELECT v FROM x)';
    const inlined = 'SELECT v FROM (SELECT 1 AS v) WHERE v IN (SELECT v FROM (SELECT 2 AS v))';
    expect(await same(shadow, inlined)).toBe(true);
    expect(
      await same(
        shadow,
        'SELECT v FROM (SELECT 1 AS v) WHERE v IN (SELECT v FROM (SELECT 1 AS v))',
      ),
    ).toBe(false);
  });

  it('does not inline recursive CTEs or CTEs with a column list', async () => {
    expect(
      await same('WITH c(n) AS (SELECT 1) SELECT n FROM c', 'SELECT n FROM (SELECT 1 AS n)'),
    ).toBe(false);
    const rec =
      'WITH RECURSIVE c AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM c WHERE n < 5) SELECT n FROM c';
    expect(await same(rec, rec)).toBe(true);
  });

  it('every corpus query matches itself wrapped as a CTE and as a derived table', async () => {
    const failed: string[] = [];
    for (const query of BENIGN_CHINOOK) {
      // A trailing semicolon cannot sit inside parentheses; the query is the same without it.
      const q = query.trim().replace(/;\s*$/, '');
      if (/^\s*WITH/i.test(q)) continue;
      if (!(await same(`WITH q AS (${q}\n) SELECT * FROM q`, `SELECT * FROM (${q}\n) AS sub`)))
        failed.push(q);
    }
    expect(failed).toEqual([]);
  });
});

describe('BETWEEN, COUNT(1) and SQLite date functions', () => {
  it('BETWEEN is its range, in either order of the two comparisons, but NOT BETWEEN is not', async () => {
    const between = 'SELECT COUNT(*) FROM Track WHERE Milliseconds BETWEEN 180000 AND 240000';
    expect(
      await same(
        between,
        'SELECT COUNT(*) FROM Track WHERE Milliseconds <= 240000 AND Milliseconds >= 180000',
      ),
    ).toBe(true);
    expect(
      await same(
        between,
        'SELECT COUNT(*) FROM Track WHERE Milliseconds > 180000 AND Milliseconds <= 240000',
      ),
    ).toBe(false);
    expect(
      await same(
        'SELECT COUNT(*) FROM Track WHERE Milliseconds NOT BETWEEN 1 AND 2',
        'SELECT COUNT(*) FROM Track WHERE 1 <= Milliseconds AND Milliseconds <= 2',
      ),
    ).toBe(false);
  });

  it('BETWEEN matches its range for any bounds (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.integer(), async (a, b) => {
        expect(
          await same(
            `SELECT Name FROM Track WHERE UnitPrice BETWEEN ${a} AND ${b}`,
            `SELECT Name FROM Track WHERE UnitPrice >= ${a} AND ${b} >= UnitPrice`,
          ),
        ).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('COUNT(1) is COUNT(*); COUNT(NULL) and COUNT(DISTINCT 1) are not', async () => {
    expect(await same('SELECT COUNT(1) FROM Track', 'SELECT COUNT(*) FROM Track')).toBe(true);
    expect(await same("SELECT COUNT('x') FROM Track", 'SELECT COUNT(*) FROM Track')).toBe(true);
    expect(await same('SELECT COUNT(NULL) FROM Track', 'SELECT COUNT(*) FROM Track')).toBe(false);
    expect(await same('SELECT COUNT(DISTINCT 1) FROM Track', 'SELECT COUNT(*) FROM Track')).toBe(
      false,
    );
  });

  it('date(), time() and datetime() are strftime with their formats in SQLite only', async () => {
    expect(
      await same(
        "SELECT date(InvoiceDate, '+1 day') FROM Invoice",
        "SELECT strftime('%Y-%m-%d', InvoiceDate, '+1 day') FROM Invoice",
      ),
    ).toBe(true);
    expect(
      await same(
        'SELECT datetime(InvoiceDate) FROM Invoice',
        "SELECT strftime('%Y-%m-%d %H:%M:%S', InvoiceDate) FROM Invoice",
      ),
    ).toBe(true);
    expect(
      await same(
        'SELECT time(InvoiceDate) FROM Invoice',
        "SELECT strftime('%H:%M:%S', InvoiceDate) FROM Invoice",
      ),
    ).toBe(true);
    expect(
      await same(
        'SELECT date(InvoiceDate) FROM Invoice',
        "SELECT strftime('%Y-%m', InvoiceDate) FROM Invoice",
      ),
    ).toBe(false);
    expect(
      await same('SELECT date(x) FROM t', "SELECT strftime('%Y-%m-%d', x) FROM t", 'postgres'),
    ).toBe(false);
  });
});
