import { CHINOOK_SCHEMA } from '@nl2sql/datasets';
import { describe, expect, it } from 'vitest';
import {
  type EvalCase,
  formatSuite,
  GoldSqlError,
  goldRowsFor,
  goldSqlFor,
  goldTiesFor,
  parseSuite,
  SuiteFormatError,
} from '../src/index.js';

const suiteWith = (extra: string) => `name: demo
version: 1
cases:
  - id: c1
    question: What is the average track length in minutes, rounded down?
    datasource: chinook
    source: hand
    approved: true
    tags: [ single-table, aggregation ]
    order_matters: false
    outcome:
      admin: allowed
    tables: [ Track ]
    columns: [ Track.Milliseconds ]
    sql: |-
      SELECT SUM(t.Milliseconds) / COUNT(*) / 60000 FROM track t
    rows:
      - [ 6 ]
${extra}`;

const NAMES = CHINOOK_SCHEMA.tables.flatMap((t) => [t.name, ...t.columns.map((c) => c.name)]);

describe('sql_by_engine and rows_by_engine in the case format', () => {
  it('loads, keeps and writes them back in place', () => {
    const text = suiteWith(`    sql_by_engine:
      postgres: SELECT SUM("Milliseconds") / COUNT(*) / 60000 FROM "Track"
    rows_by_engine:
      postgres:
        - [ 6.5 ]
`);
    const suite = parseSuite(text, 'demo.yaml');
    const c = suite.cases[0]!;
    expect(c.sql_by_engine?.postgres).toContain('"Track"');
    expect(c.rows_by_engine?.postgres).toEqual([[6.5]]);
    expect(parseSuite(formatSuite(suite), 'again.yaml')).toEqual(suite);
  });

  it('refuses an engine it does not know, with the file and line', () => {
    const text = suiteWith(`    rows_by_engine:
      postgresql:
        - [ 6.5 ]
`);
    const error = (() => {
      try {
        parseSuite(text, 'demo.yaml');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(SuiteFormatError);
    expect(String((error as Error).message)).toMatch(
      /^demo\.yaml:\d+, case c1, field rows_by_engine\.postgresql: /,
    );
  });

  it('refuses rows_by_engine on a case without rows', () => {
    const text = suiteWith('')
      .replace('    rows:\n      - [ 6 ]\n', '')
      .concat(
        `    rows_by_engine:
      postgres: [ [ 1 ] ]
`,
      );
    expect(() => parseSuite(text, 'demo.yaml')).toThrow(SuiteFormatError);
  });
});

describe('goldRowsFor and goldSqlFor', () => {
  const plain = parseSuite(suiteWith(''), 'demo.yaml').cases[0]!;
  const own: EvalCase = {
    ...plain,
    sql_by_engine: { postgres: 'SELECT 1' },
    rows_by_engine: { postgres: [[6.5]] },
  };

  it("gives each engine its own rows where the case has them, else SQLite's", () => {
    expect(goldRowsFor(plain, 'postgres')).toEqual([[6]]);
    expect(goldRowsFor(own, 'postgres')).toEqual([[6.5]]);
    expect(goldRowsFor(own, 'postgresql')).toEqual([[6.5]]);
    expect(goldRowsFor(own, 'sqlite')).toEqual([[6]]);
    expect(goldRowsFor(own, 'mysql')).toEqual([[6]]);
    expect(goldRowsFor({ ...own, rows_by_engine: { mysql: [[6.5]] } }, 'MariaDB')).toEqual([[6.5]]);
    expect(goldRowsFor({ ...own, rows_by_engine: { duckdb: [[7]] } }, 'duckdb')).toEqual([[7]]);
    expect(() => goldRowsFor(own, 'oracle')).toThrow(/oracle/);
  });

  it("gives the tie groups with the rows they describe: none beside PostgreSQL's own rows", () => {
    const tied: EvalCase = {
      ...plain,
      order_matters: true,
      rows: [[1], [1]],
      order_ties: { groups: [2], boundary_rows: [[1], [1], [1]] },
    };
    const expected = { groups: [2], boundaryRows: [[1], [1], [1]] };
    expect(goldTiesFor(tied, 'sqlite')).toEqual(expected);
    expect(goldTiesFor(tied, 'postgres')).toEqual(expected);
    expect(goldTiesFor({ ...tied, rows_by_engine: { postgres: [[1], [1]] } }, 'postgres')).toBe(
      undefined,
    );
    expect(goldTiesFor(plain, 'sqlite')).toBeUndefined();
  });

  it('transpiles for PostgreSQL unless the case gives its own SQL', async () => {
    expect(await goldSqlFor(plain, 'sqlite', NAMES)).toEqual({ sql: plain.sql, source: 'written' });
    expect(await goldSqlFor(own, 'postgres', NAMES)).toEqual({
      sql: 'SELECT 1',
      source: 'by_engine',
    });
    expect(await goldSqlFor(plain, 'postgres', NAMES)).toEqual({
      // The parser writes SQLite's division of integers as a division of REALs, which is not
      // what SQLite does: exactly what `suite cross-check` reports as integer division.
      sql: 'SELECT CAST(CAST(SUM(t."Milliseconds") AS REAL) / COUNT(*) AS REAL) / 60000 FROM "Track" AS t',
      source: 'transpiled',
    });
    expect(await goldSqlFor({ ...plain, sql: undefined }, 'postgres', NAMES)).toBeUndefined();
  });

  it('transpiles for MySQL (names quoted as the database spells them) and DuckDB', async () => {
    const mysql = await goldSqlFor(plain, 'mysql', NAMES);
    expect(mysql?.source).toBe('transpiled');
    // MySQL on Linux finds a table only in its exact case: `track` becomes `Track`
    expect(mysql?.sql).toContain('`Track`');
    const duckdb = await goldSqlFor(plain, 'duckdb', NAMES);
    expect(duckdb?.source).toBe('transpiled');
    expect(duckdb?.sql).toMatch(/FROM track AS t/i);
    expect(await goldSqlFor({ ...plain, sql_by_engine: { duckdb: 'SELECT 6' } }, 'duckdb')).toEqual(
      {
        sql: 'SELECT 6',
        source: 'by_engine',
      },
    );
  });

  it('names the case when the SQL cannot be transpiled', async () => {
    const broken = { ...plain, sql: 'SELECT FROM WHERE (' };
    const error = await goldSqlFor(broken, 'postgres', NAMES).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoldSqlError);
    expect((error as GoldSqlError).message).toMatch(/^c1: .*sql_by_engine\.postgres$/);
  });
});
