import { loadChinookPostgres, locateChinook } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type PostgresDatasource } from '../src/postgres-datasource.js';
import { adminUrl, asAdmin, freshDatabase, noChinook } from './fixture.js';

let chinook: PostgresDatasource;
let shapes: PostgresDatasource;

beforeAll(async () => {
  if (noChinook) return;
  const loaded = await loadChinookPostgres(adminUrl(), {
    database: 'introspect_chinook',
    locate: { download: false },
  });
  chinook = await openPostgres(loaded.url);
  const url = await freshDatabase('introspect_shapes');
  await asAdmin(
    'introspect_shapes',
    `CREATE SCHEMA other;
     CREATE TABLE other.region (code text PRIMARY KEY);
     CREATE TABLE parent (a int, b text, "Odd ""Name""" varchar(12) NOT NULL, PRIMARY KEY (b, a));
     CREATE TABLE child (id bigint PRIMARY KEY, pa int, pb text, dropped int, region text REFERENCES other.region,
       FOREIGN KEY (pb, pa) REFERENCES parent (b, a));
     ALTER TABLE child DROP COLUMN dropped;
     CREATE TABLE log (at timestamptz NOT NULL, v numeric(12, 3)) PARTITION BY RANGE (at);
     CREATE TABLE log_2024 PARTITION OF log FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
     CREATE VIEW child_view AS SELECT id, pa FROM child;
     CREATE MATERIALIZED VIEW child_counts AS SELECT pa, count(*) AS n FROM child GROUP BY pa;
     INSERT INTO parent VALUES (1, 'x', 'n');
     INSERT INTO child VALUES (10, 1, 'x', NULL);`,
  );
  shapes = await openPostgres(url);
});

afterAll(async () => {
  if (noChinook) return;
  await chinook?.close();
  await shapes?.close();
});

describe.skipIf(noChinook)('introspect: Chinook', () => {
  it('describes the same tables, columns, keys and row counts as the SQLite file', async () => {
    const sqlite = await openSqlite(await locateChinook({ download: false }));
    try {
      const [pg, lite] = [await chinook.introspect(), await sqlite.introspect()];
      const shape = (schema: typeof pg) =>
        schema.tables.map((t) => ({
          name: t.name,
          kind: t.kind,
          columns: t.columns.map((c) => [c.name, c.nullable, c.primaryKey]),
          primaryKey: t.primaryKey,
          foreignKeys: [...(t.foreignKeys ?? [])].sort((a, b) =>
            a.columns.join().localeCompare(b.columns.join()),
          ),
          rowCount: t.rowCount,
        }));
      expect(shape(pg)).toEqual(shape(lite));
      expect(pg.tables.every((t) => t.schema === 'public')).toBe(true);
    } finally {
      await sqlite.close();
    }
  });

  it('keeps the declared types as PostgreSQL formats them', async () => {
    const { tables } = await chinook.introspect({ rowCounts: false });
    const track = tables.find((t) => t.name === 'Track')!;
    expect(track.columns.map((c) => `${c.name} ${c.type}`)).toEqual([
      'TrackId integer',
      'Name character varying(200)',
      'AlbumId integer',
      'MediaTypeId integer',
      'GenreId integer',
      'Composer character varying(220)',
      'Milliseconds integer',
      'Bytes integer',
      'UnitPrice numeric(10,2)',
    ]);
    expect(tables.find((t) => t.name === 'Invoice')!.columns[2]).toMatchObject({
      name: 'InvoiceDate',
      type: 'timestamp without time zone',
      nullable: false,
    });
    expect(track.rowCount).toBeUndefined();
  });

  it('fingerprints the structure only: stable across calls and data changes', async () => {
    const first = await chinook.fingerprint();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    await asAdmin('introspect_chinook', `INSERT INTO "Genre" VALUES (999, 'Test genre')`);
    try {
      expect(await chinook.fingerprint()).toBe(first);
    } finally {
      await asAdmin('introspect_chinook', 'DELETE FROM "Genre" WHERE "GenreId" = 999');
    }
    await asAdmin('introspect_chinook', 'ALTER TABLE "Genre" ADD COLUMN "Extra" int');
    try {
      expect(await chinook.fingerprint()).not.toBe(first);
    } finally {
      await asAdmin('introspect_chinook', 'ALTER TABLE "Genre" DROP COLUMN "Extra"');
    }
    expect(await chinook.fingerprint()).toBe(first);
  });
});

describe.skipIf(noChinook)('introspect: shapes beyond Chinook', () => {
  it('lists tables and views of public: partitions under their parent, no dropped columns', async () => {
    const { tables } = await shapes.introspect();
    expect(tables.map((t) => [t.name, t.kind, t.rowCount])).toEqual([
      ['child', 'table', 1],
      ['child_counts', 'view', undefined],
      ['child_view', 'view', undefined],
      ['log', 'table', 0],
      ['parent', 'table', 1],
    ]);
    expect(tables.find((t) => t.name === 'child')!.columns.map((c) => c.name)).toEqual([
      'id',
      'pa',
      'pb',
      'region',
    ]);
  });

  it('reads composite keys in key order, a quoted name, and a foreign key into another schema', async () => {
    const { tables } = await shapes.introspect();
    const parent = tables.find((t) => t.name === 'parent')!;
    expect(parent.primaryKey).toEqual(['b', 'a']);
    expect(parent.columns).toEqual([
      { name: 'a', type: 'integer', nullable: false, primaryKey: true },
      { name: 'b', type: 'text', nullable: false, primaryKey: true },
      { name: 'Odd "Name"', type: 'character varying(12)', nullable: false, primaryKey: false },
    ]);
    const child = tables.find((t) => t.name === 'child')!;
    expect(child.foreignKeys).toEqual([
      { columns: ['pb', 'pa'], referencedTable: 'parent', referencedColumns: ['b', 'a'] },
      { columns: ['region'], referencedTable: 'other.region', referencedColumns: ['code'] },
    ]);
  });

  it('describes the schemas asked for', async () => {
    const both = await openPostgres(adminUrl('introspect_shapes'), {
      schemas: ['other', 'public'],
    });
    try {
      const { tables } = await both.introspect();
      expect(tables.map((t) => `${t.schema}.${t.name}`)).toContain('other.region');
    } finally {
      await both.close();
    }
  });
});
