// MySQL's and DuckDB's own paths to files, extensions, locks and session state: each is
// refused with the rule that names it, and benign Chinook analytics in each dialect (native
// ones, and the SQLite corpus transpiled by the parser) pass with no violation.
import { describe, expect, it } from 'vitest';
import type { SqlDialect } from '../src/index.js';
import {
  checkSafety,
  DENIED_FUNCTIONS,
  deniedFunctions,
  scanStatements,
  transpileSql,
} from '../src/index.js';
import { BENIGN_CHINOOK } from './fixtures/chinook-corpus.js';
import {
  BENIGN_CHINOOK_DUCKDB,
  BENIGN_CHINOOK_MYSQL,
} from './fixtures/chinook-mysql-duckdb-corpus.js';

const rules = async (sql: string, dialect: SqlDialect) =>
  (await checkSafety(sql, { dialect, maxLimit: 1000 })).violations.map((v) => v.rule);

const MYSQL_ATTACKS: [string, string, string][] = [
  ['INTO OUTFILE', "SELECT Name FROM Artist INTO OUTFILE '/tmp/artists.txt'", 'file-access'],
  ['INTO DUMPFILE', "SELECT Name INTO DUMPFILE '/tmp/a' FROM Artist LIMIT 1", 'file-access'],
  ['INTO OUTFILE after LIMIT', "SELECT 1 LIMIT 1 INTO OUTFILE '/tmp/x'", 'file-access'],
  ['LOAD DATA', "LOAD DATA INFILE '/etc/passwd' INTO TABLE Artist", 'file-access'],
  ['LOAD DATA LOCAL', "LOAD DATA LOCAL INFILE 'x.csv' INTO TABLE Artist", 'file-access'],
  ['LOAD XML', "LOAD XML INFILE '/tmp/x.xml' INTO TABLE Artist", 'file-access'],
  ['LOAD_FILE', "SELECT LOAD_FILE('/etc/passwd') LIMIT 1", 'dangerous-function'],
  ['SET session variable', "SET SESSION sql_mode = ''", 'session-state'],
  ['SET user variable', 'SET @a = 1', 'session-state'],
  ['SET max_execution_time', 'SET max_execution_time = 0', 'session-state'],
  ['MariaDB SET STATEMENT', 'SET STATEMENT max_statement_time=0 FOR SELECT 1', 'session-state'],
  ['SELECT INTO @var', 'SELECT Name FROM Artist LIMIT 1 INTO @x', 'session-state'],
  ['read a system variable', 'SELECT @@secure_file_priv', 'session-state'],
  ['read a session variable', 'SELECT @@session.sql_mode', 'session-state'],
  ['read a user variable', 'SELECT @x', 'session-state'],
  ['HANDLER OPEN', 'HANDLER Artist OPEN', 'blocked-statement'],
  ['HANDLER READ', 'HANDLER Artist READ FIRST', 'blocked-statement'],
  ['LOCK TABLES', 'LOCK TABLES Artist READ', 'row-lock'],
  ['UNLOCK TABLES', 'UNLOCK TABLES', 'row-lock'],
  ['FOR UPDATE', 'SELECT * FROM Artist LIMIT 2 FOR UPDATE', 'row-lock'],
  ['LOCK IN SHARE MODE', 'SELECT * FROM Artist LIMIT 2 LOCK IN SHARE MODE', 'row-lock'],
  ['SLEEP', 'SELECT SLEEP(600) LIMIT 1', 'dangerous-function'],
  ['BENCHMARK', "SELECT BENCHMARK(1000000000, MD5('x')) LIMIT 1", 'dangerous-function'],
  ['SLEEP in WHERE', 'SELECT Name FROM Artist WHERE SLEEP(1) = 0 LIMIT 1', 'dangerous-function'],
  ['DO SLEEP', 'DO SLEEP(600)', 'blocked-statement'],
  ['GET_LOCK', "SELECT GET_LOCK('x', 600) LIMIT 1", 'dangerous-function'],
  [
    'LAST_INSERT_ID(expr) sets a session value',
    'SELECT LAST_INSERT_ID(5) LIMIT 1',
    'dangerous-function',
  ],
  ['executable comment', 'SELECT 1 /*! , SLEEP(600) */ LIMIT 1', 'executable-comment'],
  ['versioned executable comment', 'SELECT 1 /*!50000 ; DROP TABLE Track */', 'executable-comment'],
  ['MariaDB executable comment', 'SELECT 1 /*M! , SLEEP(600) */ LIMIT 1', 'executable-comment'],
  [
    'optimizer hint raising the timeout',
    'SELECT /*+ MAX_EXECUTION_TIME(999999) */ Name FROM Artist LIMIT 1',
    'executable-comment',
  ],
  [
    'a backslash hides a statement',
    "SELECT 'a\\' ; DROP TABLE Track; -- ' LIMIT 1",
    'ambiguous-literal',
  ],
  ['--x is not a comment', 'SELECT 1 --x\n; DROP TABLE Track', 'multiple-statements'],
  ['INSERT', "INSERT INTO Genre VALUES (100, 'x')", 'write'],
  ['REPLACE', "REPLACE INTO Genre VALUES (1, 'x')", 'write'],
  ['DROP', 'DROP TABLE Track', 'ddl'],
  ['SHOW', 'SHOW GRANTS', 'blocked-statement'],
  ['CALL', 'CALL p()', 'blocked-statement'],
  ['USE', 'USE mysql', 'session-state'],
  ['START TRANSACTION', 'START TRANSACTION', 'transaction'],
];

