// SqliteDatasource.columns: a statement's column names from a compile, never a run.
import { DatasourceError } from '@nl2sql/datasource';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../src/sqlite-datasource.js';
import { chinookDatasource, chinookPath, noChinook } from './chinook-path.js';

const ENDLESS =
  'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT max(i) AS top, 1 FROM r';

const chinook = chinookDatasource();

async function failure(pending: Promise<unknown>): Promise<DatasourceError> {
  const error = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatasourceError);
  return error as DatasourceError;
}

describe.skipIf(noChinook)('columns', () => {
  it('names the columns as execute does, in select order', async () => {
    for (const sql of [
      'SELECT ArtistId, Name FROM Artist ORDER BY ArtistId DESC',
      'SELECT a.Title, r.Name, a.ArtistId, r.ArtistId FROM Album a JOIN Artist r ON r.ArtistId = a.ArtistId',
      'SELECT 2, 1, Name AS "10" FROM Artist',
      'SELECT 1 AS __proto__, 2 AS b',
      'SELECT ArtistId FROM Artist WHERE 0',
    ]) {
      expect(await chinook().columns(sql)).toEqual(
        (await chinook().execute(sql, { maxRows: 1 })).columns,
      );
    }
  });

  it('does not run the statement: an endless query answers within a tiny timeout', async () => {
    expect(await chinook().columns(ENDLESS, { timeoutMs: 50 })).toEqual(['top', '1']);
  });

  it("fails as execute does for a statement SQLite rejects, with SQLite's message", async () => {
    const unknown = await failure(chinook().columns('SELECT Nope FROM Artist'));
    expect(unknown.code).toBe('EXECUTION');
    expect(unknown.message).toContain('no such column: Nope');
    expect((await failure(chinook().columns('SELECT FROM WHERE'))).code).toBe('SYNTAX');
    expect((await failure(chinook().columns('DELETE FROM Artist'))).code).toBe(
      'READ_ONLY_VIOLATION',
    );
    expect((await failure(chinook().columns('SELECT 1; SELECT 2'))).code).toBe('SYNTAX');
  });

  it('refuses once the datasource is closed', async () => {
    const other = await openSqlite(await chinookPath());
    await other.close();
    expect((await failure(other.columns('SELECT 1'))).code).toBe('CONNECTION');
  });
});
