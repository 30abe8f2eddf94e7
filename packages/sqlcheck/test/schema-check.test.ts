import { describe, expect, it } from 'vitest';
import type { SchemaLike } from '../src/index.js';
import { checkSchema } from '../src/index.js';
import { CHINOOK } from './fixtures/chinook-schema.js';

// spec 001 §3.2 SCHEMA
const SCHEMA: SchemaLike = {
  tables: [
    {
      name: 'orders',
      columns: [
        { name: 'order_id', type: 'INT' },
        { name: 'customer_id', type: 'INT' },
        { name: 'amount', type: 'DECIMAL' },
        { name: 'created_at', type: 'DATE' },
        { name: 'region', type: 'TEXT' },
        { name: 'status', type: 'TEXT' },
      ],
    },
    {
      name: 'customers',
      columns: [
        { name: 'customer_id', type: 'INT' },
        { name: 'name', type: 'TEXT' },
        { name: 'segment', type: 'TEXT' },
      ],
    },
  ],
};

const pg = (sql: string, schema: SchemaLike = SCHEMA) => checkSchema(sql, schema, 'postgres');

describe('spec 001 §3.2 examples (verbatim)', () => {
  it('SELECT foo FROM orders -> column foo could not be resolved', async () => {
    const v = await pg('SELECT foo FROM orders');
    expect(v.pass).toBe(false);
    expect(v.violations).toEqual([{ rule: 'unknown-column', message: 'unknown column: foo' }]);
  });
  it('SELECT * FROM orderz -> unknown table: orderz', async () => {
    expect((await pg('SELECT * FROM orderz')).violations).toEqual([
      { rule: 'unknown-table', message: 'unknown table: orderz' },
    ]);
  });
  it('SELECT * FROM otherdb.orders -> unknown table: otherdb.orders', async () => {
    expect((await pg('SELECT * FROM otherdb.orders')).violations).toEqual([
      { rule: 'unknown-table', message: 'unknown table: otherdb.orders' },
    ]);
  });
  it('WITH orders AS (SELECT * FROM salaries) SELECT * FROM orders -> unknown table: salaries', async () => {
    expect(
      (await pg('WITH orders AS (SELECT * FROM salaries) SELECT * FROM orders')).violations,
    ).toEqual([{ rule: 'unknown-table', message: 'unknown table: salaries' }]);
  });
});

describe('scope-aware resolution', () => {
  it('a CTE that shadows a real table reads the real table in its own body', async () => {
    const sql =
      'WITH orders AS (SELECT order_id, amount FROM orders WHERE amount > 0) SELECT order_id FROM orders';
    expect((await pg(sql)).pass).toBe(true);
    // ...and outside its body the name means the CTE, whose columns are only order_id, amount
    const v = await pg(
      'WITH orders AS (SELECT order_id, amount FROM orders) SELECT status FROM orders',
    );
    expect(v.violations).toEqual([{ rule: 'unknown-column', message: 'unknown column: status' }]);
  });
  it('CTE names and subquery aliases are not tables; later CTEs see earlier ones', async () => {
    const sql = `WITH a AS (SELECT customer_id, SUM(amount) AS total FROM orders GROUP BY customer_id),
      b AS (SELECT a.customer_id, a.total FROM a WHERE a.total > 10)
      SELECT c.name, s.total FROM customers c JOIN (SELECT * FROM b) AS s ON s.customer_id = c.customer_id`;
    expect((await pg(sql)).violations).toEqual([]);
  });
  it('a CTE is not visible in its own body unless RECURSIVE', async () => {
    const v = await pg('WITH x AS (SELECT 1 AS n FROM x) SELECT n FROM x');
    expect(v.violations.map((x) => x.rule)).toEqual(['unknown-table']);
    const r = await pg(
      'WITH RECURSIVE x(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM x WHERE n < 5) SELECT n FROM x',
    );
    expect(r.violations).toEqual([]);
  });
  it('correlated subqueries see outer columns; unknown aliases are reported', async () => {
    const ok = await pg(
      'SELECT c.name FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.customer_id)',
    );
    expect(ok.violations).toEqual([]);
    const bad = await pg('SELECT x.name FROM customers c');
    expect(bad.violations.map((v) => v.rule)).toEqual(['unknown-table-reference']);
  });
  it('schema-qualified names are compared as such', async () => {
    const hr: SchemaLike = {
      tables: [...SCHEMA.tables, { name: 'orders', schema: 'hr', columns: [{ name: 'salary' }] }],
    };
    expect((await pg('SELECT salary FROM hr.orders', hr)).violations).toEqual([]);
    expect((await pg('SELECT salary FROM orders', hr)).violations.map((v) => v.rule)).toEqual([
      'unknown-column',
    ]);
    expect((await pg('SELECT amount FROM public.orders', hr)).violations).toEqual([]);
    expect((await pg('SELECT * FROM sales.orders', hr)).violations.map((v) => v.rule)).toEqual([
      'unknown-table',
    ]);
  });
  it('reports ambiguous unqualified columns, but not USING columns', async () => {
    expect(
      (await pg('SELECT customer_id FROM orders JOIN customers USING (customer_id)')).pass,
    ).toBe(true);
    const v = await pg(
      'SELECT customer_id FROM orders o JOIN customers c ON o.customer_id = c.customer_id',
    );
    expect(v.violations.map((x) => x.rule)).toEqual(['ambiguous-column']);
  });
  it('select aliases resolve in ORDER BY and GROUP BY', async () => {
    const sql =
      'SELECT region AS r, SUM(amount) AS total FROM orders GROUP BY r ORDER BY total DESC';
    expect((await pg(sql)).violations).toEqual([]);
  });
});

