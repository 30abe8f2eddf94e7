import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_SCHEMA } from '@nl2sql/datasets';
import type { DatabaseSchema } from '@nl2sql/datasource';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite, type SqliteDatasource } from '../src/sqlite-datasource.js';
import { chinookPath, noChinook } from './chinook-path.js';

// Chinook's published row counts (Chinook_Sqlite.sqlite, the pinned upstream file).
const ROW_COUNTS: Record<string, number> = {
  Album: 347,
  Artist: 275,
  Customer: 59,
  Employee: 8,
  Genre: 25,
  Invoice: 412,
  InvoiceLine: 2240,
  MediaType: 5,
  Playlist: 18,
  PlaylistTrack: 8715,
  Track: 3503,
};

// Pinned: a change here changes the schema fingerprint of every result record on Chinook,
// which makes old and new runs incomparable. Change it only on purpose.
const CHINOOK_FINGERPRINT = '63b6378db9024e8970885ea72607db18468174929fd366c719ce3c95a1baa13b';

let file: string;
let chinook: SqliteDatasource;
let schema: DatabaseSchema;

beforeAll(async () => {
  if (noChinook) return;
  file = await chinookPath();
  chinook = await openSqlite(file);
  schema = await chinook.introspect();
});

afterAll(async () => {
  await chinook?.close();
});

function table(name: string) {
  const found = schema.tables.find((t) => t.name === name);
  if (!found) throw new Error(`no table ${name}`);
  return found;
}

describe.skipIf(noChinook)('introspect on Chinook', () => {
  it('matches the CHINOOK_SCHEMA the pure packages test against, table by table', () => {
    const live = schema.tables.map((t) => ({
      name: t.name,
      columns: t.columns.map((c) => ({ name: c.name, type: c.type })),
    }));
    expect(live).toEqual(
      [...CHINOOK_SCHEMA.tables]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((t) => ({
          name: t.name,
          columns: t.columns,
        })),
    );
  });

  it('finds the 11 tables with their row counts', () => {
    expect(Object.fromEntries(schema.tables.map((t) => [t.name, t.rowCount]))).toEqual(ROW_COUNTS);
    expect(schema.tables.every((t) => t.kind === 'table' && t.schema === 'main')).toBe(true);
  });

  it('reads columns with declared types, nullability and primary keys in order', () => {
    expect(table('Track').columns).toEqual([
      { name: 'TrackId', type: 'INTEGER', nullable: false, primaryKey: true },
      { name: 'Name', type: 'NVARCHAR(200)', nullable: false, primaryKey: false },
      { name: 'AlbumId', type: 'INTEGER', nullable: true, primaryKey: false },
      { name: 'MediaTypeId', type: 'INTEGER', nullable: false, primaryKey: false },
      { name: 'GenreId', type: 'INTEGER', nullable: true, primaryKey: false },
      { name: 'Composer', type: 'NVARCHAR(220)', nullable: true, primaryKey: false },
      { name: 'Milliseconds', type: 'INTEGER', nullable: false, primaryKey: false },
      { name: 'Bytes', type: 'INTEGER', nullable: true, primaryKey: false },
      { name: 'UnitPrice', type: 'NUMERIC(10,2)', nullable: false, primaryKey: false },
    ]);
    expect(table('PlaylistTrack').primaryKey).toEqual(['PlaylistId', 'TrackId']);
  });

  it('reads foreign keys, including the self-reference of Employee', () => {
    const fks = (name: string) =>
      (table(name).foreignKeys ?? [])
        .map(
          (fk) =>
            `${fk.columns.join(',')}->${fk.referencedTable}.${fk.referencedColumns.join(',')}`,
        )
        .sort();
    expect(fks('Track')).toEqual([
      'AlbumId->Album.AlbumId',
      'GenreId->Genre.GenreId',
      'MediaTypeId->MediaType.MediaTypeId',
    ]);
    expect(fks('Employee')).toEqual(['ReportsTo->Employee.EmployeeId']);
    expect(fks('InvoiceLine')).toEqual(['InvoiceId->Invoice.InvoiceId', 'TrackId->Track.TrackId']);
    expect(fks('Customer')).toEqual(['SupportRepId->Employee.EmployeeId']);
    expect(schema.tables.reduce((n, t) => n + (t.foreignKeys?.length ?? 0), 0)).toBe(11);
  });

  it('can skip row counts', async () => {
    const bare = await chinook.introspect({ rowCounts: false });
    expect(bare.tables.some((t) => 'rowCount' in t)).toBe(false);
  });

  it('fits the structural shape other packages consume', () => {
    const shape: {
      tables: Array<{ name: string; columns: Array<{ name: string; type?: string }> }>;
    } = schema;
    expect(shape.tables[0]!.columns.length).toBeGreaterThan(0);
  });
});

