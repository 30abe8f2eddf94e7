import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alternativeRoles,
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
  regenerateSuite,
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

// A shop whose alternatives read other tables than its golds: a view of the totals, and a
// lookup table of country names. Role analyst reads the base tables only.
const LOOKUP_SHOP_SQL = `
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country_code TEXT NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), total REAL NOT NULL);
CREATE TABLE countries (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE VIEW customer_totals AS SELECT c.id AS customer_id, c.name AS name, SUM(o.total) AS total FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id, c.name;
INSERT INTO customers VALUES (1, 'Ada', 'GB'), (2, 'Brian', 'GB'), (3, 'Chen', 'CN');
INSERT INTO orders VALUES (1, 1, 10.5), (2, 1, 20), (3, 2, 7.25);
INSERT INTO countries VALUES ('GB', 'United Kingdom'), ('CN', 'China');
`;

describe('importPairs: alternatives that read other tables', () => {
  let lookup: SqliteDatasource;
  let lookupOptions: ImportOptions;
  const policy = {
    roles: {
      admin: { tables: ['countries', 'customer_totals', 'customers', 'orders'] },
      analyst: { tables: ['customers', 'orders'] },
    },
  };
  beforeAll(async () => {
    lookup = await openSqlite(await shopDatabase(LOOKUP_SHOP_SQL));
    lookupOptions = { datasources: { shop: lookup }, policy };
  });
  afterAll(() => lookup.close());

  const totals =
    'SELECT c.name, SUM(o.total) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id, c.name ORDER BY c.name';
  const viaView = 'SELECT customer_id, name, total FROM customer_totals ORDER BY name';
  const codes = 'SELECT country_code, COUNT(*) FROM customers GROUP BY country_code';
  const viaLookup =
    'SELECT k.name, COUNT(*) FROM customers c JOIN countries k ON k.code = c.country_code GROUP BY k.name';

  it('keeps a view and a lookup-table alternative, with their rows and what each reads; outcomes stay the gold tables', async () => {
    const yaml = [
      '- id: totals',
      '  question: Total per customer?',
      `  sql: "${totals}"`,
      `  alt_sql: ["${viaView}"]`,
      '- id: countries',
      '  question: How many customers per country?',
      `  sql: "${codes}"`,
      `  alt_sql: ["${viaLookup}", "${codes}"]`,
    ].join('\n');
    const read = parsePairs(yaml, 'pairs.yaml', 'yaml');
    expect(read.problems).toEqual([]);
    const { added, leftOut, suite } = await importPairs(empty, read.pairs, lookupOptions);
    expect(leftOut).toEqual([]);
    const [viewCase, lookupCase] = added;
    expect(viewCase).toMatchObject({
      outcome: { admin: 'allowed', analyst: 'allowed' },
      tables: ['customers', 'orders'],
      alt_sql: [viaView],
      alt_rows: [
        [
          [1, 'Ada', 30.5],
          [2, 'Brian', 7.25],
        ],
      ],
      alt_reads: [
        {
          tables: ['customer_totals'],
          columns: ['customer_totals.customer_id', 'customer_totals.name', 'customer_totals.total'],
        },
      ],
    });
    // The gold repeated as an alternative is dropped; the lookup table is the alternative's own.
    expect(lookupCase?.alt_sql).toEqual([viaLookup]);
    expect(lookupCase?.alt_reads).toEqual([
      {
        tables: ['countries', 'customers'],
        columns: ['countries.code', 'countries.name', 'customers.country_code'],
      },
    ]);
    expect(lookupCase?.alt_rows?.[0]).toEqual(
      expect.arrayContaining([
        ['China', 1],
        ['United Kingdom', 2],
      ]),
    );
    // Lint: what each alternative reads is what it declares, and it serves admin only.
    const schema = await lookup.introspect({ rowCounts: false });
    const approved = { ...suite, cases: suite.cases.map((c) => ({ ...c, approved: true })) };
    const findings = await lintSuite(parseSuite(formatSuite(approved), 'shop.yaml'), {
      schema,
      policy,
      datasource: lookup,
      modes: ['engine'],
    });
    expect(findings).toEqual([]);
    expect(alternativeRoles(viewCase as EvalCase, policy)).toEqual([
      { index: 0, reads: viewCase?.alt_reads?.[0], serves: ['admin'], notServes: ['analyst'] },
    ]);
    // Chinook's rule, asked for, refuses them.
    const strict = await lintSuite(approved, {
      schema,
      policy,
      modes: ['engine'],
      require: { alt_same_tables: true },
    });
    expect(strict.map((f) => [f.caseId, f.rule])).toEqual([
      ['totals', 'alt-same-tables'],
      ['countries', 'alt-same-tables'],
    ]);
    // Regenerate writes the same rows back: nothing changes.
    const again = await regenerateSuite(suite, lookup);
    expect(again.changedCases).toEqual([]);
    expect(formatSuite(again.suite)).toBe(formatSuite(suite));
  });

  it('reads a defog sql-eval questions CSV: ;-separated golds and {a,b} groups become alternatives', async () => {
    const csv = [
      'db_name,db_type,query_category,query,question,instructions',
      `shop,sqlite,group_by,"SELECT {c.id, c.name}, COUNT(o.id) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY {};${viaView}",How many orders has each customer placed?,`,
      `shop,sqlite,table_join,"${codes};${viaLookup}",How many customers per country?,Give the country as stored`,
    ].join('\n');
    const read = parsePairs(csv, 'questions_gen_sqlite.csv', 'csv');
    expect(read.problems).toEqual([]);
    expect(read.pairs[0]?.pair).toEqual({
      question: 'How many orders has each customer placed?',
      sql: 'SELECT c.id, COUNT(o.id) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id',
      alt_sql: [
        'SELECT c.name, COUNT(o.id) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.name',
        'SELECT c.id, c.name, COUNT(o.id) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id, c.name',
        viaView,
      ],
      datasource: 'shop',
      tags: ['query_category:group_by'],
    });
    // The instructions are the case's own, sent with the question in the ask.
    expect(read.pairs[1]?.pair.question).toBe('How many customers per country?');
    expect(read.pairs[1]?.pair.instructions).toBe('Give the country as stored');
    const { added, leftOut } = await importPairs(empty, read.pairs, lookupOptions);
    expect(leftOut).toEqual([]);
    expect(added[0]?.alt_sql).toHaveLength(3);
    expect(added[0]?.alt_rows).toHaveLength(3);
    // One alternative reads the view, so every alternative's reads are written down.
    expect(added[0]?.alt_reads?.map((r) => r.tables)).toEqual([
      ['customers', 'orders'],
      ['customers', 'orders'],
      ['customer_totals'],
    ]);
    expect(added[1]?.alt_reads?.[0]?.tables).toEqual(['countries', 'customers']);
    expect(added[1]?.instructions).toBe('Give the country as stored');
    expect(added[1]?.tags).toContain('query_category:table_join');
  });

  it('leaves out a pair whose alternative fails, naming it; and one whose groups expand too far', async () => {
    const failing = await importPairs(
      empty,
      pairs([`{"question": "q", "sql": "${codes}", "alt_sql": ["SELECT nope FROM countries"]}`]),
      lookupOptions,
    );
    expect(failing.added).toEqual([]);
    expect(failing.leftOut[0]?.message).toMatch(/^pairs\.jsonl:1: alt_sql\[0\] fails on shop: /);
    const wide = `SELECT {a, b, c, d}, {e, f, g} FROM customers`;
    const read = parsePairs(
      `db_name,query,question\nshop,"${wide}",Too many?\n`,
      'questions.csv',
      'csv',
    );
    expect(read.pairs).toEqual([]);
    expect(read.problems[0]?.message).toBe(
      'questions.csv:2: query: its { } groups expand into 105 queries, over the limit of 64; write the golds out, separated by ;',
    );
  });
});
