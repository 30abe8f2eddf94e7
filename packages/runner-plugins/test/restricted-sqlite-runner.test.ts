import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { chinookForTests } from '@nl2sql/datasets';
import { DatasourceError } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import type { SchemaSelection } from '@nl2sql/schema-selection';
import { describe, expect, it } from 'vitest';
import { restrictedSqliteRunner } from '../src/index.js';

const chinook = await chinookForTests();

const selection = (tables: string[], columns: string[]): SchemaSelection => ({
  status: 'ready',
  tables,
  columns,
  relationships: [],
  notes: [],
  paths: [],
  problems: [],
});

describe.skipIf(chinook.path === undefined)('restrictedSqliteRunner', () => {
  it('runs a query on only the selected tables and columns, and leaves no file behind', async () => {
    const ds = await openSqlite(chinook.path!);
    const schema = await ds.introspect({ rowCounts: false });
    await ds.close();
    const run = restrictedSqliteRunner(chinook.path!, schema);
    const before = (await readdir(tmpdir())).filter((f) => f.startsWith('nl2sql-selection-'));
    const genres = await run('SELECT COUNT(*) FROM Genre', selection(['Genre'], ['Genre.Name']));
    expect(genres.rows).toEqual([[25]]);
    const missing = await run(
      'SELECT g.Name FROM Track t JOIN Genre g ON g.GenreId = t.GenreId',
      selection(['Genre', 'Track'], ['Genre.Name', 'Track.GenreId']),
    ).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DatasourceError);
    expect((missing as DatasourceError).databaseMessage).toMatch(/no such column: g.GenreId/);
    const after = (await readdir(tmpdir())).filter((f) => f.startsWith('nl2sql-selection-'));
    expect(after).toEqual(before);
  });
});
