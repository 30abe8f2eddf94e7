import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DuckdbCopy,
  type DuckdbDatasource,
  openDuckdb,
  READ_ONLY_SETTINGS,
  rowsDigest,
  writeDuckdbCopy,
} from '../src/index.js';
import { chinook, noChinook, scratch } from './fixture.js';

const dir = scratch('chinook');
const target = dir.path('chinook.duckdb');
let sqlite: SqliteDatasource;
let copy: DuckdbCopy;
let duck: DuckdbDatasource;

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

beforeAll(async () => {
  if (noChinook) return;
  sqlite = await openSqlite(chinook.path!);
  copy = await writeDuckdbCopy(sqlite, target);
  duck = await openDuckdb(target);
});

afterAll(async () => {
  await duck?.close();
  await sqlite?.close();
  dir.remove();
});

describe.skipIf(noChinook)('the DuckDB copy of Chinook', () => {
  it('holds every table, row for row equal to the SQLite file (a digest per table)', async () => {
    const tables = (await sqlite.introspect()).tables;
    expect(copy.tables.map((t) => t.name).sort()).toEqual(tables.map((t) => t.name).sort());
    for (const table of tables) {
      const before = rowsDigest(
        (await sqlite.execute(`SELECT * FROM "${table.name}"`, { maxRows: Infinity })).rows,
      );
      const after = rowsDigest(
        (await duck.execute(`SELECT * FROM "${table.name}"`, { maxRows: Infinity })).rows,
      );
      expect(after.rows, table.name).toBe(table.rowCount);
      expect(after.sha256, table.name).toBe(before.sha256);
      expect(copy.tables.find((t) => t.name === table.name)?.sha256).toBe(before.sha256);
    }
    expect(copy.tables.reduce((n, t) => n + t.rows, 0)).toBe(15_607);
    expect(copy.skippedViews).toEqual([]);
  });

  it('fingerprints as the SQLite file does', async () => {
    const expected = await sqlite.fingerprint();
    expect(expected).toBe('63b6378db9024e8970885ea72607db18468174929fd366c719ce3c95a1baa13b');
    expect(copy.fingerprint).toEqual({ source: expected, copy: expected });
    expect(await duck.fingerprint()).toBe(expected);
  });

  it('keeps primary and foreign keys, composite and self-referencing ones included', async () => {
    const tables = new Map((await duck.introspect()).tables.map((t) => [t.name, t]));
    expect(tables.get('PlaylistTrack')!.primaryKey).toEqual(['PlaylistId', 'TrackId']);
    expect(tables.get('Employee')!.foreignKeys).toEqual([
      { columns: ['ReportsTo'], referencedTable: 'Employee', referencedColumns: ['EmployeeId'] },
    ]);
    expect(tables.get('Track')!.foreignKeys).toHaveLength(3);
    expect(tables.get('Track')!.rowCount).toBe(3503);
  });
});

const ATTACKS: [string, string][] = [
  ['INSERT', "INSERT INTO Artist VALUES (9999, 'x')"],
  ['UPDATE', "UPDATE Artist SET Name = 'x'"],
  ['DELETE', 'DELETE FROM Artist'],
  ['CREATE', 'CREATE TABLE x (a INT)'],
  ['DROP', 'DROP TABLE Artist'],
  ['ATTACH', `ATTACH '${dir.path('new.duckdb')}' AS n`],
  ['COPY TO', `COPY Artist TO '${dir.path('out.csv')}'`],
  ['EXPORT', `EXPORT DATABASE '${dir.path('export')}'`],
  ['read_csv', "SELECT * FROM read_csv('/etc/passwd')"],
  ['glob', "SELECT * FROM glob('/etc/*')"],
  ['read_text', "SELECT * FROM read_text('/etc/passwd')"],
  ['read_blob', "SELECT * FROM read_blob('/etc/hostname')"],
  ['stored secrets', 'SELECT * FROM duckdb_secrets()'],
  ['INSTALL', 'INSTALL sqlite'],
  ['LOAD', 'LOAD sqlite'],
];

describe.skipIf(noChinook)('read-only', () => {
  it('the adapter refuses every write, file and extension path', async () => {
    for (const [name, sql] of ATTACKS) {
      const error = await duck.execute(sql).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((error as { code?: string })?.code, name).toBe('READ_ONLY_VIOLATION');
    }
  });

  it('DuckDB itself refuses them with the gate bypassed, and the file and data stay unchanged', async () => {
    const before = sha256(target);
    const rowsBefore = rowsDigest(
      (await duck.execute('SELECT * FROM Artist', { maxRows: Infinity })).rows,
    );
    const instance = await DuckDBInstance.create(target, { ...READ_ONLY_SETTINGS });
    const raw = await instance.connect();
    try {
      for (const [name, sql] of ATTACKS) {
        await expect(raw.run(sql), name).rejects.toThrow(
          /read-only mode|Permission Error|disabled through configuration|disabled by configuration/,
        );
      }
      // lock_configuration: no statement can turn a layer back on.
      for (const sql of [
        'SET enable_external_access = true',
        'SET lock_configuration = false',
        "SET access_mode = 'READ_WRITE'",
        'SET autoload_known_extensions = true',
        'SET allow_unsigned_extensions = true',
        "SET temp_directory = '/tmp'",
        'RESET enable_external_access',
      ]) {
        await expect(raw.run(sql), sql).rejects.toThrow(
          /the configuration has been locked|Cannot change/,
        );
      }
      const still = await raw.runAndReadAll(
        "SELECT current_setting('enable_external_access')::VARCHAR",
      );
      expect(still.getRowsJS()).toEqual([['false']]);
    } finally {
      raw.closeSync();
      instance.closeSync();
    }
    for (const made of ['new.duckdb', 'out.csv', 'export'])
      expect(existsSync(dir.path(made))).toBe(false);
    expect(existsSync(`${target}.tmp`)).toBe(false);
    expect(existsSync(`${target}.wal`)).toBe(false);
    expect(sha256(target)).toBe(before);
    const rowsAfter = rowsDigest(
      (await duck.execute('SELECT * FROM Artist', { maxRows: Infinity })).rows,
    );
    expect(rowsAfter.sha256).toBe(rowsBefore.sha256);
  });
});
