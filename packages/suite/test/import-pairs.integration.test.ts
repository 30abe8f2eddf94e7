import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EvalCase,
  type EvalSuite,
  formatSuite,
  type ImportOptions,
  importPairs,
  type LocatedPair,
  lintSuite,
  pairCaseId,
  parsePairs,
  parseSuite,
} from '../src/index.js';
import { shopDatabase } from './shop-database.js';

let db: SqliteDatasource;
let options: ImportOptions;

beforeAll(async () => {
  db = await openSqlite(await shopDatabase());
  options = {
    datasources: { shop: db },
    policy: {
      roles: {
        admin: { tables: ['customers', 'orders', 'salaries'] },
        analyst: { tables: ['customers', 'orders'], columns: { customers: ['id', 'name'] } },
      },
    },
  };
});
afterAll(() => db.close());

const empty: EvalSuite = { name: 'shop', version: 1, cases: [] };
const pairs = (lines: string[]): LocatedPair[] =>
  parsePairs(lines.join('\n'), 'pairs.jsonl', 'jsonl').pairs;

describe('importPairs', () => {
  it('writes tables, columns, rows, an outcome per role, the source and approved: false', async () => {
    const { added, leftOut, suite } = await importPairs(
      empty,
      pairs([
        '{"id": "totals", "question": "Total per customer?", "sql": "SELECT c.name, SUM(o.total) FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.name ORDER BY c.name", "tags": ["join", "aggregation"], "order_matters": true}',
        '{"id": "emails", "question": "Emails?", "sql": "SELECT email FROM customers ORDER BY id"}',
        '{"id": "pay", "question": "Payroll?", "sql": "SELECT SUM(amount) FROM salaries", "tags": ["rbac-denial", "unanswerable"]}',
      ]),
      options,
    );
    expect(leftOut).toEqual([]);
    expect(suite.cases).toEqual(added);
    expect(added[0]).toEqual({
      id: 'totals',
      question: 'Total per customer?',
      datasource: 'shop',
      source: { kind: 'imported', file: 'pairs.jsonl', line: 1 },
      approved: false,
      tags: ['join', 'aggregation'],
      order_matters: true,
      outcome: { admin: 'allowed', analyst: 'allowed' },
      tables: ['customers', 'orders'],
      columns: ['customers.id', 'customers.name', 'orders.customer_id', 'orders.total'],
      sql: 'SELECT c.name, SUM(o.total) FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.name ORDER BY c.name',
      rows: [
        ['Ada', 30.5],
        ['Brian', 7.25],
      ],
    });
    // The policy names the analyst's customer columns: email is outside them.
    expect(added[1]?.outcome).toEqual({ admin: 'allowed', analyst: 'refused' });
    expect(added[1]?.tags).toEqual(['rbac-denial']);
    // A table outside the role's scope; the tags import decides are its own, not the file's.
    expect(added[2]?.outcome).toEqual({ admin: 'allowed', analyst: 'refused' });
    expect(added[2]?.tags).toEqual(['rbac-denial']);
    expect(added[2]?.rows).toEqual([[190]]);
  });

  it('gives imported cases no lint error for mode engine with the same policy and database', async () => {
    const { suite } = await importPairs(
      empty,
      pairs([
        '{"question": "Orders of Ada?", "sql": "SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.name = \'Ada\' ORDER BY o.id"}',
        '{"question": "Emails?", "sql": "SELECT email FROM customers ORDER BY id"}',
        '{"question": "Payroll?", "sql": "SELECT SUM(amount) FROM salaries"}',
      ]),
      options,
    );
    const text = formatSuite(suite);
    const findings = await lintSuite(parseSuite(text, 'shop.yaml'), {
      schema: await db.introspect({ rowCounts: false }),
      policy: options.policy,
      datasources: ['shop'],
      datasource: db,
      modes: ['engine'],
    });
    expect(findings).toEqual([]);
  });

  it('leaves out a pair whose SQL fails, with its file, line and the database message', async () => {
    const { added, leftOut } = await importPairs(
      empty,
      pairs([
        '{"question": "ok", "sql": "SELECT COUNT(*) FROM orders"}',
        '{"question": "typo", "sql": "SELEC * FROM orders"}',
        '{"question": "missing table", "sql": "SELECT * FROM refunds"}',
        '{"question": "writes", "sql": "DELETE FROM orders"}',
      ]),
      options,
    );
    expect(added.map((c) => c.question)).toEqual(['ok']);
    expect(leftOut.map((p) => p.line)).toEqual([2, 3, 4]);
    expect(leftOut[0]?.message).toMatch(/^pairs\.jsonl:2: the SQL fails on shop: .*syntax error/);
    expect(leftOut[1]?.message).toMatch(
      /^pairs\.jsonl:3: the SQL fails on shop: .*no such table: refunds/,
    );
    expect(leftOut[2]?.message).toMatch(/^pairs\.jsonl:4: the SQL fails on shop: /);
  });

  it('never touches the suite: an id already there, or given twice, leaves that pair out', async () => {
    const first = await importPairs(
      empty,
      pairs([
        '{"id": "n", "question": "How many customers?", "sql": "SELECT COUNT(*) FROM customers"}',
      ]),
      options,
    );
    const before = formatSuite(first.suite);
    const existing = first.suite.cases[0] as EvalCase;
    const second = await importPairs(
      first.suite,
      pairs([
        '{"id": "n", "question": "Something else", "sql": "SELECT 1"}',
        '{"id": "m", "question": "Orders?", "sql": "SELECT COUNT(*) FROM orders"}',
        '{"id": "m", "question": "Orders again?", "sql": "SELECT COUNT(*) FROM orders"}',
      ]),
      options,
    );
    expect(second.added.map((c) => c.id)).toEqual(['m']);
    expect(second.leftOut.map((p) => p.message)).toEqual([
      'pairs.jsonl:1: id n is already used in the suite; nothing was changed for it',
      'pairs.jsonl:3: id m is already used by the pair at pairs.jsonl:2; nothing was changed for it',
    ]);
    expect(second.suite.cases[0]).toBe(existing);
    expect(formatSuite(second.suite).startsWith(before.replace(/\n$/, ''))).toBe(true);
  });

  it('generates stable ids: importing the same pairs again adds nothing and reports each', async () => {
    const input = pairs([
      '{"question": "How many orders are there?", "sql": "SELECT COUNT(*) FROM orders"}',
      '{"question": "How many customers?", "sql": "SELECT COUNT(*) FROM customers"}',
    ]);
    const once = await importPairs(empty, input, options);
    expect(once.added.map((c) => c.id)).toEqual([
      pairCaseId('shop', 'How many orders are there?', 'SELECT COUNT(*) FROM orders'),
      pairCaseId('shop', 'How many customers?', 'SELECT COUNT(*) FROM customers'),
    ]);
    expect(once.added[0]?.id).toMatch(/^how_many_orders_are_there_[0-9a-f]{10}$/);
    const twice = await importPairs(once.suite, input, options);
    expect(twice.added).toEqual([]);
    expect(twice.leftOut).toHaveLength(2);
    expect(twice.suite.cases).toEqual(once.suite.cases);
  });

  it('refuses a datasource the project lacks, and needs one named when there are several', async () => {
    const unknown = await importPairs(
      empty,
      pairs(['{"question": "q", "sql": "SELECT 1", "datasource": "warehouse"}']),
      options,
    );
    expect(unknown.leftOut[0]?.message).toBe(
      "pairs.jsonl:1: datasource warehouse is not one of the project's (shop)",
    );
    const several = await importPairs(empty, pairs(['{"question": "q", "sql": "SELECT 1"}']), {
      ...options,
      datasources: { shop: db, other: db },
    });
    expect(several.leftOut[0]?.problem).toMatch(/names no datasource and the project has several/);
  });
});
