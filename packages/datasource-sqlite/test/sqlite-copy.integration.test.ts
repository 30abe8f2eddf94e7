import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasourceError } from '@nl2sql/datasource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSqliteCopy } from '../src/sqlite-copy.js';
import { openSqlite } from '../src/sqlite-datasource.js';
import { chinookPath, noChinook } from './chinook-path.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sqlite-copy-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(noChinook)('writeSqliteCopy', () => {
  it('writes a database holding only what the statements copy, and leaves the source alone', async () => {
    const source = await chinookPath();
    const before = (await stat(source)).mtimeMs;
    const target = join(dir, 'genres.sqlite');
    await writeSqliteCopy(source, target, [
      'CREATE TABLE main."Genre" AS SELECT "Name" FROM "source"."Genre"',
    ]);
    const copy = await openSqlite(target);
    try {
      const schema = await copy.introspect({ rowCounts: false });
      expect(schema.tables.map((t) => [t.name, t.columns.map((c) => c.name)])).toEqual([
        ['Genre', ['Name']],
      ]);
      const rows = await copy.execute('SELECT COUNT(*) FROM Genre');
      expect(rows.rows).toEqual([[25]]);
      await expect(copy.execute('SELECT GenreId FROM Genre')).rejects.toBeInstanceOf(
        DatasourceError,
      );
    } finally {
      await copy.close();
    }
    expect((await stat(source)).mtimeMs).toBe(before);
  });

  it('names the statement that failed', async () => {
    const error = await writeSqliteCopy(await chinookPath(), join(dir, 'bad.sqlite'), [
      'CREATE TABLE main."X" AS SELECT Nope FROM "source"."Genre"',
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatasourceError);
    expect((error as DatasourceError).code).toBe('EXECUTION');
    expect((error as DatasourceError).sql).toContain('Nope');
    expect((error as DatasourceError).databaseMessage).toMatch(/no such column/);
  });
});
