// An alternative that reads another table counts only for a role that may read it: run on a
// real SQLite file whose alternatives read a view and a lookup table, as two roles.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccessPolicy } from '@nl2sql/access-policy';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import type { EvalCase, EvalSuite } from '@nl2sql/suite';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleGolds, runEval } from '../src/index.js';
import { SqlEngine } from './sql-engine.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const SHOP_SQL = `
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country_code TEXT NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, total REAL NOT NULL);
CREATE TABLE countries (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE VIEW customer_totals AS SELECT c.id AS customer_id, c.name AS name, SUM(o.total) AS total FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id, c.name;
INSERT INTO customers VALUES (1, 'Ada', 'GB'), (2, 'Brian', 'GB'), (3, 'Chen', 'CN');
INSERT INTO orders VALUES (1, 1, 10.5), (2, 1, 20), (3, 2, 7.25);
INSERT INTO countries VALUES ('GB', 'United Kingdom'), ('CN', 'China');
`;

// analyst reads the base tables only: not the view, not the lookup table.
const policy: AccessPolicy = {
  roles: {
    admin: { tables: ['countries', 'customer_totals', 'customers', 'orders'] },
    analyst: { tables: ['customers', 'orders'] },
  },
};

const perCountry: EvalCase = {
  id: 'per_country',
  question: 'How many customers per country?',
  datasource: 'shop',
  source: 'hand',
  tags: ['aggregation'],
  order_matters: false,
  outcome: { admin: 'allowed', analyst: 'allowed' },
  tables: ['customers'],
  columns: ['customers.country_code'],
  sql: 'SELECT country_code, COUNT(*) FROM customers GROUP BY country_code',
  rows: [
    ['CN', 1],
    ['GB', 2],
  ],
  alt_sql: [
    'SELECT k.name, COUNT(*) FROM customers c JOIN countries k ON k.code = c.country_code GROUP BY k.name',
  ],
  alt_rows: [
    [
      ['China', 1],
      ['United Kingdom', 2],
    ],
  ],
  alt_reads: [
    {
      tables: ['countries', 'customers'],
      columns: ['countries.code', 'countries.name', 'customers.country_code'],
    },
  ],
};

const suite: EvalSuite = { name: 'shop', version: 1, cases: [perCountry] };

// The country names spelled out from the base table alone: the lookup alternative's rows,
// from SQL that reads nothing the analyst may not read (no leak for the outcome scorer).
const SPELLED =
  "SELECT CASE country_code WHEN 'GB' THEN 'United Kingdom' WHEN 'CN' THEN 'China' END, COUNT(*) FROM customers GROUP BY country_code";

let db: SqliteDatasource;
beforeAll(async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'nl2sql-role-golds-')), 'shop.sqlite');
  await new Promise<void>((resolve, reject) => {
    const created = new sqlite3.Database(file, (error) => {
      if (error) return reject(error);
      created.exec(SHOP_SQL, (e) => created.close(() => (e ? reject(e) : resolve())));
    });
  });
  db = await openSqlite(file);
});
afterAll(() => db.close());

describe('alternatives per role', () => {
  it('a role without access to the alternative table does not pass through it; a role with access does', async () => {
    const report = await runEval({
      plugins: PLUGINS,
      suite,
      engine: new SqlEngine(suite, db, { per_country: SPELLED }),
      mode: 'plans',
      roles: ['admin', 'analyst'],
      policy,
      sqlChecks: { dialect: 'sqlite', schema: await db.introspect({ rowCounts: false }) },
      evaluation: false,
    });
    const runs = report.configs[0]?.cases ?? [];
    const byRole = new Map(runs.map((r) => [r.role, r]));
    const admin = byRole.get('admin');
    const analyst = byRole.get('analyst');
    expect(admin?.scores.result_match?.pass).toBe(true);
    expect(admin?.scores.result_match?.detail).toMatchObject({ strict: { matched_gold: 1 } });
    expect(admin?.status).toBe('pass');
    // The analyst's SQL leaks nothing (outcome passes), but the rows are only the
    // alternative's, and that alternative reads a table the analyst may not read.
    expect(analyst?.scores.outcome?.pass).toBe(true);
    expect(analyst?.scores.result_match?.pass).toBe(false);
    expect(analyst?.scores.result_match?.lenient).toBe(false);
    expect(analyst?.scores.result_match?.detail).toMatchObject({ alternatives_withheld: [0] });
    expect(analyst?.scores.result_match?.explanation).toContain(
      'the rows match alt_sql[0], which does not count for role analyst',
    );
    expect(analyst?.status).toBe('fail');
  });

  it('the gold answer passes both roles, and without a policy the alternative counts for every role', async () => {
    const gold = await runEval({
      plugins: PLUGINS,
      suite,
      engine: new SqlEngine(suite, db),
      mode: 'plans',
      roles: ['admin', 'analyst'],
      policy,
      evaluation: false,
    });
    expect(gold.configs[0]?.cases.map((r) => [r.role, r.status])).toEqual([
      ['admin', 'pass'],
      ['analyst', 'pass'],
    ]);
    expect(roleGolds(perCountry, 'analyst', undefined, 2).indexes).toEqual([0, 1]);
    expect(roleGolds(perCountry, 'analyst', policy, 2)).toMatchObject({
      indexes: [0],
      withheld: [0],
    });
  });
});
