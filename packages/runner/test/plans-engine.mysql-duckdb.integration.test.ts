// Mode plans on MariaDB and DuckDB (issue 31): the Chinook suite's gold plans compiled for
// the dialect the datasource's kind names (planDialect), run on Chinook loaded from its
// upstream MySQL script into a private MariaDB, and on a DuckDB copy of the verified SQLite
// file; every case run passes for every role, as on SQLite and PostgreSQL. MariaDB skips with
// the reason printed where it cannot start (never under CI, which installs it); DuckDB ships
// its binaries with its npm package and only needs the Chinook file.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHINOOK_POLICIES,
  CHINOOK_SUITE_PATH,
  chinookForTests,
  locateChinookMysql,
} from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import { openDuckdb, writeDuckdbCopy } from '@nl2sql/datasource-duckdb';
import { loadChinookMysql, mariadbForTests, openMysql } from '@nl2sql/datasource-mysql';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { plansEngine } from '@nl2sql/reference-engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { type EvalSuite, loadSuite, suiteFileDigest } from '@nl2sql/suite';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseIdentity, runEval } from '../src/index.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const chinook = await chinookForTests();
const maria = chinook.path === undefined ? undefined : await mariadbForTests();
const scratch = await mkdtemp(join(tmpdir(), 'nl2sql-plans-engines-'));

afterAll(async () => {
  await maria?.server?.stop();
  await rm(scratch, { recursive: true, force: true });
});

async function plansOn(suite: EvalSuite, datasource: Datasource, dialect: 'mysql' | 'duckdb') {
  const rig = await plansEngine(suite, {
    datasources: [{ id: 'chinook', datasource, description: 'A digital music store.' }],
    policy: CHINOOK_POLICIES,
  });
  try {
    const report = await runEval({
      plugins: PLUGINS,
      suite,
      engine: rig.engine,
      mode: 'plans',
      dataset: { name: 'chinook.yaml', digest: await suiteFileDigest(CHINOOK_SUITE_PATH) },
      database: await databaseIdentity('chinook', datasource),
      sqlChecks: { dialect },
    });
    const board = report.configs[0];
    if (!board || !('accuracy' in board.metrics)) throw new Error('no board');
    const failing = board.cases.filter((r) => r.status !== 'pass');
    expect(failing.map((r) => `${r.caseId}@${r.role}: ${r.explanation}`)).toEqual([]);
    const planned = suite.cases
      .filter((c) => c.approved)
      .reduce((n, c) => n + Object.keys(c.outcome).length, 0);
    expect(planned).toBe(141);
    expect(report.completedCases).toBe(planned);
    expect(board.metrics.accuracy.execution.strict).toMatchObject({
      count: planned,
      total: planned,
    });
    expect(report.database).toMatchObject({
      datasource_id: 'chinook',
      engine: dialect,
      tables: 11,
    });
  } finally {
    await rig.close();
  }
}

describe.skipIf(!maria?.server)('mode plans on Chinook in MariaDB (e2e, no API key)', () => {
  it('passes all 141 case runs, the plans compiled for MySQL', async () => {
    const server = maria!.server!;
    const suite = await loadSuite(CHINOOK_SUITE_PATH);
    const script = await locateChinookMysql({ download: false });
    const loaded = await loadChinookMysql(server.url(), { script, database: 'chinook' });
    const datasource = await openMysql(loaded.url);
    try {
      await plansOn(suite, datasource, 'mysql');
    } finally {
      await datasource.close();
    }
  }, 240_000);
});

describe.skipIf(chinook.path === undefined)(
  'mode plans on Chinook in DuckDB (e2e, no API key)',
  () => {
    it('passes all 141 case runs, the plans compiled for DuckDB', async () => {
      const suite = await loadSuite(CHINOOK_SUITE_PATH);
      const sqlite = await openSqlite(chinook.path!);
      const file = join(scratch, 'chinook.duckdb');
      try {
        await writeDuckdbCopy(sqlite, file);
      } finally {
        await sqlite.close();
      }
      const datasource = await openDuckdb(file);
      try {
        await plansOn(suite, datasource, 'duckdb');
      } finally {
        await datasource.close();
      }
    }, 240_000);
  },
);
