import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasourceError } from '@nl2sql/datasource';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../src/sqlite-datasource.js';
import { checkSqliteFile } from '../src/sqlite-file-check.js';

// `--db` may point at anything; each wrong kind of path must come back as one located line,
// never a stack trace or a SQLite code alone.

let scratch: string;
let database: string;

function createDatabase(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, (error) => {
      if (error) return reject(error);
      db.exec('CREATE TABLE t (a); INSERT INTO t VALUES (1);', (e) =>
        e ? reject(e) : db.close((c) => (c ? reject(c) : resolve())),
      );
    });
  });
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'nl2sql-file-check-'));
  database = join(scratch, 'real.sqlite');
  await createDatabase(database);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** A path named `name` in a folder of its own, so each test makes its own file. */
function fresh(name: string): string {
  return join(mkdtempSync(join(scratch, 'case-')), name);
}

/** Every kind of wrong path, and the reason the error must give. */
const WRONG: [string, () => string, RegExp][] = [
  ['a missing file', () => fresh('missing.sqlite'), /: no such file$/],
  [
    'a path through a file',
    () => join(database, 'inside.sqlite'),
    /: a part of the path is not a directory$/,
  ],
  [
    'a directory',
    () => {
      const dir = fresh('a-folder.sqlite');
      mkdirSync(dir);
      return dir;
    },
    /: it is a directory, not a SQLite database file$/,
  ],
  [
    'an empty file',
    () => {
      const file = fresh('empty.sqlite');
      writeFileSync(file, '');
      return file;
    },
    /: the file is empty \(0 bytes\), not a SQLite database$/,
  ],
  [
    'a text file',
    () => {
      const file = fresh('notes.txt');
      writeFileSync(file, 'this is not a database, just text long enough to look like a header');
      return file;
    },
    /: not a SQLite database \(the file does not start with the header "SQLite format 3"\)$/,
  ],
  [
    'a file shorter than the header',
    () => {
      const file = fresh('short.sqlite');
      writeFileSync(file, HEADER.subarray(0, 10));
      return file;
    },
    /: not a SQLite database \(the file does not start/,
  ],
  [
    'a JSON file',
    () => {
      const file = fresh('suite.json');
      writeFileSync(file, JSON.stringify({ cases: [] }));
      return file;
    },
    /: not a SQLite database/,
  ],
  [
    'a named pipe (reading it would block)',
    () => {
      const file = fresh('pipe.sqlite');
      execFileSync('mkfifo', [file]);
      return file;
    },
    /: it is not a regular file$/,
  ],
];

describe('checkSqliteFile', () => {
  it.each(WRONG)('refuses %s, naming the path', async (_, make, reason) => {
    const path = make();
    const error = await checkSqliteFile(path).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatasourceError);
    expect((error as DatasourceError).code).toBe('CONNECTION');
    expect((error as DatasourceError).message).toMatch(reason);
    expect((error as DatasourceError).message.startsWith(`cannot open ${path}: `)).toBe(true);
    expect((error as DatasourceError).message).not.toContain('\n');
  });

  it('accepts a SQLite database', async () => {
    await expect(checkSqliteFile(database)).resolves.toBeUndefined();
  });

  it('refuses an unreadable file when permissions apply', async () => {
    const file = fresh('locked.sqlite');
    await createDatabase(file);
    chmodSync(file, 0o000);
    try {
      // root reads anything; the check then passes, as SQLite itself would.
      const asRoot = process.getuid?.() === 0;
      const outcome = await checkSqliteFile(file).then(
        () => 'ok',
        (e: unknown) => (e as DatasourceError).message,
      );
      expect(outcome).toBe(asRoot ? 'ok' : `cannot open ${file}: permission denied`);
    } finally {
      chmodSync(file, 0o644);
    }
  });
});

describe('openSqlite on a path that is not a database', () => {
  it.each(WRONG)('refuses %s before SQLite sees it', async (_, make, reason) => {
    const path = make();
    const error = await openSqlite(path).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatasourceError);
    expect((error as DatasourceError).code).toBe('CONNECTION');
    expect((error as DatasourceError).message).toMatch(reason);
    expect((error as DatasourceError).message).not.toContain('\n');
  });

  it('maps SQLITE_NOTADB (the right header over damaged bytes) to a located CONNECTION error', async () => {
    const file = fresh('damaged.sqlite');
    writeFileSync(file, Buffer.concat([HEADER, Buffer.alloc(4096, 0xab)]));
    const error = await openSqlite(file).then(
      () => undefined,
      (e: unknown) => e as DatasourceError,
    );
    expect(error).toMatchObject({ code: 'CONNECTION', databaseCode: 'SQLITE_NOTADB' });
    expect(error!.message).toBe(
      `cannot open ${file}: not a SQLite database, or a damaged one: SQLITE_NOTADB: file is not a database`,
    );
  });

  it('opens a real database', async () => {
    const datasource = await openSqlite(database);
    try {
      expect((await datasource.execute('SELECT a FROM t')).rows).toEqual([[1]]);
    } finally {
      await datasource.close();
    }
  });
});
