// The PostgreSQL path against a real server: Chinook loaded into a throwaway PostgreSQL by
// @nl2sql/datasets, plans through a pg client, row counts from the PostgreSQL datasource's
// introspection, and a timing through that datasource.
import { loadChinookPostgres } from '@nl2sql/datasets';
import type { TableSchema } from '@nl2sql/datasource';
import {
  type EmbeddedPostgres,
  openPostgres,
  type PostgresDatasource,
  startEmbeddedPostgres,
} from '@nl2sql/datasource-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkBudget,
  comparePlans,
  costProxy,
  EfficiencyError,
  type Explainer,
  measureEfficiency,
  postgresExplainer,
  queryPlan,
} from '../src/index.js';
import { noChinook } from './chinook.js';

let server: EmbeddedPostgres;
let client: pg.Client;
let datasource: PostgresDatasource;
let explainer: Explainer;
let tables: TableSchema[];

beforeAll(async () => {
  if (noChinook) return;
  server = await startEmbeddedPostgres();
  const { url } = await loadChinookPostgres(server.url('postgres'), {
    database: 'chinook_plans',
    locate: { download: false },
  });
  client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('ANALYZE');
  datasource = await openPostgres(url, { poolSize: 1, timeoutMs: 120_000 });
  tables = (await datasource.introspect()).tables;
  explainer = postgresExplainer(client);
});
afterAll(async () => {
  await client?.end();
  await datasource?.close();
  await server?.stop();
});

describe.skipIf(noChinook)('queryPlan on PostgreSQL (Chinook)', () => {
  it("the cost proxy is EXPLAIN's total cost, the same on every call; a full scan is over a 2x budget against an index scan", async () => {
    const gold = await queryPlan(
      explainer,
      'SELECT "Quantity" FROM "InvoiceLine" WHERE "InvoiceLineId" = 7',
      { tables },
    );
    const slow = await queryPlan(
      explainer,
      'SELECT "Quantity" FROM "InvoiceLine" WHERE "InvoiceLineId" + 0 = 7',
      { tables },
    );
    const g = costProxy(gold);
    const p = costProxy(slow);
    expect(g).toEqual({
      unit: 'pg_cost',
      value: Math.max(1, gold.totalCost as number),
      fullScans: 0,
    });
    expect(p).toEqual({ unit: 'pg_cost', value: slow.totalCost, fullScans: 1 });
    expect(
      costProxy(
        await queryPlan(
          explainer,
          'SELECT "Quantity" FROM "InvoiceLine" WHERE "InvoiceLineId" + 0 = 7',
          { tables },
        ),
      ),
    ).toEqual(p);
    if (!g || !p) throw new Error('no proxy');
    // planner units: a full scan of InvoiceLine's 2,240 rows costs about 6x an index scan
    const check = checkBudget(g, p, { relative: 10 });
    expect(check.ratio).toBeCloseTo((slow.totalCost as number) / g.value, 12);
    expect(check.ratio).toBeGreaterThan(2);
    expect(check.overBudget).toBe(check.ratio > 10);
    expect(checkBudget(g, p, { relative: 2 }).overBudget).toBe(true);
    expect(checkBudget(g, p, { absolute: g.value }).overBudget).toBe(true);
    expect(checkBudget(g, g, { relative: 10 }).overBudget).toBe(false);
  });

  it('a Seq Scan of a large table is flagged, with the plan total cost', async () => {
    const plan = await queryPlan(
      explainer,
      `SELECT t."Name" FROM "Track" t WHERE t."Composer" = 'AC/DC'`,
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
        rows: 3503,
        flagged: true,
      },
    ]);
    expect(plan.steps[0]).toMatch(/^Seq Scan on Track t \(cost=0\.\.\d/);
  });

  it('an index scan is not flagged; comparePlans gives the cost ratio and the new full scans', async () => {
    const gold = await queryPlan(explainer, 'SELECT "Name" FROM "Track" WHERE "TrackId" = 42', {
      tables,
    });
    expect(gold.scans).toMatchObject([{ table: 'Track', fullScan: false, flagged: false }]);
    expect(gold.scans[0]?.detail).toMatch(/^Index Scan using \S+ on Track$/);
    const slow = await queryPlan(explainer, 'SELECT "Name" FROM "Track" WHERE "TrackId" + 0 = 42', {
      tables,
    });
    const cmp = comparePlans(gold, slow);
    expect(cmp.addedFlagged.map((s) => s.table)).toEqual(['Track']);
    expect(cmp.costRatio).toBeGreaterThan(5);
    // a full scan of the 25-row genre table is not flagged
    const join = await queryPlan(
      explainer,
      'SELECT g."Name", COUNT(*) FROM "Track" t JOIN "Genre" g ON g."GenreId" = t."GenreId" GROUP BY g."Name"',
      { tables },
    );
    expect(join.scans.find((s) => s.table === 'Genre')).toMatchObject({
      fullScan: true,
      rows: 25,
      flagged: false,
    });
    expect(join.flagged.map((s) => s.table)).toEqual(['Track']);
  });

  it('a scan under a SubPlan is repeated per outer row', async () => {
    const plan = await queryPlan(
      explainer,
      'SELECT g."Name", (SELECT count(*) FROM "Track" t WHERE t."GenreId" + 0 = g."GenreId") FROM "Genre" g',
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

describe.skipIf(noChinook)('measureEfficiency through the PostgreSQL datasource', () => {
  it('chinook_039 against a correlated count with the key comparison defeated: a ratio well below 1', async () => {
    const gold =
      'SELECT COUNT(*) AS tracks FROM "Track" t WHERE t."TrackId" NOT IN (SELECT il."TrackId" FROM "InvoiceLine" il)';
    const slow =
      'SELECT COUNT(*) AS tracks FROM "Track" t WHERE (SELECT COUNT(*) FROM "InvoiceLine" il WHERE il."TrackId" + 0 = t."TrackId") = 0';
    const [g, p] = [await datasource.execute(gold), await datasource.execute(slow)];
    expect(p.rows).toEqual(g.rows); // correct on Chinook
    const m = await measureEfficiency({
      datasource,
      goldSql: gold,
      predSql: slow,
      correct: true,
      repeats: 3,
      warmup: 0,
    });
    expect(m.status).toBe('measured');
    expect(m.timeRatio).toBeLessThan(0.5);
    expect(m.reward).toBeLessThanOrEqual(0.5);
  });
});
