// Realistic plans on the real Chinook database: each plan is validated against the
// introspected schema, compiled for SQLite, executed through @nl2sql/datasource, and its
// rows must equal (strictly, in order) those of a hand-written reference query that
// answers the same question the usual way (subqueries included, which plans cannot use).

import { chinookForTests } from '@nl2sql/datasets';
import type { DatabaseSchema } from '@nl2sql/datasource';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePlan, type Expr, type PlanModel, planReads, validatePlan } from '../src/index.js';
import { validPlan } from './arbitrary-plan.js';
import { col, lit } from './plan-builders.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

interface ChinookCase {
  name: string;
  plan: PlanModel;
  reference: string;
  tables: string[];
}

const count: Expr = { kind: 'aggregate', func: 'count' };
const invoiceYear: Expr = { kind: 'date_part', part: 'year', arg: col('i', 'InvoiceDate') };

const CASES: ChinookCase[] = [
  {
    name: 'customers per country, ties broken on the country',
    plan: {
      select: [
        { expr: col('c', 'Country'), alias: 'country' },
        { expr: count, alias: 'customers' },
      ],
      from: { table: 'Customer', alias: 'c' },
      group_by: [col('c', 'Country')],
      order_by: [
        { kind: 'alias', alias: 'customers', direction: 'desc' },
        { kind: 'alias', alias: 'country' },
      ],
    },
    reference:
      'SELECT Country, COUNT(*) FROM Customer GROUP BY Country ORDER BY COUNT(*) DESC, Country',
    tables: ['Customer'],
  },
  {
    name: 'top 5 genres by number of tracks (join, group, limit)',
    plan: {
      select: [
        { expr: col('g', 'Name'), alias: 'genre' },
        { expr: count, alias: 'tracks' },
      ],
      from: { table: 'Track', alias: 't' },
      joins: [
        {
          kind: 'inner',
          table: 'Genre',
          alias: 'g',
          on: [{ left: col('g', 'GenreId'), right: col('t', 'GenreId') }],
        },
      ],
      group_by: [col('g', 'GenreId'), col('g', 'Name')],
      order_by: [
        { kind: 'alias', alias: 'tracks', direction: 'desc' },
        { kind: 'expr', expr: col('g', 'GenreId') },
      ],
      limit: 5,
    },
    reference: `SELECT g.Name, COUNT(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId
      GROUP BY g.GenreId ORDER BY COUNT(*) DESC, g.GenreId LIMIT 5`,
    tables: ['Genre', 'Track'],
  },
  {
    name: 'revenue per year (date part on InvoiceDate, ROUND of SUM)',
    plan: {
      select: [
        { expr: invoiceYear, alias: 'year' },
        {
          expr: {
            kind: 'round',
            arg: { kind: 'aggregate', func: 'sum', arg: col('i', 'Total') },
            digits: 2,
          },
          alias: 'revenue',
        },
      ],
      from: { table: 'Invoice', alias: 'i' },
      group_by: [invoiceYear],
      order_by: [{ kind: 'alias', alias: 'year' }],
    },
    reference: `SELECT CAST(substr(InvoiceDate, 1, 4) AS INTEGER) AS y, ROUND(SUM(Total), 2)
      FROM Invoice GROUP BY y ORDER BY y`,
    tables: ['Invoice'],
  },
  {
    name: 'monthly revenue labels for 2023 (year_month, WHERE on a date part)',
    plan: {
      select: [
        {
          expr: { kind: 'date_part', part: 'year_month', arg: col('i', 'InvoiceDate') },
          alias: 'month',
        },
        { expr: { kind: 'aggregate', func: 'sum', arg: col('i', 'Total') }, alias: 'revenue' },
      ],
      from: { table: 'Invoice', alias: 'i' },
      where: { kind: 'compare', op: '=', left: invoiceYear, right: lit(2023) },
      group_by: [{ kind: 'date_part', part: 'year_month', arg: col('i', 'InvoiceDate') }],
      order_by: [{ kind: 'alias', alias: 'month' }],
    },
    reference: `SELECT substr(InvoiceDate, 1, 7) AS m, SUM(Total) FROM Invoice
      WHERE InvoiceDate >= '2023-01-01' AND InvoiceDate < '2024-01-01' GROUP BY m ORDER BY m`,
    tables: ['Invoice'],
  },
  {
    name: 'customers with their support rep, names concatenated',
    plan: {
      select: [
        {
          expr: { kind: 'concat', parts: [col('c', 'FirstName'), lit(' '), col('c', 'LastName')] },
          alias: 'customer',
        },
        {
          expr: { kind: 'concat', parts: [col('e', 'FirstName'), lit(' '), col('e', 'LastName')] },
          alias: 'support_rep',
        },
      ],
      from: { table: 'Customer', alias: 'c' },
      joins: [
        {
          kind: 'left',
          table: 'Employee',
          alias: 'e',
          on: [{ left: col('e', 'EmployeeId'), right: col('c', 'SupportRepId') }],
        },
      ],
      where: { kind: 'in', expr: col('c', 'Country'), values: ['Brazil', 'Portugal'] },
      order_by: [{ kind: 'expr', expr: col('c', 'CustomerId') }],
    },
    reference: `SELECT c.FirstName || ' ' || c.LastName, e.FirstName || ' ' || e.LastName
      FROM Customer c LEFT JOIN Employee e ON e.EmployeeId = c.SupportRepId
      WHERE c.Country IN ('Brazil', 'Portugal') ORDER BY c.CustomerId`,
    tables: ['Customer', 'Employee'],
  },
  {
    name: 'tracks never purchased (anti-join: LEFT JOIN + IS NULL)',
    plan: {
      select: [{ expr: count, alias: 'never_sold' }],
      from: { table: 'Track', alias: 't' },
      joins: [
        {
          kind: 'left',
          table: 'InvoiceLine',
          alias: 'il',
          on: [{ left: col('il', 'TrackId'), right: col('t', 'TrackId') }],
        },
      ],
      where: { kind: 'is_null', expr: col('il', 'InvoiceLineId') },
    },
    reference: 'SELECT COUNT(*) FROM Track WHERE TrackId NOT IN (SELECT TrackId FROM InvoiceLine)',
    tables: ['InvoiceLine', 'Track'],
  },
  {
    name: 'longest track per genre (anti-join on a longer track of the same genre)',
    plan: {
      select: [
        { expr: col('g', 'Name'), alias: 'genre' },
        { expr: col('t', 'Name'), alias: 'track' },
        { expr: col('t', 'Milliseconds'), alias: 'ms' },
      ],
      from: { table: 'Track', alias: 't' },
      joins: [
        {
          kind: 'inner',
          table: 'Genre',
          alias: 'g',
          on: [{ left: col('g', 'GenreId'), right: col('t', 'GenreId') }],
        },
        {
          kind: 'left',
          table: 'Track',
          alias: 'longer',
          on: [
            { left: col('longer', 'GenreId'), right: col('t', 'GenreId') },
            { left: col('longer', 'Milliseconds'), op: '>', right: col('t', 'Milliseconds') },
          ],
        },
      ],
      where: { kind: 'is_null', expr: col('longer', 'TrackId') },
      order_by: [
        { kind: 'alias', alias: 'genre' },
        { kind: 'expr', expr: col('t', 'TrackId') },
      ],
    },
    reference: `SELECT g.Name, t.Name, t.Milliseconds FROM Track t JOIN Genre g ON g.GenreId = t.GenreId
      WHERE t.Milliseconds = (SELECT MAX(Milliseconds) FROM Track x WHERE x.GenreId = t.GenreId)
      ORDER BY g.Name, t.TrackId`,
    tables: ['Genre', 'Track'],
  },
  {
    name: 'track length buckets (CASE, grouped by the CASE)',
    plan: (() => {
      const ms = col('t', 'Milliseconds');
      const bucket: Expr = {
        kind: 'case',
        branches: [
          {
            when: { kind: 'compare', op: '<', left: ms, right: lit(180000) },
            result: lit('short'),
          },
          {
            when: { kind: 'between', expr: ms, low: lit(180000), high: lit(359999) },
            result: lit('medium'),
          },
        ],
        else: lit('long'),
      };
      return {
        select: [
          { expr: bucket, alias: 'length' },
          { expr: count, alias: 'tracks' },
        ],
        from: { table: 'Track', alias: 't' },
        group_by: [bucket],
        order_by: [{ kind: 'alias', alias: 'length' }],
      } satisfies PlanModel;
    })(),
    reference: `SELECT CASE WHEN Milliseconds < 180000 THEN 'short'
        WHEN Milliseconds < 360000 THEN 'medium' ELSE 'long' END AS b, COUNT(*)
      FROM Track GROUP BY b ORDER BY b`,
    tables: ['Track'],
  },
  {
    name: 'customers who bought jazz but never metal (conditional sums in HAVING)',
    plan: (() => {
      const bought = (genre: string): Expr => ({
        kind: 'aggregate',
        func: 'sum',
        arg: {
          kind: 'case',
          branches: [
            {
              when: { kind: 'compare', op: '=', left: col('g', 'Name'), right: lit(genre) },
              result: lit(1),
            },
          ],
          else: lit(0),
        },
      });
      const on = (left: [string, string], right: [string, string]) => [
        { left: col(...left), right: col(...right) },
      ];
      return {
        select: [
          { expr: col('c', 'CustomerId'), alias: 'id' },
          { expr: col('c', 'LastName'), alias: 'last_name' },
        ],
        from: { table: 'Customer', alias: 'c' },
        joins: [
          {
            kind: 'inner',
            table: 'Invoice',
            alias: 'i',
            on: on(['i', 'CustomerId'], ['c', 'CustomerId']),
          },
          {
            kind: 'inner',
            table: 'InvoiceLine',
            alias: 'il',
            on: on(['il', 'InvoiceId'], ['i', 'InvoiceId']),
          },
          {
            kind: 'inner',
            table: 'Track',
            alias: 't',
            on: on(['t', 'TrackId'], ['il', 'TrackId']),
          },
          { kind: 'inner', table: 'Genre', alias: 'g', on: on(['g', 'GenreId'], ['t', 'GenreId']) },
        ],
        group_by: [col('c', 'CustomerId'), col('c', 'LastName')],
        having: {
          kind: 'and',
          conditions: [
            { kind: 'compare', op: '>', left: bought('Jazz'), right: lit(0) },
            { kind: 'compare', op: '=', left: bought('Metal'), right: lit(0) },
          ],
        },
        order_by: [{ kind: 'alias', alias: 'id' }],
      } satisfies PlanModel;
    })(),
    reference: `SELECT c.CustomerId, c.LastName FROM Customer c
      WHERE c.CustomerId IN (SELECT i.CustomerId FROM Invoice i JOIN InvoiceLine il ON il.InvoiceId = i.InvoiceId
          JOIN Track t ON t.TrackId = il.TrackId JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Jazz')
        AND c.CustomerId NOT IN (SELECT i.CustomerId FROM Invoice i JOIN InvoiceLine il ON il.InvoiceId = i.InvoiceId
          JOIN Track t ON t.TrackId = il.TrackId JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Metal')
      ORDER BY c.CustomerId`,
    tables: ['Customer', 'Genre', 'Invoice', 'InvoiceLine', 'Track'],
  },
  {
    name: 'countries with customers and artists per rep (COUNT DISTINCT, HAVING)',
    plan: {
      select: [
        { expr: col('i', 'BillingCountry'), alias: 'country' },
        {
          expr: { kind: 'aggregate', func: 'count', arg: col('i', 'CustomerId'), distinct: true },
          alias: 'customers',
        },
      ],
      from: { table: 'Invoice', alias: 'i' },
      group_by: [col('i', 'BillingCountry')],
      having: {
        kind: 'compare',
        op: '>=',
        left: { kind: 'aggregate', func: 'count', arg: col('i', 'CustomerId'), distinct: true },
        right: lit(2),
      },
      order_by: [
        { kind: 'alias', alias: 'customers', direction: 'desc' },
        { kind: 'alias', alias: 'country' },
      ],
    },
    reference: `SELECT BillingCountry, COUNT(DISTINCT CustomerId) AS n FROM Invoice
      GROUP BY BillingCountry HAVING n >= 2 ORDER BY n DESC, BillingCountry`,
    tables: ['Invoice'],
  },
  {
    name: 'megabytes and average price per media type (CAST to real before dividing)',
    plan: {
      select: [
        { expr: col('m', 'Name'), alias: 'media_type' },
        {
          expr: {
            kind: 'round',
            arg: {
              kind: 'arithmetic',
              op: '/',
              left: {
                kind: 'cast',
                arg: { kind: 'aggregate', func: 'sum', arg: col('t', 'Bytes') },
                to: 'real',
              },
              right: lit(1048576),
            },
            digits: 1,
          },
          alias: 'megabytes',
        },
        {
          expr: {
            kind: 'round',
            arg: { kind: 'aggregate', func: 'avg', arg: col('t', 'UnitPrice') },
            digits: 2,
          },
          alias: 'avg_price',
        },
      ],
      from: { table: 'MediaType', alias: 'm' },
      joins: [
        {
          kind: 'inner',
          table: 'Track',
          alias: 't',
          on: [{ left: col('t', 'MediaTypeId'), right: col('m', 'MediaTypeId') }],
        },
      ],
      group_by: [col('m', 'MediaTypeId'), col('m', 'Name')],
      order_by: [{ kind: 'alias', alias: 'megabytes', direction: 'desc' }],
    },
    reference: `SELECT m.Name, ROUND(SUM(t.Bytes) / 1048576.0, 1) AS mb, ROUND(AVG(t.UnitPrice), 2)
      FROM MediaType m JOIN Track t ON t.MediaTypeId = m.MediaTypeId GROUP BY m.MediaTypeId ORDER BY mb DESC`,
    tables: ['MediaType', 'Track'],
  },
  {
    name: 'invoices per quarter of 2024 outside North America (quarter, NOT IN, OR, NOT LIKE)',
    plan: {
      select: [
        {
          expr: { kind: 'date_part', part: 'quarter', arg: col('i', 'InvoiceDate') },
          alias: 'quarter',
        },
        { expr: count, alias: 'invoices' },
      ],
      from: { table: 'Invoice', alias: 'i' },
      where: {
        kind: 'and',
        conditions: [
          { kind: 'compare', op: '=', left: invoiceYear, right: lit(2024) },
          {
            kind: 'in',
            expr: col('i', 'BillingCountry'),
            values: ['USA', 'Canada'],
            negated: true,
          },
          {
            kind: 'or',
            conditions: [
              { kind: 'is_null', expr: col('i', 'BillingState') },
              { kind: 'like', expr: col('i', 'BillingCity'), pattern: 's%', negated: true },
            ],
          },
        ],
      },
      group_by: [{ kind: 'date_part', part: 'quarter', arg: col('i', 'InvoiceDate') }],
      order_by: [{ kind: 'alias', alias: 'quarter' }],
    },
    reference: `SELECT (CAST(substr(InvoiceDate, 6, 2) AS INTEGER) + 2) / 3 AS q, COUNT(*) FROM Invoice
      WHERE InvoiceDate LIKE '2024-%' AND BillingCountry NOT IN ('USA', 'Canada')
        AND (BillingState IS NULL OR NOT (lower(BillingCity) LIKE 's%'))
      GROUP BY q ORDER BY q`,
    tables: ['Invoice'],
  },
  {
    name: 'second page of distinct billing cities in Germany (DISTINCT, LIMIT, OFFSET)',
    plan: {
      distinct: true,
      select: [{ expr: col('i', 'BillingCity'), alias: 'city' }],
      from: { table: 'Invoice', alias: 'i' },
      where: { kind: 'compare', op: '=', left: col('i', 'BillingCountry'), right: lit('Germany') },
      order_by: [{ kind: 'alias', alias: 'city', direction: 'desc' }],
      limit: 2,
      offset: 1,
    },
    reference: `SELECT DISTINCT BillingCity FROM Invoice WHERE BillingCountry = 'Germany'
      ORDER BY BillingCity DESC LIMIT 2 OFFSET 1`,
    tables: ['Invoice'],
  },
];

