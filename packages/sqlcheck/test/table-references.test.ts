import { describe, expect, it } from 'vitest';
import { tableReferences } from '../src/index.js';
import { CHINOOK } from './fixtures/chinook-schema.js';

describe('tableReferences', () => {
  it('every physical table with its alias, in every scope; CTE names are not tables', async () => {
    const r = await tableReferences(
      'WITH big AS (SELECT * FROM track) SELECT * FROM big b JOIN Genre ON Genre.GenreId = b.GenreId WHERE b.AlbumId IN (SELECT a.AlbumId FROM Album a) AND EXISTS (SELECT 1 FROM Track t2)',
      CHINOOK,
    );
    expect(r).toEqual([
      { table: 'Track', alias: null },
      { table: 'Genre', alias: null },
      { table: 'Album', alias: 'a' },
      { table: 'Track', alias: 't2' },
    ]);
  });

  it('without a schema, names as written; undefined for what is not one query', async () => {
    expect(
      await tableReferences('SELECT * FROM "My Table" m', undefined, { dialect: 'postgres' }),
    ).toEqual([{ table: 'My Table', alias: 'm' }]);
    expect(await tableReferences('DROP TABLE x')).toBeUndefined();
  });
});
