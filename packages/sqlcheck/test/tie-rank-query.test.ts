import { describe, expect, it } from 'vitest';
import { TIE_RANK_COLUMN, tieRankQuery } from '../src/index.js';

async function ranked(sql: string, dialect = 'sqlite') {
  const q = await tieRankQuery(sql, dialect);
  if (!q.ok) throw new Error(q.reason);
  return q;
}

describe('tieRankQuery: the gold with the dense rank of its ORDER BY keys', () => {
  it('resolves aliases and ordinals to their expressions, keeps the ORDER BY and LIMIT', async () => {
    const q = await ranked(
      'SELECT a.name AS n, COUNT(*) AS c FROM t a GROUP BY a.name ORDER BY c DESC, 1 LIMIT 3',
    );
    expect(q.ranked).toBe(
      `SELECT a.name AS n, COUNT(*) AS c, DENSE_RANK() OVER (ORDER BY COUNT(*) DESC, a.name) AS ${TIE_RANK_COLUMN} FROM t AS a GROUP BY a.name ORDER BY c DESC, 1 LIMIT 3`,
    );
    expect(q.offset).toBe(false);
    // The whole group of a rank: the same ranking without LIMIT, one rank kept.
    expect(q.group?.(2)).toBe(
      `SELECT * FROM (SELECT a.name AS n, COUNT(*) AS c, DENSE_RANK() OVER (ORDER BY COUNT(*) DESC, a.name) AS ${TIE_RANK_COLUMN} FROM t AS a GROUP BY a.name) AS nl2sql_tie_group WHERE nl2sql_tie_group.${TIE_RANK_COLUMN} = 2`,
    );
    expect(() => q.group?.(1.5)).toThrow(RangeError);
  });

  it('a key that is not selected, a collation, NULLS placement and a CTE are kept as written', async () => {
    const q = await ranked(
      'WITH w AS (SELECT * FROM author) SELECT name FROM w ORDER BY papers DESC NULLS LAST, hidden COLLATE NOCASE',
    );
    expect(q.ranked).toContain(
      `DENSE_RANK() OVER (ORDER BY papers DESC NULLS LAST, hidden COLLATE NOCASE) AS ${TIE_RANK_COLUMN}`,
    );
    expect(q.ranked.startsWith('WITH w AS')).toBe(true);
    expect(q.group).toBeNull();
  });

  it('says when a LIMIT has an OFFSET', async () => {
    expect((await ranked('SELECT a FROM t ORDER BY a LIMIT 2 OFFSET 1')).offset).toBe(true);
  });

  it('DISTINCT may order by the keys it selects', async () => {
    const q = await ranked('SELECT DISTINCT name, papers FROM author ORDER BY papers DESC');
    expect(q.ranked).toContain('DENSE_RANK() OVER (ORDER BY papers DESC)');
  });

  it('PostgreSQL is written as PostgreSQL', async () => {
    const q = await ranked(
      'SELECT "Name" FROM "Artist" ORDER BY "ArtistId" DESC LIMIT 5',
      'postgres',
    );
    expect(q.ranked).toBe(
      `SELECT "Name", DENSE_RANK() OVER (ORDER BY "ArtistId" DESC) AS ${TIE_RANK_COLUMN} FROM "Artist" ORDER BY "ArtistId" DESC LIMIT 5`,
    );
  });

  it.each([
    ['SELECT name FROM author', 'no ORDER BY'],
    ['SELECT name FROM a UNION SELECT name FROM b ORDER BY 1', 'compound'],
    ['SELECT * FROM author ORDER BY 1', '* select item'],
    ['SELECT name FROM author ORDER BY 3', 'names no selected column'],
    ['SELECT DISTINCT name FROM author ORDER BY papers', 'DISTINCT'],
    ['SELECT name FROM author ORDER BY ROW_NUMBER() OVER (ORDER BY id)', 'window function'],
    ['SELECT 1; SELECT 2', ''],
    ['SELEC name', ''],
  ])('refuses %s', async (sql, why) => {
    const q = await tieRankQuery(sql, 'sqlite');
    expect(q.ok).toBe(false);
    if (!q.ok) expect(q.reason).toContain(why);
  });
});