const DUCKDB_ATTACKS: [string, string, string][] = [
  ['COPY table TO', "COPY Artist TO '/tmp/artists.csv'", 'copy'],
  ['COPY query TO', "COPY (SELECT * FROM Customer) TO '/tmp/c.parquet' (FORMAT PARQUET)", 'copy'],
  ['COPY FROM', "COPY Artist FROM '/tmp/x.csv'", 'copy'],
  ['EXPORT DATABASE', "EXPORT DATABASE '/tmp/dump'", 'copy'],
  ['IMPORT DATABASE', "IMPORT DATABASE '/tmp/dump'", 'copy'],
  ['read_csv', "SELECT * FROM read_csv('/etc/passwd') LIMIT 1", 'dangerous-function'],
  ['read_csv_auto', "SELECT * FROM read_csv_auto('/etc/passwd') LIMIT 1", 'table-function'],
  ['read_parquet', "SELECT * FROM read_parquet('s3://b/x.parquet') LIMIT 1", 'dangerous-function'],
  ['read_json', "SELECT * FROM read_json('/tmp/x.json') LIMIT 1", 'dangerous-function'],
  ['read_text', "SELECT * FROM read_text('/etc/passwd') LIMIT 1", 'dangerous-function'],
  ['read_blob', "SELECT * FROM read_blob('/etc/shadow') LIMIT 1", 'dangerous-function'],
  ['glob', "SELECT * FROM glob('/home/*') LIMIT 10", 'dangerous-function'],
  ['read_csv as a scalar', "SELECT read_csv('/etc/passwd') LIMIT 1", 'dangerous-function'],
  ['sqlite_scan', "SELECT * FROM sqlite_scan('/tmp/a.db', 't') LIMIT 1", 'dangerous-function'],
  ['query() runs a SQL string', "SELECT * FROM query('SELECT 1') LIMIT 1", 'dangerous-function'],
  ['replacement scan of a file', "SELECT * FROM 'data.csv' LIMIT 5", 'file-access'],
  ['replacement scan of a path', 'SELECT * FROM "/etc/passwd.csv" LIMIT 5', 'file-access'],
  [
    'replacement scan of a URL',
    "SELECT * FROM 'https://example.com/x.parquet' LIMIT 5",
    'file-access',
  ],
  ['ATTACH', "ATTACH '/tmp/other.db' AS other", 'attach'],
  ['DETACH', 'DETACH other', 'attach'],
  ['INSTALL', 'INSTALL httpfs', 'extension'],
  ['FORCE INSTALL', 'FORCE INSTALL httpfs', 'extension'],
  ['LOAD', 'LOAD httpfs', 'extension'],
  ['PRAGMA', 'PRAGMA database_list', 'pragma'],
  ['SET', 'SET enable_external_access = true', 'session-state'],
  ['SET threads', 'SET threads = 64', 'session-state'],
  ['RESET', 'RESET threads', 'blocked-statement'],
  ['current_setting', "SELECT current_setting('access_mode') LIMIT 1", 'dangerous-function'],
  ['duckdb_settings', 'SELECT * FROM duckdb_settings() LIMIT 5', 'dangerous-function'],
  ['duckdb_secrets', 'SELECT * FROM duckdb_secrets() LIMIT 5', 'dangerous-function'],
  ['getenv', "SELECT getenv('HOME') LIMIT 1", 'dangerous-function'],
  ['CALL', 'CALL pragma_version()', 'blocked-statement'],
  ['CREATE SECRET', 'CREATE SECRET (TYPE S3)', 'blocked-statement'],
  ['USE', 'USE other', 'session-state'],
  ['nextval', "SELECT nextval('s') LIMIT 1", 'dangerous-function'],
  ['unvetted function', 'SELECT my_macro(1) LIMIT 1', 'function-not-allowed'],
  ['INSERT', "INSERT INTO Genre VALUES (100, 'x')", 'write'],
  ['CREATE TABLE AS', 'CREATE TABLE x AS SELECT * FROM Artist', 'ddl'],
  ['no LIMIT', 'SELECT * FROM Track', 'limit-missing'],
];

describe('MySQL attack paths: each refused with its rule', () => {
  for (const [name, sql, rule] of MYSQL_ATTACKS) {
    it(name, async () => {
      const got = await rules(sql, 'mysql');
      expect(got).toContain(rule);
    });
  }
});

describe('DuckDB attack paths: each refused with its rule', () => {
  for (const [name, sql, rule] of DUCKDB_ATTACKS) {
    it(name, async () => {
      const got = await rules(sql, 'duckdb');
      expect(got).toContain(rule);
    });
  }
});

