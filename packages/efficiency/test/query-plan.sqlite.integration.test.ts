// Query plans on the real Chinook file: EXPLAIN QUERY PLAN through the explainer's own
// read-only connection, row counts from the datasource's introspection.

import type { TableSchema } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePlans,
  EfficiencyError,
  openSqliteExplainer,
  queryPlan,
  type SqliteExplainer,
} from '../src/index.js';
import { chinookPath, noChinook, sha256 } from './chinook.js';

let explainer: SqliteExplainer;
let tables: TableSchema[];
let file: string;
let digest: string;
beforeAll(async () => {
  if (noChinook) return;
  file = await chinookPath();
  digest = await sha256(file);
  const ds = await openSqlite(file);
  tables = (await ds.introspect()).tables;
  await ds.close();
  explainer = await openSqliteExplainer(file);
});
afterAll(async () => {
  if (noChinook) return;
  await explainer.close();
  expect(await sha256(file)).toBe(digest);
});

describe.skipIf(noChinook)('queryPlan on SQLite (Chinook)', () => {
  it('flags a full scan of a large table, named by its alias in the plan', async () => {
    const plan = await queryPlan(
      explainer,
      "SELECT t.Name FROM Track t WHERE t.Composer = 'AC/DC'",
      { tables },
    );
    expect(plan.engine).toBe('sqlite');
    expect(plan.totalCost).toBeNull();
    expect(plan.scans).toEqual([
      {
        table: 'Track',
        label: 't',
        detail: 'SCAN t',
        fullScan: true,
        wholeScan: true,
        correlated: false,
        rows: 3503,
        flagged: true,
      },
    ]);
    expect(plan.flagged).toHaveLength(1);
    expect(plan.steps).toEqual(['SCAN t']);
  });

  it('an index search, a covering-index scan and a scan of a small table are not flagged', async () => {
    const search = await queryPlan(explainer, 'SELECT Name FROM Track WHERE TrackId = 5', {
      tables,
    });
    expect(search.scans).toMatchObject([{ table: 'Track', fullScan: false, flagged: false }]);
    expect(search.scans[0]?.detail).toMatch(/^SEARCH Track USING INTEGER PRIMARY KEY/);
    const covering = await queryPlan(explainer, 'SELECT COUNT(*) FROM Track', { tables });
    expect(covering.scans[0]?.detail).toMatch(/^SCAN Track USING COVERING INDEX/);
    expect(covering.flagged).toEqual([]);
    const small = await queryPlan(explainer, 'SELECT Name FROM Genre', { tables });
    expect(small.scans).toMatchObject([
      { table: 'Genre', fullScan: true, rows: 25, flagged: false },
    ]);
  });

  it('the threshold is an option; without row counts nothing is flagged', async () => {
    const sql = 'SELECT Name FROM Genre';
    expect((await queryPlan(explainer, sql, { tables, largeTableRows: 10 })).flagged).toHaveLength(
      1,
    );
    expect((await queryPlan(explainer, sql)).scans[0]).toMatchObject({
      fullScan: true,
      rows: null,
      flagged: false,
    });
    await expect(queryPlan(explainer, sql, { largeTableRows: -1 })).rejects.toMatchObject({
      code: 'invalid_option',
    });
  });

  it('a materialized CTE scanned under its own name is not a table; the scan inside it is', async () => {
    const plan = await queryPlan(
      explainer,
      'WITH big AS MATERIALIZED (SELECT * FROM InvoiceLine) SELECT COUNT(*) FROM big b, big c WHERE b.InvoiceLineId = c.InvoiceLineId',
      { tables },
    );
    expect(plan.scans.map((s) => s.table)).toEqual(['InvoiceLine']);
    expect(plan.flagged.map((s) => s.table)).toEqual(['InvoiceLine']);
    expect(plan.steps.some((s) => s.startsWith('  SCAN InvoiceLine'))).toBe(true);
  });

  it("comparePlans lists the prediction's new flagged scans: an index search turned into a full scan", async () => {
    const gold = await queryPlan(
      explainer,
      'SELECT il.Quantity FROM InvoiceLine il WHERE il.InvoiceLineId = 7',
      {
        tables,
      },
    );
    const slow = await queryPlan(
      explainer,
      'SELECT il.Quantity FROM InvoiceLine il WHERE il.InvoiceLineId + 0 = 7',
      {
        tables,
      },
    );
    expect(gold.flagged).toEqual([]);
    expect(comparePlans(gold, slow)).toEqual({
      addedFlagged: [
        {
          table: 'InvoiceLine',
          label: 'il',
          detail: 'SCAN il',
          fullScan: true,
          wholeScan: true,
          correlated: false,
          rows: 2240,
          flagged: true,
        },
      ],
      costRatio: null,
    });
    expect(comparePlans(slow, slow).addedFlagged).toEqual([]);
  });

  it('a whole-index scan repeated per outer row (a correlated subquery) is flagged; once, it is not', async () => {
    // chinook_039 rewritten with NOT EXISTS and InvoiceLine's index defeated: SQLite scans the
    // whole covering index for each of the 3,503 tracks
    const slow = await queryPlan(
      explainer,
      'SELECT COUNT(*) AS tracks FROM Track t WHERE NOT EXISTS (SELECT 1 FROM InvoiceLine il WHERE il.TrackId + 0 = t.TrackId)',
      { tables },
    );
    const il = slow.scans.find((s) => s.table === 'InvoiceLine');
    expect(il).toMatchObject({ fullScan: false, wholeScan: true, correlated: true, flagged: true });
    expect(il?.detail).toMatch(/^SCAN il USING COVERING INDEX/);
    expect(slow.steps).toContain('CORRELATED SCALAR SUBQUERY 1');
    // the outer scan of Track's covering index runs once: not flagged
    expect(slow.scans.find((s) => s.table === 'Track')).toMatchObject({
      wholeScan: true,
      correlated: false,
      flagged: false,
    });
  });

  it('refuses anything but one query, before SQLite sees it, and leaves the file unchanged', async () => {
    for (const sql of [
      'DELETE FROM Track',
      'PRAGMA query_only = OFF',
      'SELECT 1; DROP TABLE Track',
      'EXPLAIN SELECT 1',
      "ATTACH DATABASE '/tmp/x.db' AS x",
    ]) {
      const error = await queryPlan(explainer, sql).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EfficiencyError);
      expect((error as EfficiencyError).code).toBe('not_a_query');
    }
    // what the datasource would not accept either: compiling a huge statement can stall
    const huge = `SELECT ${'1 + '.repeat(25_000)}1`;
    await expect(queryPlan(explainer, huge)).rejects.toMatchObject({ code: 'statement_too_long' });
    await expect(queryPlan(explainer, 'SELECT nope FROM Track')).rejects.toMatchObject({
      code: 'explain_failed',
      message: expect.stringContaining('no such column'),
    });
  });
});