describe.skipIf(noChinook)('fingerprint on Chinook', () => {
  it('is the pinned digest and stays so across re-introspection and new datasources', async () => {
    expect(await chinook.fingerprint()).toBe(CHINOOK_FINGERPRINT);
    expect(await chinook.fingerprint()).toBe(CHINOOK_FINGERPRINT);
    const again = await openSqlite(file, { poolSize: 1 });
    try {
      expect(await again.fingerprint()).toBe(CHINOOK_FINGERPRINT);
    } finally {
      await again.close();
    }
  });
});

// Shapes Chinook does not have: a view, a foreign key without target columns, a composite
// foreign key, names that need quoting, a nullable non-integer primary key.
const DDL = `
CREATE TABLE "odd ""name"" table" (code TEXT PRIMARY KEY, label TEXT NOT NULL);
CREATE TABLE part (maker INTEGER, serial INTEGER, PRIMARY KEY (maker, serial));
CREATE TABLE item (
  id INTEGER PRIMARY KEY,
  code TEXT REFERENCES "odd ""name"" table",
  maker INTEGER, serial INTEGER, weight,
  FOREIGN KEY (maker, serial) REFERENCES part (maker, serial)
);
CREATE VIEW heavy AS SELECT id, weight FROM item WHERE weight > 10;
INSERT INTO "odd ""name"" table" VALUES ('a', 'A'), ('b', 'B');
INSERT INTO part VALUES (1, 1);
INSERT INTO item VALUES (1, 'a', 1, 1, 12), (2, 'b', 1, 1, 3), (3, NULL, NULL, NULL, 99);
`;

describe('introspect on other shapes', () => {
  let scratch: string;
  let datasource: SqliteDatasource;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'nl2sql-shapes-'));
    const file = join(scratch, 'shapes.sqlite');
    await new Promise<void>((resolve, reject) => {
      const db = new sqlite3.Database(file, (error) => {
        if (error) return reject(error);
        db.exec(DDL, (e) => (e ? reject(e) : db.close((c) => (c ? reject(c) : resolve()))));
      });
    });
    datasource = await openSqlite(file);
  });

  afterAll(async () => {
    await datasource.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('lists tables and views by name, with row counts for tables only', async () => {
    const schema = await datasource.introspect();
    expect(schema.tables.map((t) => [t.name, t.kind, t.rowCount])).toEqual([
      ['heavy', 'view', undefined],
      ['item', 'table', 3],
      ['odd "name" table', 'table', 2],
      ['part', 'table', 1],
    ]);
    expect(schema.tables[0]!.columns.map((c) => c.name)).toEqual(['id', 'weight']);
  });

  it('resolves a foreign key without columns to the target primary key, and keeps composite keys together', async () => {
    const item = (await datasource.introspect()).tables.find((t) => t.name === 'item')!;
    expect(
      [...item.foreignKeys!].sort((a, b) => a.referencedTable.localeCompare(b.referencedTable)),
    ).toEqual([
      { columns: ['code'], referencedTable: 'odd "name" table', referencedColumns: ['code'] },
      {
        columns: ['maker', 'serial'],
        referencedTable: 'part',
        referencedColumns: ['maker', 'serial'],
      },
    ]);
  });

  it('marks only the rowid alias as never NULL among undeclared key columns', async () => {
    const tables = (await datasource.introspect()).tables;
    const column = (table: string, name: string) =>
      tables.find((t) => t.name === table)!.columns.find((c) => c.name === name)!;
    expect(column('item', 'id')).toEqual({
      name: 'id',
      type: 'INTEGER',
      nullable: false,
      primaryKey: true,
    });
    expect(column('odd "name" table', 'code')).toMatchObject({ nullable: true, primaryKey: true });
    expect(column('item', 'weight')).toEqual({
      name: 'weight',
      type: '',
      nullable: true,
      primaryKey: false,
    });
    expect(tables.find((t) => t.name === 'part')!.primaryKey).toEqual(['maker', 'serial']);
  });

  it('queries views like tables', async () => {
    expect((await datasource.execute('SELECT id FROM heavy ORDER BY id')).rows).toEqual([[1], [3]]);
  });

  it('fingerprints differently from Chinook and stays stable', async () => {
    const first = await datasource.fingerprint();
    expect(await datasource.fingerprint()).toBe(first);
    expect(first).not.toBe('63b6378db9024e8970885ea72607db18468174929fd366c719ce3c95a1baa13b');
  });
});