describe('benign Chinook queries pass in every dialect', () => {
  it('MySQL, written for MySQL', async () => {
    for (const sql of BENIGN_CHINOOK_MYSQL)
      expect([sql, await rules(sql, 'mysql')]).toEqual([sql, []]);
  });
  it('DuckDB, written for DuckDB', async () => {
    for (const sql of BENIGN_CHINOOK_DUCKDB)
      expect([sql, await rules(sql, 'duckdb')]).toEqual([sql, []]);
  });
  it('the SQLite corpus transpiled to MySQL and to DuckDB', async () => {
    for (const to of ['mysql', 'duckdb'] as const) {
      for (const sql of BENIGN_CHINOOK) {
        const written = await transpileSql(sql, { from: 'sqlite', to });
        expect([written, await rules(written, to)]).toEqual([written, []]);
      }
    }
  });
  it('a word inside a literal or comment is not read as the construct', async () => {
    expect(await rules("SELECT 'INTO OUTFILE x' AS a LIMIT 1", 'mysql')).toEqual([]);
    expect(await rules("SELECT 'LOAD DATA' /* HANDLER */ AS a LIMIT 1", 'mysql')).toEqual([]);
    expect(await rules("SELECT 'COPY' AS a -- LOAD x\nLIMIT 1", 'duckdb')).toEqual([]);
  });
});

describe('denied functions per dialect', () => {
  it('every shared denied name stays denied in MySQL and DuckDB, and their own only there', () => {
    for (const d of ['mysql', 'duckdb'] as const) {
      for (const name of DENIED_FUNCTIONS) expect(deniedFunctions(d).has(name)).toBe(true);
    }
    expect(deniedFunctions('mysql').has('sleep')).toBe(true);
    expect(deniedFunctions('duckdb').has('read_csv')).toBe(true);
    // SQLite's glob(pattern, text) is a string match; DuckDB's glob() lists files.
    expect(deniedFunctions('sqlite').has('glob')).toBe(false);
    expect(deniedFunctions('duckdb').has('glob')).toBe(true);
  });
  it('a denied name cannot be allow-listed', async () => {
    const v = await checkSafety("SELECT read_text('/etc/passwd') LIMIT 1", {
      dialect: 'duckdb',
      allowedFunctions: ['read_text'],
    });
    expect(v.violations.map((x) => x.rule)).toEqual(['dangerous-function']);
  });
});

describe("MySQL's statement boundaries (sql_lex.cc)", () => {
  const count = (sql: string, options = {}) => scanStatements(sql, 'mysql', options).statements;
  it('# and "-- " comments run to LF; "--x" is two minus signs', () => {
    expect(count('SELECT 1 # ; DROP TABLE t\nLIMIT 1')).toBe(1);
    expect(count('SELECT 1 # c\n; DROP TABLE t')).toBe(2);
    expect(count('SELECT 1 -- ; DROP TABLE t')).toBe(1);
    expect(count('SELECT 1 --\t; DROP TABLE t')).toBe(1);
    expect(count('SELECT 1 --x; DROP TABLE t')).toBe(2);
    // CR does not end a MySQL line comment
    expect(count('SELECT 1 # c\r; DROP TABLE t')).toBe(1);
  });
  it('block comments do not nest; an unterminated one is a lexical error', () => {
    expect(count('SELECT 1 /* /* */ ; SELECT 2')).toBe(2);
    expect(scanStatements('SELECT 1 /* open', 'mysql').lexicalError?.message).toMatch(
      /unterminated/,
    );
  });
  it('backslash escapes depend on sql_mode', () => {
    const sql = "SELECT 'a\\'; DROP TABLE t; -- '";
    expect(count(sql)).toBe(1);
    expect(count(sql, { backslashEscapes: false })).toBe(2);
    expect(count('SELECT "a\\"; SELECT 2; -- "', { doubleQuoteEscapes: false })).toBe(2);
    expect(count("SELECT `a;b`, 'it''s', x'3B'")).toBe(1);
  });
  it('executable comments are recorded', () => {
    expect(scanStatements('SELECT 1 /*! , 2 */', 'mysql').executableCommentAt).toBe(9);
    expect(scanStatements('SELECT 1 /*M! , 2 */', 'mysql').executableCommentAt).toBe(9);
    expect(scanStatements('SELECT /*+ BKA(t) */ 1', 'mysql').executableCommentAt).toBe(7);
    expect(scanStatements('SELECT 1 /* ! */', 'mysql').executableCommentAt).toBeUndefined();
  });
  it('DuckDB reads boundaries as PostgreSQL does, with standard strings always on', () => {
    expect(scanStatements('SELECT 1 -- c\r; DROP TABLE t', 'duckdb').statements).toBe(2);
    expect(scanStatements('SELECT 1 /* /* */ ; */ LIMIT 1', 'duckdb').statements).toBe(1);
    expect(scanStatements("SELECT 'a\\'; SELECT 2", 'duckdb').statements).toBe(2);
  });
});
