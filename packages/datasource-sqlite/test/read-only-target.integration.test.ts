// A database in WAL mode, read through openSqlite: nothing may be created or changed beside
// it (issue 25: every read-only open left `-wal` and `-shm` files in the folder).
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { immutableUri, readOnlyTarget } from '../src/read-only-target.js';
import { openSqlite } from '../src/sqlite-datasource.js';
import { chinookPath, noChinook } from './chinook-path.js';

let folder: string;

/** Every file in `dir` with the SHA-256 of its bytes. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) {
    out[name] = createHash('sha256')
      .update(await readFile(join(dir, name)))
      .digest('hex');
  }
  return out;
}

function writer(file: string): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, (e) => (e ? reject(e) : resolve(db)));
  });
}
function run(db: sqlite3.Database, sql: string): Promise<unknown[]> {
  return new Promise((resolve, reject) =>
    db.all(sql, (e, rows) => (e ? reject(e) : resolve(rows))),
  );
}
function close(db: sqlite3.Database): Promise<void> {
  return new Promise((resolve) => db.close(() => resolve()));
}

/** A copy of Chinook in `folder`, switched to WAL mode (its writer closed: no -wal left). */
async function walChinook(): Promise<string> {
  const file = join(folder, 'chinook wal #1.sqlite');
  await copyFile(await chinookPath(), file);
  const db = await writer(file);
  expect(await run(db, 'PRAGMA journal_mode = WAL')).toEqual([{ journal_mode: 'wal' }]);
  await close(db);
  return file;
}

/** Queries, introspection and several connections at once, then close. */
async function readEverything(file: string): Promise<unknown[]> {
  const db = await openSqlite(file, { poolSize: 3 });
  try {
    const counts = await Promise.all(
      ['Track', 'Album', 'Artist', 'Genre'].map((t) => db.execute(`SELECT count(*) FROM ${t}`)),
    );
    await db.introspect();
    await db.fingerprint();
    return counts.map((c) => c.rows[0]![0]);
  } finally {
    await db.close();
  }
}

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'nl2sql-wal-test-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe.skipIf(noChinook)('a WAL-mode database', () => {
  it('is read with nothing written beside it: file and folder byte-identical', async () => {
    const file = await walChinook();
    const before = await snapshot(folder);
    expect(Object.keys(before)).toEqual(['chinook wal #1.sqlite']);
    expect(await readEverything(file)).toEqual([3503, 347, 275, 25]);
    expect(await snapshot(folder)).toEqual(before);
    expect((await readOnlyTarget(file)).how).toBe('immutable');
  });

  it('with commits still in its -wal: read from a private copy, seeing them, changing nothing', async () => {
    const file = await walChinook();
    // A writer that keeps its WAL: no checkpoint, still open, so -wal and -shm stay.
    const live = await writer(file);
    try {
      await run(live, 'PRAGMA wal_autocheckpoint = 0');
      await run(live, "INSERT INTO Genre (GenreId, Name) VALUES (26, 'In the WAL only')");
      const before = await snapshot(folder);
      expect(Object.keys(before).sort()).toEqual([
        'chinook wal #1.sqlite',
        'chinook wal #1.sqlite-shm',
        'chinook wal #1.sqlite-wal',
      ]);
      const target = await readOnlyTarget(file);
      expect(target.how).toBe('private-copy');
      await target.release();
      expect(await readEverything(file)).toEqual([3503, 347, 275, 26]);
      expect(await snapshot(folder)).toEqual(before);
    } finally {
      await close(live);
    }
  });

  it('leaves no private copy behind once closed', async () => {
    const file = await walChinook();
    const live = await writer(file);
    try {
      await run(live, 'PRAGMA wal_autocheckpoint = 0');
      await run(live, "INSERT INTO Genre (GenreId, Name) VALUES (26, 'x')");
      const target = await readOnlyTarget(file);
      const copyFolder = join(target.name, '..');
      expect((await readdir(copyFolder)).length).toBeGreaterThan(0);
      await target.release();
      await expect(readdir(copyFolder)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await close(live);
    }
  });

  it('keeps a rollback-journal database as it is: plain read-only, folder unchanged', async () => {
    const file = join(folder, 'chinook.sqlite');
    await copyFile(await chinookPath(), file);
    const before = await snapshot(folder);
    expect((await readOnlyTarget(file)).how).toBe('plain');
    expect(await readEverything(file)).toEqual([3503, 347, 275, 25]);
    expect(await snapshot(folder)).toEqual(before);
  });
});

describe('immutableUri', () => {
  it('percent-encodes the characters a URI gives a meaning to', () => {
    expect(immutableUri('/data/a b?c#d%e.sqlite')).toBe(
      'file:///data/a%20b%3Fc%23d%25e.sqlite?mode=ro&immutable=1',
    );
  });
});
