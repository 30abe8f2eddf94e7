import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests, loadChinookPostgres } from '@nl2sql/datasets';
import { postgresForTests } from '@nl2sql/datasource-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

// `nl2sql suite cross-check` on Chinook in SQLite and an embedded PostgreSQL. Skips with the
// reason printed where there is no Chinook file or no PostgreSQL binaries.
const chinook = await chinookForTests();
const server = chinook.path === undefined ? undefined : (await postgresForTests()).server;

let dir: string;
let postgresUrl: string;

beforeAll(async () => {
  if (!server) return;
  dir = await mkdtemp(join(tmpdir(), 'nl2sql-cross-'));
  postgresUrl = (
    await loadChinookPostgres(server.url(), { database: 'chinook', locate: { download: false } })
  ).url;
});

afterAll(async () => {
  await server?.stop();
});

async function cli(args: string[]) {
  const captured = captureIo({ cwd: dir });
  const code = await main(args, captured.io);
  return { code, out: captured.out(), err: captured.err() };
}

/** A suite of one case dividing integers, which SQLite truncates and the transpiled SQL does not. */
async function divisionSuite(extra = ''): Promise<string> {
  const file = join(dir, `division-${Math.random().toString(36).slice(2)}.yaml`);
  await writeFile(
    file,
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
  );
  return file;
}

describe.skipIf(!server)('nl2sql suite cross-check', () => {
  it('passes the Chinook suite against a PostgreSQL URL, and says how many cases were the same', async () => {
    const run = await cli([
      'suite',
      'cross-check',
      '--db',
      chinook.path!,
      '--postgres',
      postgresUrl,
    ]);
    expect(run.err).toBe('');
    expect(run.code).toBe(EXIT.ok);
    expect(run.out).toMatch(/^\d+ cases on sqlite, postgres: \d+ same rows, /m);
    expect(run.out).toMatch(
      /^postgres: \d+ same, \d+ tolerated, 0 recorded in rows_by_engine, 0 to fix$/m,
    );
    expect(run.out).not.toContain('FAIL');
  }, 240_000);

  it('fails on an unrecorded integer division, naming the case and the reason', async () => {
    const file = await divisionSuite();
    const run = await cli([
      'suite',
      'cross-check',
      file,
      '--db',
      chinook.path!,
      '--postgres',
      postgresUrl,
    ]);
    expect(run.code).toBe(EXIT.failed);
    expect(run.out).toMatch(
      /^ {2}FAIL d1 postgres \(transpiled\): integer division: .*rows_by_engine\.postgres/m,
    );
    expect(run.out).toContain(
      'postgres: 0 same, 0 tolerated, 0 recorded in rows_by_engine, 1 to fix',
    );
  });

  it('passes once the case gives its own PostgreSQL SQL', async () => {
    const file = await divisionSuite(
      '    sql_by_engine:\n      postgres: SELECT COUNT(*) / COUNT(DISTINCT "AlbumId") FROM "Track"\n',
    );
    const run = await cli([
      'suite',
      'cross-check',
      file,
      '--db',
      chinook.path!,
      '--postgres',
      postgresUrl,
    ]);
    expect(run.code).toBe(EXIT.ok);
  });

  it('refuses an unreachable server in one line, exit 3, without the password', async () => {
    const down = new URL(postgresUrl);
    down.port = '1';
    const run = await cli([
      'suite',
      'cross-check',
      '--db',
      chinook.path!,
      '--postgres',
      down.toString(),
    ]);
    expect(run.code).toBe(EXIT.config);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).not.toContain(down.password);
  });
});
