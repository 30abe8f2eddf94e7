import { CHINOOK_SUITE_PATH, chinookForTests, loadChinookPostgres } from '@nl2sql/datasets';
import {
  openPostgres,
  type PostgresDatasource,
  postgresForTests,
} from '@nl2sql/datasource-postgres';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crossCheckSuite,
  type EvalSuite,
  isApproved,
  loadSuite,
  parseSuite,
} from '../src/index.js';

// The Chinook suite's gold SQL on SQLite and on Chinook loaded into an embedded PostgreSQL.
// Skips with the reason printed where there is no Chinook file or no PostgreSQL binaries.
const chinook = await chinookForTests();
const pg = chinook.path === undefined ? undefined : await postgresForTests();

let sqlite: SqliteDatasource;
let postgres: PostgresDatasource;

beforeAll(async () => {
  if (!pg?.server) return;
  const loaded = await loadChinookPostgres(pg.server.url(), {
    database: 'chinook',
    locate: { download: false },
  });
  postgres = await openPostgres(loaded.url, { timeoutMs: 120_000 });
  sqlite = await openSqlite(chinook.path!, { timeoutMs: 120_000 });
});

afterAll(async () => {
  await postgres?.close();
  await sqlite?.close();
  await pg?.server?.stop();
});

/** A one-case suite whose gold divides integers: SQLite truncates, PostgreSQL after transpiling does not. */
const divisionSuite = (extra: string): EvalSuite =>
  parseSuite(
    `name: division
version: 1
cases:
  - id: d1
    question: What is the average number of tracks per album, in whole tracks?
    datasource: chinook
    source: hand
    approved: true
    tags: [ single-table, aggregation ]
    order_matters: false
    outcome:
      admin: allowed
    tables: [ Track ]
    columns: [ Track.AlbumId ]
    sql: |-
      SELECT COUNT(*) / COUNT(DISTINCT AlbumId) FROM Track
    rows:
      - [ 10 ]
${extra}`,
    'division.yaml',
  );

describe.skipIf(!pg?.server)('crossCheckSuite on SQLite and PostgreSQL', () => {
  it('runs every Chinook gold on both engines with no unexplained or unrecorded difference', async () => {
    const suite = await loadSuite(CHINOOK_SUITE_PATH);
    const report = await crossCheckSuite(suite, { sqlite, engines: { postgres } });
    const answerable = suite.cases.filter((c) => isApproved(c) && c.sql !== undefined);
    expect(report.cases).toHaveLength(answerable.length);
    expect(
      report.cases.filter((c) => !c.ok).map((c) => `${c.id}: ${c.engines[0]!.problem}`),
    ).toEqual([]);
    expect(report.findings).toBe(0);
    expect(report.engines).toEqual(['postgres']);
    expect(report.cases.every((c) => c.engines[0]!.sqlSource === 'transpiled')).toBe(true);
    expect(report.cases.every((c) => c.classification !== 'fails on one')).toBe(true);
  }, 240_000);

  it('finds an integer division the case does not record, and accepts it once recorded', async () => {
    const unrecorded = await crossCheckSuite(divisionSuite(''), { sqlite, engines: { postgres } });
    expect(unrecorded.findings).toBe(1);
    expect(unrecorded.cases[0]).toMatchObject({ id: 'd1', classification: 'differ', ok: false });
    expect(unrecorded.cases[0]!.engines[0]).toMatchObject({
      engine: 'postgres',
      difference: 'integer division',
      recorded: false,
      ok: false,
    });
    expect(unrecorded.cases[0]!.engines[0]!.problem).toMatch(
      /^integer division: .*rows_by_engine\.postgres/,
    );

    const pgRows = await postgres.execute(unrecorded.cases[0]!.engines[0]!.sql!);
    const recorded = await crossCheckSuite(
      divisionSuite(`    rows_by_engine:\n      postgres:\n        - [ ${pgRows.rows[0]![0]} ]\n`),
      { sqlite, engines: { postgres } },
    );
    expect(recorded.cases[0]!.engines[0]).toMatchObject({
      difference: 'integer division',
      recorded: true,
      ok: true,
    });

    const wrong = await crossCheckSuite(
      divisionSuite('    rows_by_engine:\n      postgres:\n        - [ 99 ]\n'),
      { sqlite, engines: { postgres } },
    );
    expect(wrong.cases[0]!.ok).toBe(false);
    expect(wrong.cases[0]!.engines[0]!.problem).toMatch(
      /^rows_by_engine\.postgres is not what PostgreSQL returns/,
    );
  });

  it('runs the case’s own PostgreSQL SQL instead of transpiling', async () => {
    const own = await crossCheckSuite(
      divisionSuite(
        '    sql_by_engine:\n      postgres: SELECT COUNT(*) / COUNT(DISTINCT "AlbumId") FROM "Track"\n',
      ),
      { sqlite, engines: { postgres } },
    );
    expect(own.cases[0]!.engines[0]).toMatchObject({
      sqlSource: 'by_engine',
      difference: 'same',
      ok: true,
    });
    expect(own.cases[0]!.classification).toBe('same rows');
  });
});