let db: SqliteDatasource;
let schema: DatabaseSchema;

beforeAll(async () => {
  if (noChinook) return;
  db = await openSqlite(chinook.path!);
  schema = await db.introspect({ rowCounts: false });
});

afterAll(async () => {
  if (noChinook) return;
  await db?.close();
});

describe.skipIf(noChinook)('realistic plans on Chinook', () => {
  it('covers a dozen questions', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(12);
  });

  for (const c of CASES) {
    it(c.name, async () => {
      expect(validatePlan(c.plan, schema)).toEqual([]);
      expect(planReads(c.plan).tables).toEqual(c.tables);
      const got = await db.execute(compilePlan(c.plan, 'sqlite'));
      const want = await db.execute(c.reference);
      expect(got.rows.length).toBeGreaterThan(0);
      expect(got.columns.length).toBe(c.plan.select.length);
      expect(got.rows).toEqual(want.rows);
    });
  }
});

describe.skipIf(noChinook)('generated plans on Chinook', () => {
  it('every generated valid plan runs on the real database', async () => {
    await fc.assert(
      fc.asyncProperty(validPlan, async (plan) => {
        // The datasource's result wrapper loses a column named __proto__ (SQLite then reports
        // "table nl2sql_q has 2 values for 1 columns"); reported to its owner. That is not
        // the compiler's concern, and the unit properties still cover such aliases.
        fc.pre(plan.select.every((item) => item.alias !== '__proto__'));
        expect(validatePlan(plan, schema)).toEqual([]);
        const result = await db.execute(compilePlan(plan, 'sqlite'), {
          maxRows: 50,
          timeoutMs: 10_000,
        });
        expect(result.columns.length).toBe(plan.select.length);
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
