// Column scopes end to end, in a project the test writes: a `clerk` role may read customers
// but not their names or emails. `suite import` writes the outcomes the policy gives, `suite
// lint` agrees with them (and catches an outcome that disagrees), `db grants` grants the
// clerk only its columns, and `eval run` against a real HTTP engine on 127.0.0.1 fails an
// answer whose SQL reads a denied column (directly, via `*`, via a join, in WHERE) as a leak.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSuite } from '@nl2sql/suite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXIT } from '../src/index.js';
import { cli } from './authoring-project.js';
import { type EngineReply, startEngineServer, type TestEngineServer } from './engine-server.js';
import { writeDatabase } from './sqlite-file.js';

const EVALS = (url: string) => `version: 1
datasources:
  shop:
    engine: sqlite
    path: shop.sqlite
policy:
  roles:
    analyst:
      tables: [customers, orders]
    clerk:
      tables: [customers, orders]
      columns:
        Customers: [id, city]
suites: [suite.yaml]
engines:
  mine: { kind: http, url: '${url}' }
default_engine: mine
`;

const PAIRS = [
  {
    id: 'oslo_count',
    question: 'How many customers live in Oslo?',
    sql: "SELECT COUNT(*) AS n FROM customers WHERE city = 'Oslo'",
  },
  {
    id: 'emails',
    question: 'What are the customer emails?',
    sql: 'SELECT email FROM customers ORDER BY email',
  },
  {
    id: 'oslo_names',
    question: 'Who lives in Oslo?',
    sql: "SELECT name FROM customers WHERE city = 'Oslo' ORDER BY name",
  },
  {
    id: 'order_total',
    question: 'What do all orders come to?',
    sql: 'SELECT SUM(total) AS total FROM orders',
  },
]
  .map((p) => JSON.stringify(p))
  .join('\n');

const success = (sql: string, columns: string[], rows: unknown[][]) => ({
  status: 'success',
  sql,
  results: [{ columns, rows, truncated: false }],
  answer: 'Here you are.',
  error: null,
  usage: [],
  trace: { datasource: 'shop' },
});
const refusal = {
  status: 'error',
  sql: null,
  results: [],
  answer: null,
  error: {
    code: 'SECURITY_VIOLATION',
    message: 'You do not have access to the data needed to answer this question.',
  },
  usage: [],
  trace: {},
};

/**
 * The SQL the engine answers the allowed questions with, by how it reads a denied column
 * (or none): its rows are right every time, so only the leak check can fail it.
 */
const ANSWERS: Record<string, Record<string, [string, string[], unknown[][]]>> = {
  clean: {
    'How many customers live in Oslo?': [
      "SELECT COUNT(*) AS n FROM customers WHERE city = 'Oslo'",
      ['n'],
      [[2]],
    ],
    'What do all orders come to?': ['SELECT SUM(total) AS total FROM orders', ['total'], [[40]]],
  },
  directly: {
    'How many customers live in Oslo?': [
      "SELECT COUNT(email) AS n FROM customers WHERE city = 'Oslo'",
      ['n'],
      [[2]],
    ],
    'What do all orders come to?': ['SELECT SUM(total) AS total FROM orders', ['total'], [[40]]],
  },
  star: {
    'How many customers live in Oslo?': [
      "SELECT COUNT(*) AS n FROM (SELECT * FROM customers WHERE city = 'Oslo') AS c",
      ['n'],
      [[2]],
    ],
    'What do all orders come to?': ['SELECT SUM(total) AS total FROM orders', ['total'], [[40]]],
  },
  join: {
    'How many customers live in Oslo?': [
      "SELECT COUNT(*) AS n FROM customers WHERE city = 'Oslo'",
      ['n'],
      [[2]],
    ],
    'What do all orders come to?': [
      'SELECT SUM(o.total) AS total FROM orders AS o LEFT JOIN customers AS c ON c.name = o.customer_name',
      ['total'],
      [[40]],
    ],
  },
  where: {
    'How many customers live in Oslo?': [
      "SELECT COUNT(*) AS n FROM customers WHERE city = 'Oslo' AND name <> ''",
      ['n'],
      [[2]],
    ],
    'What do all orders come to?': ['SELECT SUM(total) AS total FROM orders', ['total'], [[40]]],
  },
};

let style = 'clean';
const answer: EngineReply = ({ question, role }) => {
  const known = ANSWERS[style]?.[question];
  // The engine refuses the clerk the questions about names and emails, as it should.
  if (!known) return role === 'clerk' ? refusal : success('SELECT 1 AS x', ['x'], [[1]]);
  return success(...known);
};

let dir: string;
let server: TestEngineServer;
beforeAll(async () => {
  server = await startEngineServer(answer);
  dir = await mkdtemp(join(tmpdir(), 'nl2sql-columns-'));
  await writeDatabase(join(dir, 'shop.sqlite'), [
    'CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, city TEXT NOT NULL)',
    "INSERT INTO customers VALUES (1, 'Ada', 'ada@x.org', 'Oslo'), (2, 'Bo', 'bo@x.org', 'Lima'), (3, 'Cy', 'cy@x.org', 'Oslo')",
    'CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_name TEXT NOT NULL, total REAL NOT NULL)',
    "INSERT INTO orders VALUES (1, 'Ada', 15), (2, 'Bo', 20), (3, 'Cy', 5)",
  ]);
  await writeFile(join(dir, 'evals.yaml'), EVALS(server.url));
  await writeFile(join(dir, 'suite.yaml'), 'name: shop\nversion: 1\ncases: []\n');
  await writeFile(join(dir, 'pairs.jsonl'), `${PAIRS}\n`);
});
afterAll(async () => {
  await server?.close();
});

