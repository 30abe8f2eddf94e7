import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseSchema } from '../src/datasource.js';
import { openSqlite, type SqliteDatasource } from '../src/sqlite-datasource.js';
import { chinookPath } from './chinook-path.js';

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
  file = await chinookPath();
  chinook = await openSqlite(file);
  schema = await chinook.introspect();
});

afterAll(async () => {
  await chinook.close();
});

function table(name: string) {
  const found = schema.tables.find((t) => t.name === name);
  if (!found) throw new Error(`no table ${name}`);
  return found;
}

describe('introspect on Chinook', () => {
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

describe('fingerprint on Chinook', () => {
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
