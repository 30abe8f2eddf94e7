// Issue 31: `nl2sql suite cross-check --engine all` on Chinook in SQLite, PostgreSQL, MariaDB
// and DuckDB: one class per case over the four engines, and per engine the counts. The
// servers are started here (embedded PostgreSQL, a private MariaDB, Chinook loaded in each)
// and given as URLs; the DuckDB copy is made by the command from the SQLite file. Skips with
// the reason printed where a server cannot start (never under CI, which installs both).
import { chinookForTests, loadChinookPostgres, locateChinookMysql } from '@nl2sql/datasets';
import { loadChinookMysql, mariadbForTests } from '@nl2sql/datasource-mysql';
import { postgresForTests } from '@nl2sql/datasource-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

const chinook = await chinookForTests();
const pg = chinook.path === undefined ? undefined : (await postgresForTests()).server;
const maria = chinook.path === undefined ? undefined : (await mariadbForTests()).server;

afterAll(async () => {
  await pg?.stop();
  await maria?.stop();
});

describe.skipIf(!pg || !maria)('nl2sql suite cross-check on four engines', () => {
  it('classifies every Chinook case over SQLite, PostgreSQL, MariaDB and DuckDB', async () => {
    const postgresUrl = (
      await loadChinookPostgres(pg!.url(), { database: 'chinook', locate: { download: false } })
    ).url;
    const script = await locateChinookMysql({ download: false });
    const mysqlUrl = (await loadChinookMysql(maria!.url(), { script, database: 'chinook' })).url;
    const captured = captureIo();
    const code = await main(
      [
        'suite',
        'cross-check',
        '--db',
        chinook.path!,
        '--engine',
        'all',
        '--postgres',
        postgresUrl,
        '--mysql',
        mysqlUrl,
      ],
      captured.io,
    );
    const out = captured.out();
    if (code !== EXIT.ok) console.log(out, captured.err());
    const summary = out.split('\n').filter((l) => /^(\d+ cases|postgres:|mysql:|duckdb:)/.test(l));
    // The classification, in the test log as the issue asks for it.
    console.log(summary.join('\n'));
    expect(captured.err).not.toContain(mysqlUrl);
    expect(code).toBe(EXIT.ok);
    const cases = out.split('\n').filter((l) => /^(same rows|differ|fails on one)/.test(l));
    expect(cases).toHaveLength(43);
    expect(summary[0]).toMatch(
      /^43 cases on sqlite, postgres, mysql, duckdb: \d+ same rows, \d+ differ only in order, \d+ differ, 0 fails on one$/,
    );
    for (const engine of ['postgres', 'mysql', 'duckdb']) {
      expect(out).toMatch(
        new RegExp(
          `^${engine}: \\d+ same, \\d+ tolerated, \\d+ recorded in rows_by_engine, 0 to fix$`,
          'm',
        ),
      );
    }
  }, 300_000);
});