describe('column scopes (evals.yaml policy.roles.R.columns)', () => {
  test('suite import writes the outcome the column lists give; lint agrees', async () => {
    const imported = await cli(dir, 'suite', 'import', 'pairs.jsonl');
    expect(imported.code, imported.err).toBe(EXIT.ok);
    const suite = await loadSuite(join(dir, 'suite.yaml'));
    const outcomes = Object.fromEntries(suite.cases.map((c) => [c.id, c.outcome]));
    expect(outcomes).toEqual({
      oslo_count: { analyst: 'allowed', clerk: 'allowed' },
      emails: { analyst: 'allowed', clerk: 'refused' },
      oslo_names: { analyst: 'allowed', clerk: 'refused' },
      order_total: { analyst: 'allowed', clerk: 'allowed' },
    });
    const approved = await cli(
      dir,
      'suite',
      'review',
      '--approve',
      'oslo_count,emails,oslo_names,order_total',
    );
    expect(approved.code, approved.err).toBe(EXIT.ok);
    const lint = await cli(dir, 'suite', 'lint');
    expect(lint.code, lint.out + lint.err).toBe(EXIT.ok);
    expect(lint.out + lint.err).not.toContain('outcome-mismatch');
  });

  test('lint catches an outcome that lets the clerk read a denied column', async () => {
    const file = join(dir, 'suite.yaml');
    const before = await readFile(file, 'utf8');
    const edited = before.replace(/(id: emails[\s\S]*?clerk: )refused/, '$1allowed');
    expect(edited).not.toBe(before);
    await writeFile(file, edited);
    try {
      const lint = await cli(dir, 'suite', 'lint');
      expect(lint.code).toBe(EXIT.failed);
      expect(lint.out + lint.err).toContain('role clerk: allowed, but the policy gives refused');
    } finally {
      await writeFile(file, before);
    }
  });

  test('eval run: an answer reading only allowed columns passes', async () => {
    style = 'clean';
    const r = await cli(dir, 'eval', 'run', '--json');
    expect(r.code, r.err).toBe(EXIT.ok);
    const runs =
      (
        JSON.parse(r.out) as {
          report: { configs: { cases: { case_id: string; role: string; status: string }[] }[] };
        }
      ).report.configs[0]?.cases ?? [];
    expect(runs.filter((c) => c.role === 'clerk').map((c) => [c.case_id, c.status])).toEqual([
      ['oslo_count', 'pass'],
      ['emails', 'pass'],
      ['oslo_names', 'pass'],
      ['order_total', 'pass'],
    ]);
  });

  test.each([
    ['directly', 'oslo_count', 'customers.email'],
    ['star', 'oslo_count', 'customers.email'],
    ['join', 'order_total', 'customers.name'],
    ['where', 'oslo_count', 'customers.name'],
  ])(
    'eval run: an answer reading a denied column %s fails as a leak, with right rows',
    async (how, failing, column) => {
      style = how;
      const r = await cli(dir, 'eval', 'run', '--json');
      expect(r.code, r.err).toBe(EXIT.ok); // an external engine's failures are its score
      type Run = {
        case_id: string;
        role: string;
        status: string;
        scores: Record<string, { pass: boolean; explanation?: string | null }>;
      };
      const runs =
        (JSON.parse(r.out) as { report: { configs: { cases: Run[] }[] } }).report.configs[0]
          ?.cases ?? [];
      const clerk = runs.find((c) => c.case_id === failing && c.role === 'clerk') as Run;
      expect(clerk.status).toBe('fail');
      expect(clerk.scores.result_match?.pass).toBe(true);
      expect(clerk.scores.outcome?.pass).toBe(false);
      expect(clerk.scores.outcome?.explanation?.toLowerCase()).toContain(column);
      expect(clerk.scores.outcome?.explanation).toContain(
        'outside what role clerk may read (a leak)',
      );
      // The analyst reads customers whole: the same SQL is no leak there.
      const analyst = runs.find((c) => c.case_id === failing && c.role === 'analyst') as Run;
      expect(analyst.scores.outcome?.pass).toBe(true);
    },
  );

  test('db grants gives the clerk SELECT on its columns only', async () => {
    await writeFile(
      join(dir, 'policy.json'),
      JSON.stringify({
        roles: {
          clerk: { tables: ['customers', 'orders'], columns: { customers: ['id', 'city'] } },
        },
      }),
    );
    const r = await cli(dir, 'db', 'grants', '--policy', 'policy.json', '--database', 'shop');
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(r.out).toContain('GRANT SELECT ("city", "id") ON TABLE "public"."customers"');
    expect(r.out).not.toMatch(/GRANT SELECT ON TABLE [^;]*"customers"/);
  });
});
