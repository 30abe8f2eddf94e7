// Chinook loaded into PostgreSQL by @nl2sql/datasets (loadChinookPostgres), checked against the
// verified SQLite file it came from. The suite's gold SQL on both engines is @nl2sql/suite's
// cross-check test.
import { createHash } from 'node:crypto';
import {
  CHINOOK_SCHEMA,
  CHINOOK_TABLES,
  loadChinookPostgres,
  locateChinook,
} from '@nl2sql/datasets';
import { toJsonCell } from '@nl2sql/datasource';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type PostgresDatasource } from '../src/postgres-datasource.js';
import { adminUrl, asAdmin, noChinook } from './fixture.js';

const DATABASE = 'chinook_load';
let postgres: PostgresDatasource;
let sqlite: SqliteDatasource;
let firstLoad: Awaited<ReturnType<typeof loadChinookPostgres>>;

beforeAll(async () => {
  if (noChinook) return;
  await asAdmin('postgres', `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  firstLoad = await loadChinookPostgres(adminUrl(), {
    database: DATABASE,
    locate: { download: false },
  });
  // Generous timeouts: a correlated subquery of the suite takes seconds on a loaded 2-core box.
  const options = { maxRows: Number.POSITIVE_INFINITY, timeoutMs: 120_000 };
  postgres = await openPostgres(firstLoad.url, options);
  sqlite = await openSqlite(await locateChinook({ download: false }), options);
});

afterAll(async () => {
  if (noChinook) return;
  await postgres?.close();
  await sqlite?.close();
});

/** SHA-256 of a table's rows in primary-key order, cells as JSON. */
async function checksum(
  run: (sql: string) => Promise<{ rows: unknown[][] }>,
  table: string,
  key: string[],
) {
  const { rows } = await run(
    `SELECT * FROM "${table}" ORDER BY ${key.map((k) => `"${k}"`).join(', ')}`,
  );
  const hash = createHash('sha256');
  for (const row of rows)
    hash.update(`${JSON.stringify(row.map((c) => toJsonCell(c as never)))}\n`);
  return { rows: rows.length, sha256: hash.digest('hex') };
}

describe.skipIf(noChinook)('loadChinookPostgres', () => {
  it('creates the database with C collation and every table', async () => {
    expect(firstLoad).toMatchObject({ database: DATABASE, loaded: true });
    expect(firstLoad.tables.map((t) => t.name)).toEqual([...CHINOOK_TABLES]);
    const [db] = await asAdmin(
      'postgres',
      'SELECT datcollate, pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = $1',
      [DATABASE],
    );
    expect(db).toEqual({ datcollate: 'C', encoding: 'UTF8' });
  });

  it('holds the same rows as the SQLite file, table by table (row counts and checksums)', async () => {
    for (const table of CHINOOK_SCHEMA.tables) {
      const { tables } = await sqlite.introspect({ rowCounts: false });
      const key = tables.find((t) => t.name === table.name)!.primaryKey!;
      const lite = await checksum((sql) => sqlite.execute(sql), table.name, key);
      const pg = await checksum((sql) => postgres.execute(sql), table.name, key);
      expect({ table: table.name, ...pg }).toEqual({ table: table.name, ...lite });
    }
  });

  it('keeps the names and maps the types: INTEGER, VARCHAR(n), NUMERIC(10,2), TIMESTAMP', async () => {
    const columns = await asAdmin<{ t: string; c: string; type: string }>(
      DATABASE,
      `SELECT table_name AS t, column_name AS c, data_type ||
              COALESCE('(' || character_maximum_length || ')', '') ||
              CASE WHEN data_type = 'numeric' THEN '(' || numeric_precision || ',' || numeric_scale || ')' ELSE '' END AS type
       FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    );
    const expected = CHINOOK_SCHEMA.tables
      .flatMap((t) => t.columns.map((c) => ({ t: t.name, c: c.name, type: c.type })))
      .map(({ t, c, type }) => ({
        t,
        c,
        type: type
          .replace(/^INTEGER$/, 'integer')
          .replace(/^NVARCHAR\((\d+)\)$/, 'character varying($1)')
          .replace(/^NUMERIC\((\d+),(\d+)\)$/, 'numeric($1,$2)')
          .replace(/^DATETIME$/, 'timestamp without time zone'),
      }))
      .sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0));
    expect(columns).toEqual(expected);
  });

  it('does nothing the second time, and repairs a database whose rows changed', async () => {
    const again = await loadChinookPostgres(adminUrl(), {
      database: DATABASE,
      locate: { download: false },
    });
    expect(again.loaded).toBe(false);
    await asAdmin(DATABASE, 'DELETE FROM "PlaylistTrack" WHERE "PlaylistId" = 1');
    const repaired = await loadChinookPostgres(adminUrl(), {
      database: DATABASE,
      locate: { download: false },
    });
    expect(repaired.loaded).toBe(true);
    expect((await postgres.execute('SELECT count(*) FROM "PlaylistTrack"')).rows).toEqual([[8715]]);
  });

  it('refuses a URL that is not postgres:// and names the server without the password on failure', async () => {
    await expect(loadChinookPostgres('mysql://root:pw@h/d')).rejects.toMatchObject({
      code: 'BAD_URL',
    });
    const wrong = new URL(adminUrl());
    wrong.password = 'definitely-wrong-pw-123';
    const error = await loadChinookPostgres(wrong.toString(), {
      database: DATABASE,
      locate: { download: false },
    }).catch((e: unknown) => e as Error & { code: string });
    expect(error).toMatchObject({ code: 'CONNECTION' });
    expect((error as Error).message).not.toContain('definitely-wrong-pw-123');
  });
});
