import { describe, expect, it } from 'vitest';
import { analyzeGold } from '../src/gold-analysis.js';

const schema = {
  tables: [
    {
      name: 'Track',
      columns: [
        { name: 'TrackId' },
        { name: 'Name' },
        { name: 'GenreId' },
        { name: 'Milliseconds' },
      ],
    },
    { name: 'Genre', columns: [{ name: 'GenreId' }, { name: 'Name' }] },
    {
      name: 'Invoice',
      columns: [{ name: 'InvoiceId' }, { name: 'InvoiceDate' }, { name: 'Total' }],
    },
  ],
};

describe('analyzeGold', () => {
  it('attributes literals through aliases, BETWEEN, IN and LIKE', async () => {
    const analysis = await analyzeGold(
      "SELECT COUNT(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name IN ('Jazz', 'Blues') AND t.Milliseconds BETWEEN 1000 AND 2000 AND t.Name LIKE 'Where%'",
      schema,
    );
    expect(analysis?.literals).toEqual([
      { table: 'Genre', column: 'Name', kind: 'string', value: 'Jazz', op: 'in' },
      { table: 'Genre', column: 'Name', kind: 'string', value: 'Blues', op: 'in' },
      { table: 'Track', column: 'Milliseconds', kind: 'number', value: '1000', op: 'between' },
      { table: 'Track', column: 'Milliseconds', kind: 'number', value: '2000', op: 'between' },
      { table: 'Track', column: 'Name', kind: 'string', value: 'Where%', op: 'like' },
    ]);
    expect(analysis?.hotColumns).toEqual([
      'Genre.GenreId',
      'Genre.Name',
      'Track.GenreId',
      'Track.Milliseconds',
      'Track.Name',
    ]);
  });

  it('resolves unqualified columns by the schema and correlated ones by the outer scope', async () => {
    const analysis = await analyzeGold(
      "SELECT Name FROM Genre WHERE GenreId = 3 AND EXISTS (SELECT 1 FROM Track t2 WHERE t2.GenreId = Genre.GenreId AND Milliseconds > 5 AND Name = 'x')",
      schema,
    );
    expect(analysis?.literals.map((l) => `${l.table}.${l.column}=${l.value}`)).toEqual([
      'Genre.GenreId=3',
      'Track.Milliseconds=5',
      'Track.Name=x',
    ]);
  });

  it('attributes nothing to a CTE, and nothing for SQL that is not one query', async () => {
    const analysis = await analyzeGold(
      "WITH Genre AS (SELECT 1 AS Name) SELECT * FROM Genre WHERE Name = 'x'",
      schema,
    );
    expect(analysis?.literals).toEqual([]);
    expect(await analyzeGold('SELECT 1; SELECT 2', schema)).toBeUndefined();
  });
});
