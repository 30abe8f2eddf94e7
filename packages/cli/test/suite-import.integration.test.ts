import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import { loadSuite } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/index.js';
import { cli, initialisedShop } from './authoring-project.js';
import { buildDatabase } from './shop-database.js';

const PAIRS = [
  '{"id": "orders", "question": "How many orders are there?", "sql": "SELECT COUNT(*) FROM orders"}',
  '{"question": "Who lives in Oslo?", "sql": "SELECT name FROM customers WHERE city = \'Oslo\' ORDER BY name", "tags": ["filter"]}',
  '{"question": "broken json", ',
  '{"question": "Refunds?", "sql": "SELECT * FROM refunds"}',
  '{"id": "orders", "question": "Orders again?", "sql": "SELECT COUNT(*) FROM orders"}',
].join('\n');

describe('nl2sql suite import', () => {
  it('appends draft cases, lists each pair left out with its line, exit 1', async () => {
    const dir = await initialisedShop();
    await writeFile(join(dir, 'pairs.jsonl'), `${PAIRS}\n`);
    const r = await cli(dir, 'suite', 'import', 'pairs.jsonl');
    expect(r.code).toBe(EXIT.failed);
    expect(r.err.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^left out: pairs\.jsonl:3: not a JSON object: /),
      'left out: pairs.jsonl:4: the SQL fails on shop: SQLITE_ERROR: no such table: refunds',
      'left out: pairs.jsonl:5: id orders is already used by the pair at pairs.jsonl:1; nothing was changed for it',
    ]);
    expect(r.out).toContain(
      'suites/shop.yaml: added 2 draft case(s) from pairs.jsonl; 3 pair(s) left out',
    );
    const suite = await loadSuite(join(dir, 'suites', 'shop.yaml'));
    expect(suite.cases.map((c) => [c.id, c.approved, c.source, c.outcome, c.rows])).toEqual([
      [
        'orders',
        false,
        { kind: 'imported', file: '../pairs.jsonl', line: 1 },
        { analyst: 'allowed' },
        [[3]],
      ],
      [
        expect.stringMatching(/^who_lives_in_oslo_[0-9a-f]{10}$/),
        false,
        { kind: 'imported', file: '../pairs.jsonl', line: 2 },
        { analyst: 'allowed' },
        [['Ada'], ['Chen']],
      ],
    ]);
  });

  it('touches nothing already in the suite: importing the same file again writes no byte', async () => {
    const dir = await initialisedShop();
    await writeFile(join(dir, 'pairs.jsonl'), `${PAIRS}\n`);
    await cli(dir, 'suite', 'import', 'pairs.jsonl');
    const before = await readFile(join(dir, 'suites', 'shop.yaml'), 'utf8');
    const again = await cli(dir, 'suite', 'import', 'pairs.jsonl');
    expect(again.code).toBe(EXIT.failed);
    expect(again.err).toContain('pairs.jsonl:1: id orders is already used in the suite');
    expect(again.out).toContain('nothing was written');
    expect(await readFile(join(dir, 'suites', 'shop.yaml'), 'utf8')).toBe(before);

    await writeFile(
      join(dir, 'more.csv'),
      'question,sql\nWhat is the largest order?,SELECT MAX(total) FROM orders\n',
    );
    const more = await cli(dir, 'suite', 'import', 'more.csv');
    expect(more.code).toBe(EXIT.ok);
    const after = await readFile(join(dir, 'suites', 'shop.yaml'), 'utf8');
    expect(after.startsWith(before.trimEnd())).toBe(true);
    expect((await loadSuite(join(dir, 'suites', 'shop.yaml'))).cases).toHaveLength(3);
  });

  it('refuses a pairs file it cannot read as its format, located, writing nothing (exit 3)', async () => {
    const dir = await initialisedShop();
    const before = await readFile(join(dir, 'suites', 'shop.yaml'), 'utf8');
    await writeFile(join(dir, 'bad.csv'), 'question,sql\nok,SELECT 1\n"open,SELECT 2\n');
    const r = await cli(dir, 'suite', 'import', 'bad.csv');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toMatch(/^nl2sql: bad\.csv:\d+: /);
    await writeFile(join(dir, 'pairs.txt'), 'x');
    expect((await cli(dir, 'suite', 'import', 'pairs.txt')).code).toBe(EXIT.config);
    expect((await cli(dir, 'suite', 'import', 'none.csv')).code).toBe(EXIT.config);
    expect(await readFile(join(dir, 'suites', 'shop.yaml'), 'utf8')).toBe(before);
  });

  it('outside a project, says to run init instead of looking for Chinook (exit 3)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-no-project-'));
    await writeFile(join(dir, 'p.csv'), 'question,sql\nq,SELECT 1\n');
    const r = await cli(dir, 'suite', 'import', 'p.csv');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain('suite import works in a project: there is no evals.yaml in');
    expect(r.err).toContain('nl2sql init --db PATH writes one');
  });

  it('refuses to import into the packaged Chinook suite (exit 3)', async () => {
    const dir = await initialisedShop();
    await writeFile(join(dir, 'p.csv'), 'question,sql\nq,SELECT 1\n');
    const before = await readFile(CHINOOK_SUITE_PATH, 'utf8');
    const r = await cli(dir, 'suite', 'import', 'p.csv', '--suite', CHINOOK_SUITE_PATH);
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain('import into a suite of your own');
    expect(await readFile(CHINOOK_SUITE_PATH, 'utf8')).toBe(before);
  });

  it("with the project's database missing, a bad pairs file or --suite is still reported first (exit 3)", async () => {
    const dir = await initialisedShop();
    await rm(join(dir, 'shop.sqlite'));
    await writeFile(join(dir, 'bad.csv'), 'question,sql\nok,SELECT 1\n"open,SELECT 2\n');
    const bad = await cli(dir, 'suite', 'import', 'bad.csv');
    expect(bad.code).toBe(EXIT.config);
    expect(bad.err).toMatch(/^nl2sql: bad\.csv:\d+: /);
    await writeFile(join(dir, 'p.csv'), 'question,sql\nq,SELECT 1\n');
    const suite = await cli(dir, 'suite', 'import', 'p.csv', '--suite', 'nosuch');
    expect(suite.code).toBe(EXIT.config);
    expect(suite.err).toContain(`${join(dir, 'nosuch')}: no such suite file`);
    const missing = await cli(dir, 'suite', 'import', 'p.csv');
    expect(missing.code).toBe(EXIT.config);
    expect(missing.err).toMatch(/evals\.yaml:\d+: datasources\.shop\.path: .*: no such file$/);
  });
});

