import { describe, expect, it } from 'vitest';
import {
  createTableSql,
  foreignKeySql,
  indexSql,
  postgresType,
  type SqliteTable,
} from '../src/chinook-postgres-ddl.js';
import { CHINOOK_SCHEMA } from '../src/chinook-schema.js';

const PLAYLIST_TRACK: SqliteTable = {
  name: 'PlaylistTrack',
  columns: [
    { name: 'PlaylistId', type: 'INTEGER', notNull: true, primaryKey: 1 },
    { name: 'TrackId', type: 'INTEGER', notNull: true, primaryKey: 2 },
  ],
  foreignKeys: [
    { columns: ['PlaylistId'], table: 'Playlist', referencedColumns: ['PlaylistId'] },
    { columns: ['TrackId'], table: 'Track', referencedColumns: ['TrackId'] },
  ],
  indexes: [{ name: 'IFK_PlaylistTrackTrackId', columns: ['TrackId'], unique: false }],
};

describe('postgresType', () => {
  it('maps every type Chinook declares', () => {
    const declared = new Set(CHINOOK_SCHEMA.tables.flatMap((t) => t.columns.map((c) => c.type)));
    const mapped = Object.fromEntries(
      [...declared].sort().map((type) => [type, postgresType(type)]),
    );
    expect(mapped).toEqual({
      DATETIME: 'TIMESTAMP',
      INTEGER: 'INTEGER',
      'NUMERIC(10,2)': 'NUMERIC(10,2)',
      'NVARCHAR(10)': 'VARCHAR(10)',
      'NVARCHAR(120)': 'VARCHAR(120)',
      'NVARCHAR(160)': 'VARCHAR(160)',
      'NVARCHAR(20)': 'VARCHAR(20)',
      'NVARCHAR(200)': 'VARCHAR(200)',
      'NVARCHAR(220)': 'VARCHAR(220)',
      'NVARCHAR(24)': 'VARCHAR(24)',
      'NVARCHAR(30)': 'VARCHAR(30)',
      'NVARCHAR(40)': 'VARCHAR(40)',
      'NVARCHAR(60)': 'VARCHAR(60)',
      'NVARCHAR(70)': 'VARCHAR(70)',
      'NVARCHAR(80)': 'VARCHAR(80)',
    });
  });

  it('reads spacing and case loosely, and has no answer for a type without a counterpart', () => {
    expect(postgresType(' numeric ( 12 , 3 ) ')).toBe('NUMERIC(12,3)');
    expect(postgresType('varchar(5)')).toBe('VARCHAR(5)');
    expect(postgresType('blob')).toBe('BYTEA');
    expect(postgresType('')).toBeUndefined();
    expect(postgresType('GEOMETRY')).toBeUndefined();
  });
});

describe('the DDL', () => {
  it('creates a table with quoted names, NOT NULL and a composite primary key in key order', () => {
    expect(createTableSql(PLAYLIST_TRACK)).toBe(
      'CREATE TABLE "PlaylistTrack" (\n  "PlaylistId" INTEGER NOT NULL,\n  "TrackId" INTEGER NOT NULL,\n  PRIMARY KEY ("PlaylistId", "TrackId")\n)',
    );
  });

  it('adds foreign keys and indexes after the load', () => {
    expect(foreignKeySql(PLAYLIST_TRACK)).toEqual([
      'ALTER TABLE "PlaylistTrack" ADD FOREIGN KEY ("PlaylistId") REFERENCES "Playlist" ("PlaylistId")',
      'ALTER TABLE "PlaylistTrack" ADD FOREIGN KEY ("TrackId") REFERENCES "Track" ("TrackId")',
    ]);
    expect(indexSql(PLAYLIST_TRACK)).toEqual([
      'CREATE INDEX "IFK_PlaylistTrackTrackId" ON "PlaylistTrack" ("TrackId")',
    ]);
  });

  it('refuses a column whose type has no PostgreSQL counterpart, naming it', () => {
    const odd = {
      ...PLAYLIST_TRACK,
      columns: [{ name: 'Shape', type: 'GEOMETRY', notNull: false, primaryKey: 0 }],
    };
    expect(() => createTableSql(odd)).toThrow(
      'PlaylistTrack.Shape: no PostgreSQL type for the SQLite type GEOMETRY',
    );
  });

  it('quotes a name holding a double quote', () => {
    const table = { ...PLAYLIST_TRACK, name: 'a"b', foreignKeys: [], indexes: [] };
    expect(createTableSql(table)).toMatch(/^CREATE TABLE "a""b" \(/);
  });
});