describe('dialect identifier case rules', () => {
  const PG_CHINOOK: SchemaLike = CHINOOK; // mixed-case names, as in the PostgreSQL port with quoted DDL
  it('PostgreSQL folds unquoted names to lower case and compares quoted names exactly', async () => {
    expect((await checkSchema('SELECT "Title" FROM "Album"', PG_CHINOOK, 'postgres')).pass).toBe(
      true,
    );
    expect(
      (await checkSchema('SELECT Title FROM Album', PG_CHINOOK, 'postgres')).violations,
    ).toEqual([
      {
        rule: 'unknown-table',
        message:
          'unknown table: Album (did you mean "Album"? PostgreSQL folds unquoted names to lower case)',
      },
    ]);
    expect(
      (await checkSchema('SELECT "title" FROM "Album"', PG_CHINOOK, 'postgres')).violations.map(
        (v) => v.rule,
      ),
    ).toEqual(['unknown-column']);
    expect((await pg('SELECT AMOUNT FROM ORDERS')).pass).toBe(true);
    expect((await pg('SELECT "Amount" FROM orders')).pass).toBe(false);
  });
  it('SQLite compares all identifiers case-insensitively, quoted or not', async () => {
    for (const sql of [
      'SELECT title FROM album',
      'SELECT "TITLE" FROM "ALBUM"',
      'SELECT [Title] FROM main.Album',
    ]) {
      expect((await checkSchema(sql, CHINOOK, 'sqlite')).violations).toEqual([]);
    }
  });
  it('SQLite: a double-quoted name that is no column is a string literal', async () => {
    const v = await checkSchema(
      'SELECT Title FROM Album WHERE Title = "Balls to the Wall"',
      CHINOOK,
      'sqlite',
    );
    expect(v.violations).toEqual([]);
    const pgv = await checkSchema(
      'SELECT "Title" FROM "Album" WHERE "Title" = "Balls to the Wall"',
      CHINOOK,
      'postgres',
    );
    expect(pgv.violations.map((x) => x.rule)).toEqual(['unknown-column']);
  });
  it('SQLite: implicit rowid, and circular CTE references', async () => {
    expect((await checkSchema('SELECT rowid, Name FROM Genre', CHINOOK, 'sqlite')).pass).toBe(true);
    const v = await checkSchema(
      'WITH Track AS (SELECT * FROM Track) SELECT * FROM Track',
      CHINOOK,
      'sqlite',
    );
    expect(v.violations.map((x) => x.rule)).toEqual(['circular-cte']);
  });
  it('fails L2 with the L1 reason when the SQL is not one query', async () => {
    const v = await checkSchema('SELECT 1; SELECT 2', CHINOOK, 'sqlite');
    expect(v.pass).toBe(false);
    expect(v.violations[0]?.rule).toBe('multiple-statements');
  });
});
