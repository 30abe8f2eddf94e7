// Issue 25: a read-only open of a WAL-mode database left -wal and -shm files beside it. The
// gold-stability check reads the evaluated database through SqliteFile in 'read' mode.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteFile } from '../src/sqlite-file.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'nl2sql-sqlite-file-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const digest = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

describe('SqliteFile read-only', () => {
  it('reads a WAL-mode database with nothing written beside it', async () => {
    const file = join(folder, 'wal.sqlite');
    const writer = await SqliteFile.open(file, 'create');
    await writer.exec(
      'PRAGMA journal_mode = WAL; CREATE TABLE t (a); INSERT INTO t VALUES (1), (2), (3);',
    );
    await writer.close();
    expect(await readdir(folder)).toEqual(['wal.sqlite']);
    const before = await digest(file);
    const reader = await SqliteFile.open(file, 'read');
    expect(await reader.rows('SELECT a FROM t ORDER BY a', 1000)).toEqual([[1], [2], [3]]);
    await reader.close();
    expect(await readdir(folder)).toEqual(['wal.sqlite']);
    expect(await digest(file)).toBe(before);
  });
});
