import { existsSync, readdirSync } from 'node:fs';
import type { CellValue, DatabaseSchema, Datasource } from '@nl2sql/datasource';
import { afterAll, describe, expect, it } from 'vitest';
import { DuckdbCopyError, openDuckdb, writeDuckdbCopy } from '../src/index.js';
import { scratch } from './fixture.js';

const dir = scratch('copy');
afterAll(() => dir.remove());

const SCHEMA: DatabaseSchema = {
  tables: [
    {
      name: 'Person',
      schema: 'main',
      kind: 'table',
      columns: [
        { name: 'Id', type: 'INTEGER', nullable: false, primaryKey: true },
        { name: 'Name', type: 'NVARCHAR(20)', nullable: false, primaryKey: false },
        { name: 'Boss', type: 'INTEGER', nullable: true, primaryKey: false },
        { name: 'Born', type: 'DATETIME', nullable: true, primaryKey: false },
        { name: 'Odd', type: 'UNSIGNED BIG INT', nullable: true, primaryKey: false },
        { name: 'Raw', type: '', nullable: true, primaryKey: false },
      ],
      primaryKey: ['Id'],
      foreignKeys: [{ columns: ['Boss'], referencedTable: 'Person', referencedColumns: ['Id'] }],
    },
    { name: 'Everyone', schema: 'main', kind: 'view', columns: [{ name: 'Id', type: 'INTEGER' }] },
  ],
};

// Bosses after the people who report to them, so the copy must insert in generations.
const ROWS: CellValue[][] = [
  [3, 'Cy', 2, '2001-02-03 04:05:06', 9007199254740993n, Buffer.from([1, 2])],
  [2, 'Bo', 1, null, 5, null],
  [1, 'Al', null, '1970-01-01 00:00:00', null, Buffer.from('x')],
];

/** A source in memory; `drift(read)` may change the rows of a given read of Person. */
function source(
  drift: (read: number, rows: CellValue[][]) => CellValue[][] = (_, r) => r,
): Datasource {
  let reads = 0;
  return {
    engine: 'memory',
    introspect: async () => SCHEMA,
    fingerprint: async () => 'unused',
    close: async () => undefined,
    async execute(sql) {
      expect(sql).toBe('SELECT * FROM "Person"');
      reads += 1;
      const rows = drift(
        reads,
        ROWS.map((r) => [...r]),
      );
      return {
        columns: SCHEMA.tables[0]!.columns.map((c) => c.name),
        rows,
        truncated: false,
        elapsedMs: 0,
      };
    },
  };
}

describe('writeDuckdbCopy', () => {
  it('copies types, keys and rows, in generations for a self-reference, and keeps declared types', async () => {
    const copy = await writeDuckdbCopy(source(), dir.path('people.duckdb'));
    expect(copy.tables).toEqual([
      { name: 'Person', rows: 3, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect(copy.skippedViews).toEqual(['Everyone']);
    const db = await openDuckdb(copy.file);
    try {
      const [table] = (await db.introspect()).tables;
      // DuckDB's own names where a declaration did not parse (affinity), the source's elsewhere.
      expect(table!.columns.map((c) => c.type)).toEqual([
        'INTEGER',
        'NVARCHAR(20)',
        'INTEGER',
        'DATETIME',
        'BIGINT',
        'BLOB',
      ]);
      expect(table!.foreignKeys).toEqual(SCHEMA.tables[0]!.foreignKeys);
      const rows = await db.execute('SELECT * FROM Person ORDER BY Id');
      expect(rows.rows).toEqual([...ROWS].reverse());
    } finally {
      await db.close();
    }
  });

  it('fails, leaving no file, when the rows read back differ from the rows written', async () => {
    const target = dir.path('drift.duckdb');
    // The first read is the one written, the second the one checked against.
    const drifting = () =>
      source((read, rows) => {
        if (read === 2) rows[0]![1] = 'Not Cy';
        return rows;
      });
    await expect(writeDuckdbCopy(drifting(), target)).rejects.toThrow(DuckdbCopyError);
    await expect(writeDuckdbCopy(drifting(), target)).rejects.toThrow(
      /Person: the copy's rows differ from the source's/,
    );
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir.dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('refuses rows that reference rows that do not exist', async () => {
    const orphan = source((_, rows) => [...rows, [4, 'Di', 99, null, null, null]]);
    await expect(writeDuckdbCopy(orphan, dir.path('orphan.duckdb'))).rejects.toThrow(
      /Person: rows reference rows that do not exist/,
    );
  });
});
