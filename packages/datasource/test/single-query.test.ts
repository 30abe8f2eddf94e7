import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSingleQuery } from '../src/single-query.js';

const QUERIES = [
  'SELECT 1',
  "SELECT Name FROM Artist WHERE Name = 'a;b' ORDER BY 1",
  'VALUES (1, 2), (3, 4)',
  'WITH t AS (SELECT 1 AS x) SELECT x FROM t',
  'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r LIMIT 5) SELECT i FROM r',
  'with a(x) as not materialized (select 1), "b;" as materialized (select 2) select * from a, "b;"',
  'SELECT "weird;name" FROM [odd;table] /* ; */ WHERE x = \'--\'',
];

const WRITES = [
  ['INSERT INTO Artist (Name) VALUES (1)', 'INSERT'],
  ['update Artist set Name = 1', 'UPDATE'],
  ['DELETE FROM Artist', 'DELETE'],
  ['REPLACE INTO Artist VALUES (1, 2)', 'REPLACE'],
  ['CREATE TABLE x (a)', 'CREATE'],
  ['DROP TABLE Artist', 'DROP'],
  ['ALTER TABLE Artist ADD COLUMN b', 'ALTER'],
  ["ATTACH DATABASE '/tmp/x.db' AS x", 'ATTACH'],
  ["VACUUM INTO '/tmp/x.db'", 'VACUUM'],
  ['PRAGMA writable_schema = ON', 'PRAGMA'],
  ['PRAGMA table_info(Artist)', 'PRAGMA'],
  ['EXPLAIN SELECT 1', 'EXPLAIN'],
  ['BEGIN', 'BEGIN'],
  ['WITH t AS (SELECT 1) DELETE FROM Artist', 'DELETE'],
  ['WITH t(a) AS (SELECT 1), u AS (SELECT 2) INSERT INTO Artist SELECT * FROM t', 'INSERT'],
] as const;

describe('checkSingleQuery', () => {
  it.each(QUERIES)('accepts the query %s', (sql) => {
    expect(checkSingleQuery(sql)).toEqual({ ok: true, text: sql });
  });

  it.each(WRITES)('refuses %s as a read-only violation', (sql, keyword) => {
    const check = checkSingleQuery(sql);
    expect(check).toMatchObject({ ok: false, code: 'READ_ONLY_VIOLATION', askDatabase: false });
    expect(check.ok ? '' : check.message).toContain(keyword);
  });

  it('strips trailing semicolons, whitespace and comments', () => {
    expect(checkSingleQuery('  -- lead\n SELECT 1 ; ;\n -- tail ; DROP TABLE x\n/* ; */ ')).toEqual(
      {
        ok: true,
        text: 'SELECT 1',
      },
    );
  });

  it('refuses a second query as a syntax error naming where it starts', () => {
    expect(checkSingleQuery('SELECT 1; SELECT 2')).toMatchObject({
      ok: false,
      code: 'SYNTAX',
      message: 'expected exactly one statement, found 2; the second starts at offset 10',
    });
  });

  it('refuses a write hidden after a query as a read-only violation', () => {
    expect(checkSingleQuery("SELECT ';'; DROP TABLE Artist")).toMatchObject({
      ok: false,
      code: 'READ_ONLY_VIOLATION',
    });
  });

  it('refuses empty SQL', () => {
    expect(checkSingleQuery(' ; -- nothing\n')).toMatchObject({ ok: false, code: 'SYNTAX' });
  });

  it('asks the database about statements it cannot read', () => {
    expect(checkSingleQuery('SELEC 1')).toMatchObject({
      ok: false,
      askDatabase: true,
      text: 'SELEC 1',
    });
    expect(checkSingleQuery('WITH x AS SELECT 1')).toMatchObject({ ok: false, askDatabase: true });
    expect(checkSingleQuery('(SELECT 1)')).toMatchObject({ ok: false, askDatabase: true });
  });

  const noise = fc.array(
    fc.constantFrom(' ', '\n', '\t', ';', '-- c; DROP TABLE x\n', '/* ; INSERT */'),
    { maxLength: 6 },
  );

  it('ignores any trailing noise of whitespace, comments and semicolons', () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUERIES), noise, (sql, tail) => {
        expect(checkSingleQuery(sql + tail.join(''))).toEqual({ ok: true, text: sql });
      }),
    );
  });

  it('never accepts a query followed by another statement', () => {
    const second = fc.constantFrom('SELECT 2', ...WRITES.map(([sql]) => sql));
    fc.assert(
      fc.property(fc.constantFrom(...QUERIES), noise, second, (sql, between, next) => {
        expect(checkSingleQuery(`${sql};${between.join('')}${next}`).ok).toBe(false);
      }),
    );
  });

  it('treats a semicolon inside a string literal as data', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const literal = `'${value.replaceAll("'", "''")}'`;
        expect(checkSingleQuery(`SELECT ${literal} AS v;`)).toEqual({
          ok: true,
          text: `SELECT ${literal} AS v`,
        });
      }),
    );
  });
});
