import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPostgresQuery, maskPostgresSql } from '../src/postgres-query-check.js';

const QUERIES = [
  'SELECT 1',
  'VALUES (1, 2), (3, 4)',
  'WITH t AS (SELECT 1 AS x) SELECT x FROM t',
  'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 5) SELECT i FROM r',
  'with a as materialized (select 1), b as not materialized (select 2) select * from a, b',
  '(SELECT 1) UNION (SELECT 2)',
  '((SELECT 1)) ORDER BY 1',
  "SELECT $$;$$, $tag$ ' ; $tag$, E'\\';', '\\', \"a;b\" FROM t",
  'SELECT 1 /* ; /* nested ; */ still comment ; */',
  'SELECT ARRAY[1, 2][1], `x`',
  'SELECT 1 -- trailing ; comment',
];

describe('checkPostgresQuery', () => {
  it.each(QUERIES)('accepts the query %s as it is written', (sql) => {
    const check = checkPostgresQuery(sql);
    expect(check.ok).toBe(true);
    expect(sql.startsWith(check.text)).toBe(true);
  });

  it('strips surrounding comments and semicolons, keeping the statement intact', () => {
    expect(checkPostgresQuery('/* a */ -- b\r (SELECT 1) ; ; -- c\n/* ; */')).toEqual({
      ok: true,
      text: '(SELECT 1)',
    });
  });

  // A second statement hidden from a scanner that does not know PostgreSQL's rules.
  const HIDDEN_SECOND_STATEMENT = [
    ['a -- comment ended by a carriage return', 'SELECT 1 --\r; DROP TABLE "Track"'],
    ['a dollar quote holding a single quote', "SELECT $$ ' $$; DROP TABLE \"Track\"; SELECT ' '"],
    ['a tagged dollar quote', "SELECT $a$ ' $a$; DELETE FROM \"Track\"; SELECT ' '"],
    ['a block comment closed early', 'SELECT 1 /* */; DROP TABLE "Track"'],
    ['a nested comment, then the statement', 'SELECT 1 /* /* */ */; DROP TABLE "Track"'],
    ['a backslash in a standard string', "SELECT '\\'; DROP TABLE \"Track\"; --'"],
    ['a square bracket PostgreSQL does not quote with', 'SELECT a[1]; DROP TABLE "Track"'],
    ['a backtick PostgreSQL does not quote with', 'SELECT `; DROP TABLE "Track"; `'],
    ['a form feed', 'SELECT 1\f;\fDROP TABLE "Track"'],
  ] as const;

  it.each(HIDDEN_SECOND_STATEMENT)('refuses a second statement after %s', (_, sql) => {
    const check = checkPostgresQuery(sql);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.code).toMatch(/SYNTAX|READ_ONLY_VIOLATION/);
  });

  it.each([
    ['DELETE FROM "Track"', 'DELETE'],
    ['WITH d AS (SELECT 1) DELETE FROM "Track"', 'DELETE'],
    ['SET ROLE postgres', 'SET'],
    ['SET SESSION AUTHORIZATION postgres', 'SET'],
    ['BEGIN READ WRITE', 'BEGIN'],
    ["COPY (SELECT 1) TO PROGRAM 'id'", 'COPY'],
    ['TABLE "Track"', 'TABLE'],
    ['CALL p()', 'CALL'],
    ['DO $$ BEGIN DELETE FROM t; END $$', 'DO'],
    ['MERGE INTO t USING s ON true WHEN MATCHED THEN DELETE', 'MERGE'],
    ['EXPLAIN ANALYZE DELETE FROM t', 'EXPLAIN'],
    ['SHOW ALL', 'SHOW'],
    ['RESET ALL', 'RESET'],
    ['LOCK TABLE "Track"', 'LOCK'],
  ])('refuses %s before sending (READ_ONLY_VIOLATION naming %s)', (sql, keyword) => {
    const check = checkPostgresQuery(sql);
    expect(check).toMatchObject({ ok: false, code: 'READ_ONLY_VIOLATION', askDatabase: false });
    expect(check.ok ? '' : check.message).toContain(keyword);
  });

  it('calls a word no statement starts with a syntax error, without asking the server', () => {
    expect(checkPostgresQuery('SELEC 1')).toMatchObject({
      ok: false,
      code: 'SYNTAX',
      askDatabase: false,
      message: 'syntax error: no PostgreSQL statement starts with SELEC',
    });
    expect(checkPostgresQuery('$1')).toMatchObject({ ok: false, code: 'SYNTAX' });
  });

  it.each([
    ['SELECT 1; /* never closed ; DROP TABLE "Track"', 'block comment starting at offset 10'],
    ['SELECT 1 /* /* */ ; DROP TABLE "Track"', 'block comment starting at offset 9'],
    ["SELECT 'open ; DROP", 'string starting at offset 7'],
    ["SELECT E'\\'", 'string starting at offset 7'],
    ['SELECT $a$ ; $b$', 'string starting at offset 7'],
    ['SELECT "open', 'quoted name starting at offset 7'],
  ])('refuses %s: the %s is never closed', (sql, where) => {
    expect(checkPostgresQuery(sql)).toMatchObject({
      ok: false,
      code: 'SYNTAX',
      message: `syntax error: the ${where} is never closed`,
    });
  });

  it('refuses empty SQL and a second query', () => {
    expect(checkPostgresQuery(' ; -- nothing\r')).toMatchObject({ ok: false, code: 'SYNTAX' });
    expect(checkPostgresQuery('SELECT 1; SELECT 2')).toMatchObject({ ok: false, code: 'SYNTAX' });
  });

  it('accepts a query whatever a string literal in it holds', () => {
    const literal = fc.string().map((s) => `'${s.replaceAll("'", "''")}'`);
    const dollar = fc
      .string()
      .filter((s) => !s.includes('$q$'))
      .map((s) => `$q$${s}$q$`);
    const escaped = fc
      .string()
      .map((s) => `E'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`);
    const name = fc.string().map((s) => `"${s.replaceAll('"', '""')}"`);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(literal, dollar, escaped, name), { minLength: 1, maxLength: 4 }),
        (parts) => {
          const sql = `SELECT ${parts.join(', ')}`;
          expect(checkPostgresQuery(sql)).toEqual({ ok: true, text: sql });
        },
      ),
    );
  });

  it('refuses any query followed by a write, whatever comment sits between', () => {
    const comment = fc.oneof(
      fc
        .string()
        .filter((s) => !/[\n\r]/.test(s))
        .map((s) => `--${s}\n`),
      fc
        .string()
        .filter((s) => !/[\n\r]/.test(s))
        .map((s) => `--${s}\r`),
      fc
        .string()
        // Nothing that opens or closes a comment, and no '/' that would open one with the '*' of '*/'.
        .filter((s) => !s.includes('*/') && !s.includes('/*') && !s.endsWith('/'))
        .map((s) => `/*${s}*/`),
    );
    fc.assert(
      fc.property(comment, comment, (a, b) => {
        expect(checkPostgresQuery(`SELECT 1 ${a}; ${b} DROP TABLE "Track"`).ok).toBe(false);
      }),
    );
  });
});

describe('maskPostgresSql', () => {
  it('keeps the length and blanks what is inside strings, names and comments', () => {
    const sql = 'SELECT $$;$$, \'a;b\' /* ; */ -- ;\r, "x;"';
    const masked = maskPostgresSql(sql);
    expect(masked).toHaveLength(sql.length);
    expect(masked).toBe(`SELECT '   ', '   ' ${' '.repeat(7)} ${' '.repeat(4)}\r, "  "`);
  });
});
