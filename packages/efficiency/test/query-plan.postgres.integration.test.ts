// The PostgreSQL plan path against a real server: EXPLAIN (FORMAT JSON) through a pg client,
// on Chinook's Track and Genre shapes with generated rows and real statistics (ANALYZE).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePlans, EfficiencyError, postgresExplainer, queryPlan } from '../src/index.js';
import { startPostgres, type TestPostgres } from './postgres-server.js';

let server: TestPostgres;
let client: pg.Client;
const tables = [
  { name: 'Track', rowCount: 5000 },
  { name: 'Genre', rowCount: 25 },
];

beforeAll(async () => {
  server = await startPostgres();
  client = new pg.Client({ connectionString: server.url });
  await client.connect();
  await client.query(`
    CREATE TABLE "Genre" ("GenreId" integer PRIMARY KEY, "Name" text NOT NULL);
    CREATE TABLE "Track" ("TrackId" integer PRIMARY KEY, "Name" text NOT NULL,
      "GenreId" integer REFERENCES "Genre", "Milliseconds" integer NOT NULL);
    CREATE INDEX "IFK_TrackGenreId" ON "Track" ("GenreId");
    INSERT INTO "Genre" SELECT g, 'genre ' || g FROM generate_series(1, 25) g;
    INSERT INTO "Track" SELECT t, 'track ' || t, 1 + t % 25, 1000 * t FROM generate_series(1, 5000) t;
    ANALYZE;`);
});
afterAll(async () => {
  await client?.end();
  await server?.stop();
});

describe('queryPlan on PostgreSQL', () => {
  it('a Seq Scan of a large table is flagged, with the plan total cost', async () => {
    const plan = await queryPlan(
      postgresExplainer(client),
      `SELECT t."Name" FROM "Track" t WHERE t."Milliseconds" > 4000000`,
      {
        tables,
      },
    );
    expect(plan.engine).toBe('postgres');
    expect(plan.totalCost).toBeGreaterThan(0);
    expect(plan.scans).toEqual([
      {
        table: 'Track',
        label: 't',
        detail: 'Seq Scan on Track t',
        fullScan: true,
        wholeScan: true,
        correlated: false,
        rows: 5000,
        flagged: true,
      },
    ]);
    expect(plan.steps[0]).toMatch(/^Seq Scan on Track t \(cost=0\.\.\d/);
  });

  it('an index scan is not flagged; comparePlans gives the cost ratio and the new full scans', async () => {
    const explainer = postgresExplainer(client);
    const gold = await queryPlan(explainer, 'SELECT "Name" FROM "Track" WHERE "TrackId" = 42', {
      tables,
    });
    expect(gold.scans).toMatchObject([{ table: 'Track', fullScan: false, flagged: false }]);
    expect(gold.scans[0]?.detail).toMatch(/^Index Scan using "?Track_pkey"? on Track$/);
    const slow = await queryPlan(explainer, 'SELECT "Name" FROM "Track" WHERE "TrackId" + 0 = 42', {
      tables,
    });
    const cmp = comparePlans(gold, slow);
    expect(cmp.addedFlagged.map((s) => s.table)).toEqual(['Track']);
    expect(cmp.costRatio).toBeGreaterThan(5);
    // a scan of the 25-row genre table is a full scan but not flagged
    const join = await queryPlan(
      explainer,
      'SELECT g."Name", COUNT(*) FROM "Track" t JOIN "Genre" g ON g."GenreId" = t."GenreId" GROUP BY g."Name"',
      { tables },
    );
    expect(join.scans.find((s) => s.table === 'Genre')).toMatchObject({
      fullScan: true,
      flagged: false,
    });
    expect(join.flagged.map((s) => s.table)).toEqual(['Track']);
  });

  it('a scan under a SubPlan is repeated per outer row', async () => {
    const plan = await queryPlan(
      postgresExplainer(client),
      'SELECT g."Name", (SELECT count(*) FROM "Track" t WHERE t."Milliseconds" > g."GenreId" * 1000) FROM "Genre" g',
      { tables },
    );
    expect(plan.scans.find((s) => s.table === 'Genre')).toMatchObject({
      correlated: false,
      flagged: false,
    });
    expect(plan.scans.find((s) => s.table === 'Track')).toMatchObject({
      fullScan: true,
      correlated: true,
      flagged: true,
    });
  });

  it('refuses chained or non-query statements before the server sees them; the tables stay', async () => {
    const explainer = postgresExplainer(client);
    for (const sql of [
      'SELECT 1; DROP TABLE "Genre"',
      'SELECT 1 -- note\r; DROP TABLE "Genre"',
      'DELETE FROM "Genre"',
      'SET ROLE postgres',
      "SELECT 'unterminated",
    ]) {
      const error = await queryPlan(explainer, sql).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EfficiencyError);
      expect((error as EfficiencyError).code).toBe('not_a_query');
    }
    const { rows } = await client.query('SELECT count(*)::int AS n FROM "Genre"');
    expect(rows[0]?.n).toBe(25);
    await expect(queryPlan(explainer, 'SELECT nope FROM "Track"')).rejects.toMatchObject({
      code: 'explain_failed',
      message: expect.stringContaining('does not exist'),
    });
  });
});
