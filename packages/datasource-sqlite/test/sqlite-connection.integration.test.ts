import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteConnection } from '../src/sqlite-connection.js';
import { openSqlite } from '../src/sqlite-datasource.js';
import { chinookPath, noChinook } from './chinook-path.js';

// These tests talk to the connection directly, so the adapter's static gate never runs: what
// is refused here is refused by SQLite itself. They use the real Chinook file, and the file
// must come out byte-identical (the tests may run as root, where file modes protect nothing).

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

let file: string;
let before: string;
let scratch: string;

beforeAll(async () => {
  if (noChinook) return;
  file = await chinookPath();
  before = sha256(file);
  scratch = mkdtempSync(join(tmpdir(), 'nl2sql-datasource-'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

async function refusal(connection: SqliteConnection, sql: string): Promise<string> {
  const error = await connection.all(sql).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `SQLite ran: ${sql}`).toBeInstanceOf(Error);
  return `${(error as Error & { code?: string }).code}: ${(error as Error).message}`;
}

describe.skipIf(noChinook)('a read-only SQLite connection refuses every write by itself', () => {
  let connection: SqliteConnection;
  beforeAll(async () => {
    connection = await SqliteConnection.open(file);
  });
  afterAll(async () => {
    await connection.close();
  });

  it.each([
    "INSERT INTO Artist (Name) VALUES ('x')",
    "UPDATE Artist SET Name = 'x' WHERE ArtistId = 1",
    'DELETE FROM InvoiceLine',
    "REPLACE INTO Genre VALUES (1, 'x')",
    'CREATE TABLE Stray (a)',
    'CREATE INDEX stray ON Track (Name)',
    'CREATE VIEW stray AS SELECT 1',
    'CREATE TEMP TABLE stray (a)',
    'DROP TABLE PlaylistTrack',
    'DROP INDEX IFK_TrackAlbumId',
    'ALTER TABLE Artist ADD COLUMN Born DATE',
    'REINDEX',
    'ANALYZE',
    'PRAGMA user_version = 42',
    'PRAGMA application_id = 7',
    'PRAGMA journal_mode = WAL',
  ])('%s', async (sql) => {
    expect(await refusal(connection, sql)).toBe(
      'SQLITE_READONLY: SQLITE_READONLY: attempt to write a readonly database',
    );
  });

  it('refuses VACUUM (it needs a scratch database attached)', async () => {
    expect(await refusal(connection, 'VACUUM')).toBe(
      'SQLITE_ERROR: SQLITE_ERROR: too many attached databases - max 0',
    );
  });

  it('refuses ATTACH before the target file exists', async () => {
    const target = join(scratch, 'attached.db');
    expect(await refusal(connection, `ATTACH DATABASE '${target}' AS stray`)).toContain(
      'too many attached databases - max 0',
    );
    expect(existsSync(target)).toBe(false);
  });

  it('refuses VACUUM INTO before the target file exists', async () => {
    const target = join(scratch, 'vacuumed.db');
    expect(await refusal(connection, `VACUUM INTO '${target}'`)).toContain(
      'too many attached databases - max 0',
    );
    expect(existsSync(target)).toBe(false);
  });

  it('lets writable_schema be set on the connection but not a schema write', async () => {
    // A connection flag, not a file change: SQLite accepts it; the write it enables is refused.
    await connection.all('PRAGMA writable_schema = ON');
    expect(
      await refusal(connection, "UPDATE sqlite_schema SET sql = 'x' WHERE name = 'Album'"),
    ).toContain('SQLITE_READONLY');
    await connection.all('PRAGMA writable_schema = OFF');
  });

  it('cannot run extension code', async () => {
    expect(await refusal(connection, "SELECT load_extension('/tmp/evil')")).toContain(
      'not authorized',
    );
  });

  it('reports query_only on and nothing attached (temp is built in, and query_only covers it)', async () => {
    expect(await connection.all('SELECT query_only FROM pragma_query_only')).toEqual([
      { query_only: 1 },
    ]);
    const names = (await connection.all('SELECT name FROM pragma_database_list')).map(
      (r) => r.name,
    );
    expect(names.filter((name) => name !== 'main' && name !== 'temp')).toEqual([]);
  });
});

describe.skipIf(noChinook)('each layer holds on its own', () => {
  it('OPEN_READONLY refuses writes even after a statement turns query_only off', async () => {
    const connection = await SqliteConnection.open(file);
    try {
      await connection.all('PRAGMA query_only = OFF');
      expect(await refusal(connection, "INSERT INTO Artist (Name) VALUES ('x')")).toContain(
        'SQLITE_READONLY',
      );
      expect(await refusal(connection, 'DROP TABLE Track')).toContain('SQLITE_READONLY');
    } finally {
      await connection.close();
    }
  });

  it('query_only refuses a TEMP table, which OPEN_READONLY alone would allow', async () => {
    const connection = await SqliteConnection.open(file);
    try {
      expect(await refusal(connection, 'CREATE TEMP TABLE stray (a)')).toContain('SQLITE_READONLY');
      await connection.all('PRAGMA query_only = OFF');
      await connection.all('CREATE TEMP TABLE stray (a)');
    } finally {
      await connection.close();
    }
  });

  it('the adapter refuses every write path before the database sees it', async () => {
    const datasource = await openSqlite(file);
    try {
      for (const sql of [
        "INSERT INTO Artist (Name) VALUES ('x')",
        'UPDATE Artist SET Name = 1',
        'DELETE FROM Track',
        'CREATE TABLE x (a)',
        'DROP TABLE Track',
        `ATTACH '${join(scratch, 'a.db')}' AS a`,
        `VACUUM INTO '${join(scratch, 'v.db')}'`,
        'PRAGMA writable_schema = ON',
        'PRAGMA query_only = OFF',
        'WITH t AS (SELECT 1) DELETE FROM Track',
        'SELECT 1; DROP TABLE Track',
      ]) {
        await expect(datasource.execute(sql), sql).rejects.toMatchObject({
          code: 'READ_ONLY_VIOLATION',
        });
      }
      expect(existsSync(join(scratch, 'a.db')) || existsSync(join(scratch, 'v.db'))).toBe(false);
      // The pool's connections still have query_only on: no PRAGMA got through.
      expect((await datasource.execute('SELECT query_only FROM pragma_query_only')).rows).toEqual([
        [1],
      ]);
    } finally {
      await datasource.close();
    }
  });
});

describe.skipIf(noChinook)('after every attempt', () => {
  it('the Chinook file is byte-identical and no journal was left behind', () => {
    expect(sha256(file)).toBe(before);
    expect(existsSync(`${file}-journal`)).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});
