import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DatabaseSchema } from '../src/datasource.js';
import { canonicalSchema, schemaFingerprint } from '../src/schema-fingerprint.js';

const SCHEMA: DatabaseSchema = {
  tables: [
    {
      name: 'Album',
      columns: [
        { name: 'AlbumId', type: 'INTEGER', nullable: false, primaryKey: true },
        { name: 'Title', type: 'NVARCHAR(160)', nullable: false },
        { name: 'ArtistId', type: 'INTEGER', nullable: false },
      ],
      foreignKeys: [
        { columns: ['ArtistId'], referencedTable: 'Artist', referencedColumns: ['ArtistId'] },
        { columns: ['Title'], referencedTable: 'Titles', referencedColumns: ['Title'] },
      ],
      rowCount: 347,
    },
    {
      name: 'Artist',
      columns: [
        { name: 'ArtistId', type: 'INTEGER', nullable: false, primaryKey: true },
        { name: 'Name', type: 'NVARCHAR(120)', nullable: true },
      ],
      rowCount: 275,
    },
  ],
};

function edit(change: (schema: DatabaseSchema) => void): DatabaseSchema {
  const copy = structuredClone(SCHEMA);
  change(copy);
  return copy;
}

describe('schemaFingerprint', () => {
  it('is a lowercase SHA-256 hex digest', () => {
    expect(schemaFingerprint(SCHEMA)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores row counts, table order and foreign key order', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.boolean(), (a, b, flip) => {
        const other = edit((s) => {
          s.tables[0]!.rowCount = a;
          s.tables[1]!.rowCount = b;
          if (flip) {
            s.tables.reverse();
            s.tables.find((t) => t.name === 'Album')!.foreignKeys!.reverse();
          }
        });
        expect(schemaFingerprint(other)).toBe(schemaFingerprint(SCHEMA));
      }),
    );
  });

  it('treats declared type case and padding as the same type', () => {
    expect(
      schemaFingerprint(edit((s) => (s.tables[0]!.columns[1]!.type = ' nvarchar(160) '))),
    ).toBe(schemaFingerprint(SCHEMA));
  });

  it.each<[string, (s: DatabaseSchema) => void]>([
    ['a column type', (s) => (s.tables[0]!.columns[1]!.type = 'TEXT')],
    ['nullability', (s) => (s.tables[1]!.columns[1]!.nullable = false)],
    ['a primary key', (s) => (s.tables[1]!.columns[1]!.primaryKey = true)],
    ['a foreign key', (s) => s.tables[0]!.foreignKeys!.pop()],
    ['column order', (s) => s.tables[0]!.columns.reverse()],
    ['a table name', (s) => (s.tables[1]!.name = 'Artists')],
    ['a new column', (s) => s.tables[1]!.columns.push({ name: 'Born', type: 'DATE' })],
    ['a table becoming a view', (s) => (s.tables[1]!.kind = 'view')],
  ])('changes with %s', (_, change) => {
    expect(schemaFingerprint(edit(change))).not.toBe(schemaFingerprint(SCHEMA));
  });

  it('hashes a canonical JSON form that holds no row counts', () => {
    expect(canonicalSchema(SCHEMA)).not.toContain('347');
    expect(JSON.parse(canonicalSchema(SCHEMA))).toHaveLength(2);
  });
});
