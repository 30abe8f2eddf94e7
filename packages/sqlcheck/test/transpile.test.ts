import { CHINOOK_SCHEMA } from '@nl2sql/datasets';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TranspileError, transpileSql } from '../src/index.js';

const CHINOOK_NAMES = CHINOOK_SCHEMA.tables.flatMap((t) => [
  t.name,
  ...t.columns.map((c) => c.name),
]);
const toPostgres = (sql: string) =>
  transpileSql(sql, { from: 'sqlite', to: 'postgres', names: CHINOOK_NAMES });

describe('transpileSql', () => {
  it('rewrites SQLite functions and quotes names with the exact spelling of the target', async () => {
    expect(
      await toPostgres(
        "SELECT strftime('%Y', i.InvoiceDate) AS y, count(*) AS invoices FROM invoice i GROUP BY y ORDER BY y",
      ),
    ).toBe(
      `SELECT TO_CHAR(i."InvoiceDate", 'YYYY') AS y, COUNT(*) AS invoices FROM "Invoice" AS i GROUP BY y ORDER BY y NULLS FIRST`,
    );
  });

  it('leaves strings, quoted names, aliases and function names alone', async () => {
    const sql = await toPostgres(
      `SELECT 'Track name' AS label, "Name", t.name AS track, max(t.Milliseconds) FROM track t`,
    );
    expect(sql).toBe(
      `SELECT 'Track name' AS label, "Name", t."Name" AS track, MAX(t."Milliseconds") FROM "Track" AS t`,
    );
  });

  it('leaves a reference to an alias spelled like a table as the alias', async () => {
    expect(await toPostgres('SELECT track.Name FROM Track track')).toBe(
      'SELECT track."Name" FROM "Track" AS track',
    );
  });

  it('quotes every case spelling of every name (property over Chinook names)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CHINOOK_SCHEMA.tables),
        fc.boolean(),
        async (table, upper) => {
          const column = table.columns[0]!.name;
          const spell = (s: string) => (upper ? s.toUpperCase() : s.toLowerCase());
          const sql = await toPostgres(`SELECT x.${spell(column)} FROM ${spell(table.name)} x`);
          expect(sql).toBe(`SELECT x."${column}" FROM "${table.name}" AS x`);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('refuses text that is not one statement', async () => {
    await expect(toPostgres('SELECT 1; SELECT 2')).rejects.toBeInstanceOf(TranspileError);
    await expect(toPostgres('SELECT FROM WHERE (')).rejects.toBeInstanceOf(TranspileError);
  });
});

describe('transpileSql to MySQL: strftime', () => {
  it('becomes DATE_FORMAT with the specifiers mapped, nested calls included', async () => {
    const sql = await transpileSql(
      "SELECT strftime('%Y-%m', InvoiceDate) AS m FROM Invoice WHERE strftime('%H:%M:%S', InvoiceDate) = (SELECT MAX(strftime('%Y', InvoiceDate)) FROM Invoice)",
      { from: 'sqlite', to: 'mysql' },
    );
    expect(sql).toBe(
      "SELECT DATE_FORMAT(InvoiceDate, '%Y-%m') AS m FROM Invoice WHERE DATE_FORMAT(InvoiceDate, '%H:%i:%s') = (SELECT MAX(DATE_FORMAT(InvoiceDate, '%Y')) FROM Invoice)",
    );
  });
  it('refuses a specifier or modifier MySQL cannot write the same way', async () => {
    await expect(
      transpileSql("SELECT strftime('%s', d) FROM t", { from: 'sqlite', to: 'mysql' }),
    ).rejects.toThrow(/%s has no DATE_FORMAT/);
    await expect(
      transpileSql("SELECT strftime('%Y', d, '+1 day') FROM t", { from: 'sqlite', to: 'mysql' }),
    ).rejects.toThrow(/modifiers/);
  });
});
