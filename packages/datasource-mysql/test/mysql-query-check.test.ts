import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMysqlQuery, maskMysqlSql } from '../src/mysql-query-check.js';

describe('checkMysqlQuery', () => {
  it('accepts one query, with comments, semicolons and parentheses around it', () => {
    for (const sql of [
      'SELECT 1',
      'SELECT 1;',
      '  -- why\nSELECT `a;b` FROM t # note\n;;',
      '/* lead */ WITH x AS (SELECT 1) SELECT * FROM x',
      '(SELECT 1) UNION (SELECT 2)',
      'VALUES (1), (2)',
      "SELECT 'it''s; \\' still a string', \"double; quoted\"",
      'SELECT /*+ MAX_EXECUTION_TIME(10) */ 1',
      'SELECT 1--1',
    ]) {
      expect(checkMysqlQuery(sql), sql).toMatchObject({ ok: true });
    }
    expect(checkMysqlQuery('  SELECT 1 ; ')).toEqual({
      ok: true,
      text: 'SELECT 1',
      takesLocks: false,
    });
    expect(checkMysqlQuery("SELECT GET_LOCK('a', 0)")).toMatchObject({ takesLocks: true });
  });

  it('refuses what is not a query before anything is sent', () => {
    for (const [sql, code] of [
      ['INSERT INTO t VALUES (1)', 'READ_ONLY_VIOLATION'],
      ['SET SESSION TRANSACTION READ WRITE', 'READ_ONLY_VIOLATION'],
      ['WITH x AS (SELECT 1) DELETE FROM t', 'READ_ONLY_VIOLATION'],
      ["SELECT * FROM t INTO OUTFILE '/tmp/x'", 'READ_ONLY_VIOLATION'],
      ['SELECT 1 INTO @v', 'READ_ONLY_VIOLATION'],
      ['SELECT 1; SELECT 2', 'SYNTAX'],
      ['SELECT 1 -- x\n; DROP TABLE t', 'READ_ONLY_VIOLATION'],
      ['SELECT 1 #\n; DROP TABLE t', 'READ_ONLY_VIOLATION'],
      ['/*!50000 DROP TABLE t */', 'SYNTAX'],
      ['SELECT /*M! 1; DROP TABLE t */ 1', 'SYNTAX'],
      ["SELECT 'open", 'SYNTAX'],
      ['SELECT `open', 'SYNTAX'],
      ['SELECT 1 /* open', 'SYNTAX'],
      ['SELEC 1', 'SYNTAX'],
      ['', 'SYNTAX'],
      ['SELECT 1 [; DROP TABLE t', 'READ_ONLY_VIOLATION'],
    ] as const) {
      expect(checkMysqlQuery(sql), sql).toMatchObject({ ok: false, code });
    }
  });

  it('reads a backslash-escaped quote as inside the string (MySQL, not SQLite)', () => {
    expect(checkMysqlQuery("SELECT 'a\\'; DROP TABLE t; SELECT '")).toMatchObject({ ok: true });
    expect(checkMysqlQuery("SELECT 'a\\\\'; DROP TABLE t")).toMatchObject({ ok: false });
  });

  it('never finds a second statement inside a string, name or comment (property)', () => {
    const body = fc.string().filter((s) => !s.includes('\\'));
    fc.assert(
      fc.property(body, (text) => {
        const string = `'${text.replaceAll("'", "''")}'`;
        const name = `\`${text.replaceAll('`', '``')}\``;
        const comment = `/* ${text.replaceAll('*/', '')} */`;
        for (const sql of [`SELECT ${string}`, `SELECT 1 AS ${name}`, `SELECT ${comment} 1`]) {
          if (sql.includes('/*!') || sql.includes('/*M!')) continue;
          expect(checkMysqlQuery(sql)).toMatchObject({ ok: true });
        }
      }),
    );
  });

  it('masks to the same length, keeping offsets', () => {
    fc.assert(
      fc.property(fc.string(), (sql) => {
        const mask = maskMysqlSql(sql);
        if ('masked' in mask) expect(mask.masked).toHaveLength(sql.length);
      }),
    );
  });
});