// A shop whose other accepted answers read a view and a lookup table, which role analyst
// may not read (issue 24: alternatives that read other tables).
const LOOKUP_SQL = `
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country_code TEXT NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, total REAL NOT NULL);
CREATE TABLE countries (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE VIEW customer_totals AS SELECT c.id AS customer_id, c.name AS name, SUM(o.total) AS total FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id, c.name;
INSERT INTO customers VALUES (1, 'Ada', 'GB'), (2, 'Brian', 'GB'), (3, 'Chen', 'CN');
INSERT INTO orders VALUES (1, 1, 10.5), (2, 1, 20), (3, 2, 7.25);
INSERT INTO countries VALUES ('GB', 'United Kingdom'), ('CN', 'China');
`;

const POLICY = [
  'policy:',
  '  roles:',
  '    admin:',
  '      tables: [countries, customer_totals, customers, orders]',
  '    analyst:',
  '      tables: [customers, orders]',
].join('\n');

describe('nl2sql suite import: alternatives', () => {
  it('imports a defog sql-eval questions CSV with its alternatives; suite lint says which roles each serves', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-alternatives-'));
    await buildDatabase(join(dir, 'shop.sqlite'), LOOKUP_SQL);
    const init = await cli(dir, 'init', '--db', 'shop.sqlite');
    expect(init.code).toBe(EXIT.ok);
    const config = await readFile(join(dir, 'evals.yaml'), 'utf8');
    await writeFile(
      join(dir, 'evals.yaml'),
      config.replace(/^policy:\n(?: {2}.*\n)+/m, `${POLICY}\n`),
    );
    await writeFile(
      join(dir, 'questions_gen_sqlite.csv'),
      [
        'db_name,db_type,query_category,query,question,instructions',
        'shop,sqlite,group_by,"SELECT country_code, COUNT(*) FROM customers GROUP BY country_code;SELECT k.name, COUNT(*) FROM customers c JOIN countries k ON k.code = c.country_code GROUP BY k.name",How many customers per country?,',
        'shop,sqlite,group_by,"SELECT {c.id, c.name}, SUM(o.total) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY {}",Total per customer?,',
        'shop,sqlite,group_by,"SELECT {c.id, c.nope}, SUM(o.total) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY {}",Broken?,',
      ].join('\n'),
    );
    // --format defog says what the file is: anything else is refused at its header.
    await writeFile(join(dir, 'plain.csv'), 'question,sql\nq?,SELECT 1\n');
    const plain = await cli(dir, 'suite', 'import', 'plain.csv', '--format', 'defog');
    expect(plain.code).toBe(EXIT.config);
    expect(plain.err).toContain(
      "plain.csv:1: --format defog: the header names question, sql; sql-eval's questions file has a query column and no sql column",
    );
    const r = await cli(dir, 'suite', 'import', 'questions_gen_sqlite.csv', '--format', 'defog');
    expect(r.err).toMatch(
      /^left out: questions_gen_sqlite\.csv:4: alt_sql\[0\] fails on shop: SQLITE_ERROR: no such column: c\.nope\n?$/,
    );
    expect(r.code).toBe(EXIT.failed);
    const suite = await loadSuite(join(dir, 'suites', 'shop.yaml'));
    expect(suite.cases.map((c) => [c.question, c.alt_sql?.length, c.outcome])).toEqual([
      ['How many customers per country?', 1, { admin: 'allowed', analyst: 'allowed' }],
      ['Total per customer?', 2, { admin: 'allowed', analyst: 'allowed' }],
    ]);
    expect(suite.cases[0]?.alt_reads?.[0]?.tables).toEqual(['countries', 'customers']);
    // query_category is kept as a tag.
    expect(suite.cases[0]?.tags).toContain('query_category:group_by');
    // Expansions that read the gold's own tables count wherever the gold does: no alt_reads.
    expect(suite.cases[1]?.alt_reads).toBeUndefined();
    expect(suite.cases[1]?.alt_rows).toHaveLength(2);

    const lint = await cli(dir, 'suite', 'lint');
    expect(lint.out).toContain(
      `${suite.cases[0]?.id}: alt_sql[0] reads countries: counts for admin, not for analyst`,
    );
    expect(lint.code).toBe(EXIT.ok);
    const json = JSON.parse((await cli(dir, 'suite', 'lint', '--json')).out);
    expect(json.alternatives).toEqual([
      {
        case: suite.cases[0]?.id,
        alt_sql: 0,
        reads: ['countries'],
        roles: ['admin'],
        not_roles: ['analyst'],
      },
    ]);
  });
});
