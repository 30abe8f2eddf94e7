import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalForms } from '../src/canonical.js';
import { canonicalSql, normalizedMatch } from '../src/index.js';
import { loadSdk } from '../src/load.js';
import { parseOneQuery } from '../src/query-parse.js';
import { BENIGN_CHINOOK } from './fixtures/chinook-corpus.js';
import { BENIGN_CHINOOK_POSTGRES } from './fixtures/chinook-postgres-corpus.js';

const same = async (a: string, b: string, dialect: 'sqlite' | 'postgres' = 'postgres') =>
  (await normalizedMatch(a, b, dialect)).match;

describe('normalizedMatch', () => {
  it('spec 001 §4.1 example (verbatim): alias, qualifier, flipped comparison and GROUP BY 1 match', async () => {
    const a =
      "select region, sum(amount) as total from orders where created_at >= '2024-01-01' group by region";
    const b =
      "SELECT o.region, SUM(o.amount) total FROM orders AS o WHERE '2024-01-01' <= o.created_at GROUP BY 1";
    expect(await normalizedMatch(b, a, 'postgres')).toEqual({ match: true, goldIndex: 0 });
  });
  it('inner-join order does not matter (the spec notes plain normalisation misses this)', async () => {
    expect(
      await same(
        'SELECT o.amount, c.name FROM orders o JOIN customers c ON o.customer_id = c.customer_id',
        'SELECT orders.amount, customers.name FROM customers JOIN orders ON customers.customer_id = orders.customer_id',
      ),
    ).toBe(true);
  });
  it('commutative predicates, AND order and IN-list order do not matter', async () => {
    expect(
      await same(
        "SELECT * FROM t WHERE status = 'paid' AND region IN ('b', 'a') AND 5 < amount",
        "SELECT * FROM t WHERE amount > 5 AND region IN ('a', 'b') AND 'paid' = status",
      ),
    ).toBe(true);
  });
  it('GROUP BY / ORDER BY ordinals and aliases expand to the select expression', async () => {
    expect(
      await same(
        'SELECT region, SUM(amount) AS total FROM orders GROUP BY 1 ORDER BY total DESC',
        'SELECT region, SUM(amount) AS total FROM orders GROUP BY region ORDER BY SUM(amount) DESC',
      ),
    ).toBe(true);
  });
  it('self-joins match under any alias numbering', async () => {
    expect(
      await same(
        'SELECT e.LastName, m.LastName FROM Employee e JOIN Employee m ON m.EmployeeId = e.ReportsTo',
        'SELECT a.LastName, b.LastName FROM Employee b JOIN Employee a ON b.EmployeeId = a.ReportsTo',
        'sqlite',
      ),
    ).toBe(true);
  });
  it('identifier case follows the dialect', async () => {
    expect(await same('SELECT Name FROM Artist', 'select name from artist', 'sqlite')).toBe(true);
    expect(await same('SELECT "Name" FROM "Artist"', 'select name from artist', 'postgres')).toBe(
      false,
    );
  });
  it('does not equate queries that differ in meaning', async () => {
    expect(await same('SELECT * FROM t WHERE a > 5', 'SELECT * FROM t WHERE a >= 5')).toBe(false);
    expect(await same("SELECT * FROM t WHERE s = 'a'", "SELECT * FROM t WHERE s = 'b'")).toBe(
      false,
    );
    expect(
      await same(
        'SELECT * FROM a LEFT JOIN b ON a.id = b.id',
        'SELECT * FROM b LEFT JOIN a ON a.id = b.id',
      ),
    ).toBe(false);
    expect(await same('SELECT a - b FROM t', 'SELECT b - a FROM t')).toBe(false);
    expect(await same('SELECT x FROM t LIMIT 5', 'SELECT x FROM t LIMIT 10')).toBe(false);
  });
  it('accepts any of several gold queries and reports which matched', async () => {
    const r = await normalizedMatch(
      'SELECT x FROM t LIMIT 10',
      ['SELECT x FROM t LIMIT 5', 'SELECT x FROM t LIMIT 10'],
      'sqlite',
    );
    expect(r).toEqual({ match: true, goldIndex: 1 });
  });
  it('reports unparseable input instead of throwing', async () => {
    const r = await normalizedMatch('SELEC x', 'SELECT 1', 'sqlite');
    expect(r.match).toBe(false);
    expect(r.error).toMatch(/^predicted: not-a-query/);
    expect(await canonicalSql('SELECT 1; SELECT 2', 'sqlite')).toBeUndefined();
  });
});

describe('normalizedMatch properties on the Chinook corpus', () => {
  // Re-case everything outside string literals: SQLite keywords and identifiers are
  // case-insensitive, so the canonical form must not change.
  const recase = (sql: string, upper: boolean[]) =>
    sql
      .split(/('(?:[^']|'')*')/)
      .map((part, i) =>
        i % 2 === 1
          ? part
          : [...part]
              .map((ch, j) => (upper[j % upper.length] ? ch.toUpperCase() : ch.toLowerCase()))
              .join(''),
      )
      .join('');

  it("matches the gold's own text without canonicalising, where canonicalising would match too", async () => {
    const sdk = await loadSdk();
    const corpus = [
      ...BENIGN_CHINOOK.map((sql) => [sql, 'sqlite'] as const),
      ...BENIGN_CHINOOK_POSTGRES.map((sql) => [sql, 'postgres'] as const),
    ];
    for (const [sql, dialect] of corpus) {
      const q = parseOneQuery(sdk, sql, dialect);
      if (!q.ok) continue;
      // what the comparison would have found: the gold's one form among the prediction's
      const gold = canonicalForms(q.query, dialect, 1)[0];
      expect(canonicalForms(q.query, dialect), sql).toContain(gold);
      expect(await normalizedMatch(sql, sql, dialect)).toEqual({ match: true, goldIndex: 0 });
      expect(await normalizedMatch(sql, ['SELECT 1 FROM nowhere', sql], dialect)).toEqual({
        match: true,
        goldIndex: 1,
      });
    }
    // a prediction that does not parse is not a match, even as the gold's own text
    expect((await normalizedMatch('SELECT FROM (', 'SELECT FROM (', 'sqlite')).match).toBe(false);
  });

  it('every query matches itself and its re-cased copy (SQLite)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BENIGN_CHINOOK),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
        async (sql, upper) => {
          // printf/strftime formats are case-sensitive strings already protected above
          expect((await normalizedMatch(sql, sql, 'sqlite')).match).toBe(true);
          expect((await normalizedMatch(recase(sql, upper), sql, 'sqlite')).match).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
  it('swapping two AND-ed WHERE predicates keeps the match', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'Total > 5',
          "BillingCountry = 'USA'",
          'CustomerId IN (3, 1, 2)',
          'InvoiceId <= 100',
        ),
        fc.constantFrom('Total < 20', "BillingCity = 'Paris'", '7 < InvoiceId'),
        async (a, b) => {
          const x = `SELECT InvoiceId FROM Invoice WHERE ${a} AND ${b} LIMIT 5`;
          const y = `SELECT InvoiceId FROM Invoice WHERE ${b} AND ${a} LIMIT 5`;
          expect((await normalizedMatch(x, y, 'sqlite')).match).toBe(true);
        },
      ),
    );
  });
});
