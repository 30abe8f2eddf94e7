// The lint rules that ask the database itself: the gold sql's column count (rows-width) and
// whether it runs at all (sql-fails), on the real Chinook file.
import { chinookForTests } from '@nl2sql/datasets';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvalCase, type EvalSuite, lintSuite } from '../src/index.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

let db: SqliteDatasource;
beforeAll(async () => {
  if (noChinook) return;
  db = await openSqlite(chinook.path!);
});
afterAll(async () => {
  if (noChinook) return;
  await db.close();
});

const artists: EvalCase = {
  id: 'artists',
  question: 'Which are the first two artists by id?',
  datasource: 'chinook',
  source: 'hand',
  approved: true,
  tags: ['single-table', 'order-limit'],
  order_matters: true,
  outcome: { admin: 'allowed' },
  tables: ['Artist'],
  columns: ['Artist.ArtistId', 'Artist.Name'],
  sql: 'SELECT ArtistId, Name FROM Artist ORDER BY ArtistId LIMIT 2',
  rows: [
    [1, 'AC/DC'],
    [2, 'Accept'],
  ],
};
const lint = (c: EvalCase) =>
  lintSuite({ name: 't', version: 1, cases: [c] }, { modes: ['engine'], datasource: db });

describe.skipIf(noChinook)('lintSuite with a datasource', () => {
  it('checks only the cases it is given on the database, the rest none (option cases)', async () => {
    const broken = { ...artists, id: 'broken', sql: 'SELECT Nope FROM Artist' };
    const suite: EvalSuite = { name: 't', version: 1, cases: [artists, broken] };
    const all = await lintSuite(suite, { modes: ['engine'], datasource: db });
    expect(all.map((f) => [f.caseId, f.rule])).toEqual([['broken', 'sql-fails']]);
    expect(
      await lintSuite(suite, { modes: ['engine'], datasource: db, cases: ['artists'] }),
    ).toEqual([]);
    const found = await lintSuite(suite, { modes: ['engine'], datasource: db, cases: ['broken'] });
    expect(found.map((f) => [f.caseId, f.rule])).toEqual([['broken', 'sql-fails']]);
  });

  it('accepts rows as wide as the gold sql returns', async () => {
    expect(await lint(artists)).toEqual([]);
  });

  it('reports rows narrower or wider than the gold sql (stale after an edit)', async () => {
    const widened = { ...artists, sql: 'SELECT ArtistId, Name, 1 FROM Artist ORDER BY 1 LIMIT 2' };
    expect((await lint(widened)).map((f) => [f.rule, f.severity, f.message])).toEqual([
      [
        'rows-width',
        'error',
        'rows have 2 cell(s), the gold sql returns 3 column(s): run regenerate',
      ],
    ]);
    const narrowed = { ...artists, sql: 'SELECT Name FROM Artist ORDER BY ArtistId LIMIT 2' };
    expect((await lint(narrowed)).map((f) => f.rule)).toEqual(['rows-width']);
  });

  it('knows the width of a query that returns no row', async () => {
    const none = { ...artists, sql: 'SELECT ArtistId, Name FROM Artist WHERE 0', rows: [] };
    expect(await lint(none)).toEqual([]);
  });

  it('reports gold sql the database rejects', async () => {
    const findings = await lint({ ...artists, sql: 'SELECT Nope FROM Artist' });
    expect(findings.map((f) => f.rule)).toEqual(['sql-fails']);
    expect(findings[0]?.message).toContain('no such column: Nope');
  });

  it('runs nothing for a mode that compares no rows', async () => {
    const findings = await lintSuite(
      { name: 't', version: 1, cases: [{ ...artists, sql: 'SELECT Nope FROM Artist' }] },
      { modes: ['retrieval'], datasource: db },
    );
    expect(findings).toEqual([]);
  });

  const slow = {
    ...artists,
    sql: 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT count(*) AS c, 1 AS d FROM n',
    rows: [[3000000, 1]],
  };

  it('compiles each gold on the database, never runs it (decisions/lint-gold-compiles.md)', async () => {
    let executed = 0;
    const compiling = {
      columns: (sql: string, options?: Parameters<SqliteDatasource['columns']>[1]) =>
        db.columns(sql, options),
      execute: (sql: string, options?: Parameters<SqliteDatasource['execute']>[1]) => {
        executed++;
        return db.execute(sql, options);
      },
    };
    const started = performance.now();
    const findings = await lintSuite(
      {
        name: 't',
        version: 1,
        cases: [slow, { ...artists, id: 'bad', sql: 'SELECT Nope FROM Artist' }],
      },
      { modes: ['engine'], datasource: compiling, goldTimeoutMs: 20 },
    );
    expect(findings.map((f) => [f.caseId, f.rule])).toEqual([['bad', 'sql-fails']]);
    expect(findings[0]?.message).toContain('no such column: Nope');
    expect(executed).toBe(0);
    // three million recursive steps take far longer than a compile
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('gives a slow gold sql time where the datasource can only run it: slow on a loaded machine is not broken', async () => {
    // A datasource whose own default timeout is far shorter than this query takes, and which
    // cannot compile without running (no `columns`).
    const hasty = await openSqlite(chinook.path!, { timeoutMs: 20 });
    try {
      const runsOnly = {
        execute: (sql: string, options?: Parameters<SqliteDatasource['execute']>[1]) =>
          hasty.execute(sql, options),
      };
      const lintWith = (goldTimeoutMs?: number) =>
        lintSuite(
          { name: 't', version: 1, cases: [slow] },
          {
            modes: ['engine'],
            datasource: runsOnly,
            ...(goldTimeoutMs === undefined ? {} : { goldTimeoutMs }),
          },
        );
      expect(await lintWith()).toEqual([]);
      const rushed = await lintWith(20);
      expect(rushed.map((f) => f.rule)).toEqual(['sql-fails']);
      expect(rushed[0]?.message).toContain('timeout');
    } finally {
      await hasty.close();
    }
  });
});

describe.skipIf(noChinook)('lintSuite with a PostgreSQL datasource', () => {
  // Records the SQL lint sends to a datasource that says it is PostgreSQL. The transpiled gold
  // (names quoted, NULLS FIRST) is also valid SQLite, so the real Chinook file answers it.
  const asPostgres = (sent: string[]) => ({
    engine: 'postgres',
    execute: (sql: string, options?: Parameters<SqliteDatasource['execute']>[1]) => {
      sent.push(sql);
      return db.execute(sql, options);
    },
  });
  const schema = {
    tables: ['Artist'].map((name) => ({
      name,
      schema: 'public',
      columns: [{ name: 'ArtistId' }, { name: 'Name' }],
    })),
  };
  const lintOn = (c: EvalCase, sent: string[]) =>
    lintSuite(
      { name: 't', version: 1, cases: [c] },
      { modes: ['engine'], datasource: asPostgres(sent), schema },
    );

  it("runs the case's PostgreSQL gold, and reads its SQLite SQL against the database's tables", async () => {
    const sent: string[] = [];
    expect(await lintOn(artists, sent)).toEqual([]);
    expect(sent).toEqual([
      'SELECT "ArtistId", "Name" FROM "Artist" ORDER BY "ArtistId" NULLS FIRST LIMIT 2',
    ]);
    const own: string[] = [];
    await lintOn({ ...artists, sql_by_engine: { postgres: 'SELECT 1, 2' } }, own);
    expect(own).toEqual(['SELECT 1, 2']);
  });

  it('checks widths against rows_by_engine.postgres, and reports a gold the parser cannot rewrite', async () => {
    const wide = { ...artists, rows_by_engine: { postgres: [[1, 'AC/DC', 'x']] } };
    expect((await lintOn(wide, [])).map((f) => f.rule)).toEqual(['rows-width']);
    const broken = { ...artists, sql: 'SELECT FROM WHERE (' };
    const findings = await lintOn(broken, []);
    expect(findings.find((f) => f.rule === 'sql-fails')?.message).toMatch(
      /^artists: cannot transpile .*sql_by_engine\.postgres$/,
    );
  });
});

describe.skipIf(noChinook)('lintSuite over several cases at once', () => {
  // The first gold is slow (a recursive count), so with several lanes the later cases finish
  // first: the findings must still come out case by case, as one lane gives them.
  const slow = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000) SELECT ArtistId, Name FROM Artist WHERE ArtistId <= (SELECT count(*) FROM n) / 150000 ORDER BY ArtistId LIMIT 2`;
  const cases: EvalCase[] = [
    {
      ...artists,
      id: 'slow-wide',
      sql: `${slow.replace('SELECT ArtistId, Name FROM', 'SELECT ArtistId, Name, 1 FROM')}`,
    },
    { ...artists, id: 'narrow', sql: 'SELECT Name FROM Artist ORDER BY ArtistId LIMIT 2' },
    { ...artists, id: 'fine' },
    { ...artists, id: 'broken', sql: 'SELECT ArtistId, Nme FROM Artist ORDER BY ArtistId LIMIT 2' },
    { ...artists, id: 'wide', sql: 'SELECT ArtistId, Name, 1 FROM Artist ORDER BY 1 LIMIT 2' },
  ];
  const suite: EvalSuite = { name: 't', version: 1, cases };

  it('gives the findings of one lane, in case order, with the golds run side by side', async () => {
    let inFlight = 0;
    let most = 0;
    const counting = {
      execute: async (sql: string, options?: Parameters<SqliteDatasource['execute']>[1]) => {
        most = Math.max(most, ++inFlight);
        try {
          return await db.execute(sql, options);
        } finally {
          inFlight--;
        }
      },
    };
    const one = await lintSuite(suite, { modes: ['engine'], datasource: db, concurrency: 1 });
    const four = await lintSuite(suite, { modes: ['engine'], datasource: counting });
    expect(four).toEqual(one);
    expect(most).toBeGreaterThan(1);
    const gold = one.filter((f) => ['rows-width', 'sql-fails'].includes(f.rule));
    expect(gold.map((f) => [f.caseId, f.rule])).toEqual([
      ['slow-wide', 'rows-width'],
      ['narrow', 'rows-width'],
      ['broken', 'sql-fails'],
      ['wide', 'rows-width'],
    ]);
  });
});
