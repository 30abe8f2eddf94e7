import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EvalCase,
  type EvalSuite,
  formatSuite,
  goldPin,
  goldRows,
  goldTies,
  parseSuite,
  regenerate,
} from '../src/index.js';
import { shopDatabase } from './shop-database.js';

// Authors and their papers, inserted out of name order: Bob, Cyd and Dee tie on 5 papers,
// Eve and Fay on 2; countries tie only when case is ignored.
const AUTHORS = `
CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, papers INTEGER NOT NULL, country TEXT NOT NULL);
INSERT INTO author VALUES (4, 'Dee', 5, 'uk'), (1, 'Ada', 7, 'no'), (6, 'Fay', 2, 'UK'), (2, 'Bob', 5, 'se'), (5, 'Eve', 2, 'NO'), (3, 'Cyd', 5, 'se');
`;

let db: SqliteDatasource;
let file: string;
beforeAll(async () => {
  file = await shopDatabase(AUTHORS);
  db = await openSqlite(file);
});
afterAll(() => db.close());

async function ties(sql: string) {
  return goldTies(db, sql, await goldRows(db, sql));
}

describe('goldTies: the tie groups of an ordered gold, asked of the database', () => {
  it('runs of equal ORDER BY keys, also when the key is not selected', async () => {
    const selected = await ties('SELECT name, papers FROM author ORDER BY papers DESC');
    expect(selected.ties).toEqual({ groups: [1, 3, 2] });
    expect(selected.rows?.map((r) => r[1])).toEqual([7, 5, 5, 5, 2, 2]);
    const hidden = await ties('SELECT name FROM author ORDER BY papers DESC');
    expect(hidden.ties).toEqual({ groups: [1, 3, 2] });
    expect(hidden.rows?.[0]).toEqual(['Ada']);
    expect(hidden.statements).toBe(1);
  });

  it('aliases, ordinals and aggregates are keys as well; a key that breaks every tie leaves none', async () => {
    const grouped = await ties(
      'SELECT country AS c, COUNT(*) AS n FROM author GROUP BY country ORDER BY n DESC',
    );
    // se has 2 authors; no, NO, uk and UK have 1 each.
    expect(grouped.ties).toEqual({ groups: [1, 4] });
    const ordered = await ties('SELECT name AS n, papers AS p FROM author ORDER BY p DESC, 1');
    expect(ordered).toMatchObject({ none: 'the ORDER BY orders every row', ordered: true });
  });

  it('ties as the database compares: a collation makes uk and UK equal', async () => {
    const exact = await ties('SELECT name FROM author ORDER BY country, name');
    expect(exact.ordered).toBe(true);
    const nocase = await ties('SELECT country FROM author ORDER BY country COLLATE NOCASE');
    expect(nocase.ties).toEqual({ groups: [2, 2, 2] });
  });

  it('a LIMIT through a tie group records the whole group; one at a group end records none', async () => {
    const cut = await ties('SELECT name, papers FROM author ORDER BY papers DESC LIMIT 3');
    expect(cut.ties).toEqual({
      groups: [1, 2],
      boundary_rows: [
        ['Bob', 5],
        ['Cyd', 5],
        ['Dee', 5],
      ],
    });
    expect(cut.statements).toBe(2);
    const whole = await ties('SELECT name, papers FROM author ORDER BY papers DESC LIMIT 4');
    expect(whole.ties).toEqual({ groups: [1, 3] });
    const top = await ties('SELECT name FROM author ORDER BY papers DESC LIMIT 1');
    expect(top.ordered).toBe(true);
  });

  it('says why when the gold cannot be ranked, and keeps exact order', async () => {
    const union = await ties(
      "SELECT name FROM author WHERE country = 'se' UNION SELECT name FROM author ORDER BY 1",
    );
    expect(union).toMatchObject({ none: expect.stringContaining('compound query'), statements: 0 });
    expect(union.ties).toBeUndefined();
  });
});

describe('order_ties in a suite file', () => {
  const tiedCase: EvalCase = {
    id: 'most_papers',
    question: 'Who wrote the most papers?',
    datasource: 'shop',
    source: 'hand',
    tags: ['order-limit', 'ties'],
    order_matters: true,
    outcome: { admin: 'allowed' },
    tables: ['author'],
    columns: ['author.name', 'author.papers'],
    sql: 'SELECT name, papers FROM author ORDER BY papers DESC LIMIT 3',
    rows: [['stale', 0]],
  };
  const unordered: EvalCase = {
    ...tiedCase,
    id: 'all_papers',
    order_matters: false,
    sql: 'SELECT name, papers FROM author ORDER BY papers DESC',
    order_ties: { groups: [1] },
  };
  const suite: EvalSuite = { name: 'authors', version: 1, cases: [tiedCase, unordered] };

  it('regenerate writes the groups and the boundary, reads back the same, and a second run changes no byte', async () => {
    const path = join(file, '..', 'authors.yaml');
    await writeFile(path, formatSuite(suite));
    const first = await regenerate(path, db);
    expect(first).toEqual({
      changed: true,
      changedCases: ['most_papers', 'all_papers'],
      statements: 4,
      untied: [],
    });
    const text = await readFile(path, 'utf8');
    expect(text).toContain(
      [
        '    order_ties:',
        '      groups: [ 1, 2 ]',
        '      boundary_rows:',
        '        - [ Bob, 5 ]',
        '        - [ Cyd, 5 ]',
        '        - [ Dee, 5 ]',
      ].join('\n'),
    );
    const back = parseSuite(text, path);
    expect(back.cases[0]?.order_ties).toEqual({
      groups: [1, 2],
      boundary_rows: [
        ['Bob', 5],
        ['Cyd', 5],
        ['Dee', 5],
      ],
    });
    // Order does not matter there: no ties are kept.
    expect(back.cases[1]?.order_ties).toBeUndefined();
    expect(await regenerate(path, db)).toMatchObject({ changed: false, changedCases: [] });
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  it('names the ordered cases it could not rank', async () => {
    const path = join(file, '..', 'compound.yaml');
    const compound = {
      ...tiedCase,
      sql: "SELECT name FROM author WHERE country = 'se' UNION SELECT name FROM author ORDER BY 1",
    };
    await writeFile(path, formatSuite({ ...suite, cases: [compound] }));
    const r = await regenerate(path, db);
    expect(r.untied).toEqual([
      {
        caseId: 'most_papers',
        reason: 'the gold is a compound query (UNION, INTERSECT, EXCEPT or VALUES)',
      },
    ]);
  });

  it('the pin covers the tie groups; a case without them keeps its pin', () => {
    const { order_ties: _, ...plain } = unordered;
    expect(goldPin(plain)).not.toBe(goldPin(unordered));
    expect(goldPin({ ...plain, order_ties: undefined })).toBe(goldPin(plain));
  });
});
