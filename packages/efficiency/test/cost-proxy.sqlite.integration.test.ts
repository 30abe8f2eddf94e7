// The cost proxy and the budget on the real Chinook file: rows read estimated from the plan
// and the introspected row counts, the same on every call (no timing in it).

import type { TableSchema } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkBudget,
  costProxy,
  EfficiencyError,
  openSqliteExplainer,
  queryPlan,
  type SqliteExplainer,
} from '../src/index.js';
import { chinookPath, noChinook } from './chinook.js';

let explainer: SqliteExplainer;
let tables: TableSchema[];
beforeAll(async () => {
  if (noChinook) return;
  const file = await chinookPath();
  const ds = await openSqlite(file);
  tables = (await ds.introspect()).tables;
  await ds.close();
  explainer = await openSqliteExplainer(file);
});
afterAll(async () => {
  if (!noChinook) await explainer.close();
});

const proxyOf = async (sql: string, withSizes = true) =>
  costProxy(await queryPlan(explainer, sql, withSizes ? { tables } : {}));

describe.skipIf(noChinook)('costProxy on SQLite (Chinook)', () => {
  it('a full scan reads the whole table; an index search one row', async () => {
    expect(await proxyOf('SELECT Quantity FROM InvoiceLine WHERE InvoiceLineId + 0 = 7')).toEqual({
      unit: 'rows_read',
      value: 2240,
      fullScans: 1,
    });
    expect(await proxyOf('SELECT Quantity FROM InvoiceLine WHERE InvoiceLineId = 7')).toEqual({
      unit: 'rows_read',
      value: 1,
      fullScans: 0,
    });
  });

  it('a scan repeated per outer row is multiplied by the outer rows', async () => {
    const p = await proxyOf(
      'SELECT COUNT(*) FROM Track t WHERE NOT EXISTS (SELECT 1 FROM InvoiceLine il WHERE il.TrackId + 0 = t.TrackId)',
    );
    expect(p?.unit).toBe('rows_read');
    // the tracks, then InvoiceLine's 2,240 entries for each of the 3,503 tracks
    expect(p?.value).toBeGreaterThanOrEqual(3503 * 2240);
  });

  it('is deterministic, and unmeasurable without row counts', async () => {
    const sql =
      'SELECT g.Name, COUNT(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.Name';
    const first = await proxyOf(sql);
    for (let i = 0; i < 5; i++) expect(await proxyOf(sql)).toEqual(first);
    expect(await proxyOf(sql, false)).toBeNull();
  });

  it('a prediction that full-scans where the gold searches is over a 10x budget; the gold itself is not', async () => {
    const gold = await proxyOf('SELECT Quantity FROM InvoiceLine WHERE InvoiceLineId = 7');
    const slow = await proxyOf('SELECT Quantity FROM InvoiceLine WHERE InvoiceLineId + 0 = 7');
    if (!gold || !slow) throw new Error('no proxy');
    expect(checkBudget(gold, slow, { relative: 10 })).toEqual({ ratio: 2240, overBudget: true });
    expect(checkBudget(gold, gold, { relative: 10 })).toEqual({ ratio: 1, overBudget: false });
    expect(checkBudget(gold, slow, { relative: 5000 }).overBudget).toBe(false);
    expect(checkBudget(gold, slow, { relative: 5000, absolute: 1000 }).overBudget).toBe(true);
  });
});

describe('checkBudget', () => {
  const rows = (value: number) => ({ unit: 'rows_read' as const, value, fullScans: 0 });
  it('refuses mismatched units and a budget that is not a positive number', () => {
    expect(() =>
      checkBudget(rows(1), { unit: 'pg_cost', value: 1, fullScans: 0 }, { relative: 10 }),
    ).toThrow(EfficiencyError);
    expect(() => checkBudget(rows(1), rows(1), { relative: 0 })).toThrow(/relative is 0/);
    expect(() => checkBudget(rows(1), rows(1), { absolute: Number.NaN })).toThrow(EfficiencyError);
  });
  it('exactly the budget is within it', () => {
    expect(checkBudget(rows(3), rows(30), { relative: 10 }).overBudget).toBe(false);
    expect(checkBudget(rows(3), rows(31), { relative: 10 }).overBudget).toBe(true);
  });
});