// Issue 25: a read-only open of a WAL-mode database left -wal and -shm files beside it.
describe.skipIf(noChinook)('the explainer on a WAL-mode copy', () => {
  it('writes nothing beside the file: the folder is byte-identical after plans', async () => {
    const { copyFile, mkdtemp, readdir, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const sqlite3 = (await import('sqlite3')).default;
    const folder = await mkdtemp(join(tmpdir(), 'nl2sql-explain-wal-'));
    try {
      const wal = join(folder, 'chinook.sqlite');
      await copyFile(file, wal);
      await new Promise<void>((resolve, reject) => {
        const db = new sqlite3.Database(wal, (e) => {
          if (e) reject(e);
          else
            db.exec('PRAGMA journal_mode = WAL', (x) =>
              db.close(() => (x ? reject(x) : resolve())),
            );
        });
      });
      const before = await sha256(wal);
      const walExplainer = await openSqliteExplainer(wal);
      const plan = await queryPlan(walExplainer, 'SELECT Name FROM Track WHERE TrackId = 1', {
        tables,
      });
      await walExplainer.close();
      expect(plan.flagged).toEqual([]);
      expect(plan.steps.join(' ')).toMatch(/Track/);
      expect(await readdir(folder)).toEqual(['chinook.sqlite']);
      expect(await sha256(wal)).toBe(before);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
