import {
  openPostgres,
  type PostgresDatasource,
  postgresForTests,
} from '@nl2sql/datasource-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldRows, goldTies } from '../src/index.js';

// The tie queries on an embedded PostgreSQL (skips with the reason printed where there are no
// PostgreSQL binaries): the same rewrite, written for PostgreSQL, ranked by its database.
const pg = await postgresForTests();
let db: PostgresDatasource;
beforeAll(async () => {
  if (!pg.server) return;
  db = await openPostgres(pg.server.url(), { timeoutMs: 60_000 });
});
afterAll(async () => {
  await db?.close();
  await pg.server?.stop();
});

const AUTHORS =
  "WITH author(name, papers) AS (VALUES ('Dee', 5), ('Ada', 7), ('Fay', 2), ('Bob', 5), ('Eve', 2), ('Cyd', 5))";

describe.skipIf(!pg.server)('goldTies on PostgreSQL', () => {
  it('finds the groups of a key it does not select, and the whole group a LIMIT cuts', async () => {
    const all = `${AUTHORS} SELECT name FROM author ORDER BY papers DESC`;
    const ranked = await goldTies(db, all, await goldRows(db, all));
    expect(ranked.ties).toEqual({ groups: [1, 3, 2] });
    expect(ranked.rows?.[0]).toEqual(['Ada']);
    const top = `${AUTHORS} SELECT name AS n, papers AS p FROM author ORDER BY p DESC LIMIT 3`;
    const cut = await goldTies(db, top, await goldRows(db, top));
    expect(cut.ties).toEqual({
      groups: [1, 2],
      boundary_rows: [
        ['Bob', 5],
        ['Cyd', 5],
        ['Dee', 5],
      ],
    });
    expect(cut.statements).toBe(2);
  }, 60_000);
});
