// The safety check holds a role to its column lists on the real Chinook schema: a query
// reading a column the role may not read is refused whether it names it, reads it through
// `*`, joins on it, filters, groups or orders by it, or reaches it through a subquery.
import { chinookForTests } from '@nl2sql/datasets';
import type { DatabaseSchema } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnScope } from '../src/role-scope.js';
import { safetyCheck } from '../src/safety-check.js';

const POLICY = {
  roles: {
    // support reads customers and their invoices, but not a customer's email or phone.
    support: {
      tables: ['Customer', 'Invoice'],
      columns: { customer: ['CustomerId', 'FirstName', 'LastName', 'Country', 'SupportRepId'] },
    },
    admin: { tables: ['Customer', 'Invoice'] },
  },
};

const chinook = await chinookForTests();
const found = chinook.path;

describe.skipIf(found === undefined)('safetyCheck with column lists (Chinook)', () => {
  let schema: DatabaseSchema;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const ds = await openSqlite(found as string);
    schema = await ds.introspect({ rowCounts: false });
    close = () => ds.close();
  });
  afterAll(() => close?.());

  // Every query is bounded (L3 wants a LIMIT on the outermost query).
  const check = (sql: string, role = 'support') =>
    safetyCheck(`${sql} LIMIT 10`, {
      dialect: 'sqlite',
      maxLimit: 1001,
      allowedTables: POLICY.roles[role as 'support'].tables,
      ...columnScope(POLICY, role, schema),
    });

  it.each([
    ['named', 'SELECT Email FROM Customer'],
    ['qualified, in any spelling case', 'SELECT c.EMAIL FROM customer AS c'],
    ['through *', 'SELECT * FROM Customer'],
    [
      'through Table.*',
      'SELECT i.Total, c.* FROM Invoice AS i JOIN Customer AS c ON c.CustomerId = i.CustomerId',
    ],
    [
      'as a join key',
      'SELECT i.Total FROM Invoice AS i JOIN Customer AS c ON c.Email = i.BillingCity',
    ],
    ['in WHERE', "SELECT FirstName FROM Customer WHERE Phone LIKE '+1%'"],
    ['in GROUP BY', 'SELECT COUNT(*) AS n FROM Customer GROUP BY Email'],
    ['in ORDER BY', 'SELECT FirstName FROM Customer ORDER BY Email'],
    ['in a subquery', 'SELECT x FROM (SELECT Email AS x FROM Customer) AS s'],
    ['in a CTE', 'WITH m AS (SELECT Email FROM Customer) SELECT COUNT(*) AS n FROM m'],
    ['in a scalar subquery', 'SELECT (SELECT MAX(Phone) FROM Customer) AS p'],
    [
      'unqualified beside a join',
      'SELECT Total, Email FROM Invoice JOIN Customer USING (CustomerId)',
    ],
  ])('refuses a denied column read %s', async (_how, sql) => {
    expect(await check(sql)).toEqual({ kind: 'refused' });
    // The same query is fine for a role without column lists.
    expect(await check(sql, 'admin')).toEqual({ kind: 'ok' });
  });

  it.each([
    "SELECT FirstName, LastName FROM Customer WHERE Country = 'Brazil'",
    'SELECT COUNT(*) AS n FROM Customer',
    'SELECT c.Country, SUM(i.Total) AS t FROM Customer AS c JOIN Invoice AS i ON i.CustomerId = c.CustomerId GROUP BY c.Country',
    'SELECT * FROM Invoice',
  ])('allows a query reading only allowed columns: %s', async (sql) => {
    expect(await check(sql)).toEqual({ kind: 'ok' });
  });

  it('a denied table is still refused, and unsafe SQL is still unsafe', async () => {
    expect(await check('SELECT Name FROM Artist')).toEqual({ kind: 'refused' });
    expect((await check('SELECT FirstName FROM Customer; DELETE FROM Customer')).kind).toBe(
      'unsafe',
    );
  });
});
