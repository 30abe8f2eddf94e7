import { describe, expect, it } from 'vitest';
import type { JudgeSchema } from '../src/judge.js';
import { renderSchema, sliceSchema } from '../src/schema-slice.js';

const SCHEMA: JudgeSchema = {
  tables: [
    {
      name: 'PlaylistTrack',
      columns: [
        { name: 'PlaylistId', type: 'INTEGER', nullable: false, primaryKey: true },
        { name: 'TrackId', type: 'INTEGER', nullable: false, primaryKey: true },
      ],
      primaryKey: ['PlaylistId', 'TrackId'],
      foreignKeys: [
        { columns: ['TrackId'], referencedTable: 'Track', referencedColumns: ['TrackId'] },
      ],
    },
    {
      name: 'Track',
      columns: [
        { name: 'TrackId', type: 'INTEGER', nullable: false, primaryKey: true },
        { name: 'Composer', type: 'NVARCHAR(220)', nullable: true },
        { name: 'Note' },
      ],
    },
  ],
};

describe('schema slices', () => {
  it('write each table as DDL with NOT NULL, the primary key and foreign keys', () => {
    expect(renderSchema(SCHEMA)).toBe(
      [
        'CREATE TABLE PlaylistTrack (',
        '  PlaylistId INTEGER NOT NULL,',
        '  TrackId INTEGER NOT NULL,',
        '  PRIMARY KEY (PlaylistId, TrackId),',
        '  FOREIGN KEY (TrackId) REFERENCES Track (TrackId)',
        ');',
        'CREATE TABLE Track (',
        '  TrackId INTEGER NOT NULL PRIMARY KEY,',
        '  Composer NVARCHAR(220),',
        '  Note',
        ');',
      ].join('\n'),
    );
  });

  it('keep the tables named, ignoring case, in schema order', () => {
    expect(sliceSchema(SCHEMA, ['track']).tables.map((t) => t.name)).toEqual(['Track']);
    expect(
      sliceSchema(SCHEMA, ['TRACK', 'playlisttrack', 'Album']).tables.map((t) => t.name),
    ).toEqual(['PlaylistTrack', 'Track']);
    expect(sliceSchema(SCHEMA, []).tables).toEqual([]);
  });
});
