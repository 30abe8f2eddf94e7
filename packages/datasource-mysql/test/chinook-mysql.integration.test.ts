// Chinook loaded from its upstream MySQL script (test/mariadb-global.ts) against the verified
// SQLite file: the same rows table by table, the same keys, and the same structure.
import { createHash } from 'node:crypto';
import { chinookForTests } from '@nl2sql/datasets';
import { type DatabaseSchema, schemaFingerprint, toJsonCell } from '@nl2sql/datasource';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MysqlDatasource, openMysql } from '../src/mysql-datasource.js';
import { chinookUrl, noServer, roleUrls } from './fixture.js';

const chinook = await chinookForTests();
const skip = noServer || chinook.path === undefined;
let mysql: MysqlDatasource;
let sqlite: SqliteDatasource;

beforeAll(async () => {
  if (skip) return;
  const options = { maxRows: Number.POSITIVE_INFINITY, timeoutMs: 60_000 };
  mysql = await openMysql(chinookUrl, { ...options, roles: roleUrls() });
  sqlite = await openSqlite(chinook.path!, options);
});

afterAll(async () => {
  await mysql?.close();
  await sqlite?.close();
});

/** SHA-256 of a table's rows in primary-key order, cells as JSON. */
async function checksum(
  run: (sql: string) => Promise<{ rows: unknown[][] }>,
  select: string,
): Promise<{ rows: number; sha256: string }> {
  const { rows } = await run(select);
  const hash = createHash('sha256');
  for (const row of rows)
    hash.update(`${JSON.stringify(row.map((c) => toJsonCell(c as never)))}\n`);
  return { rows: rows.length, sha256: hash.digest('hex') };
}

/**
 * MySQL's spelling of Chinook's declared types in SQLite's (the script declares NVARCHAR(n),
 * INT, NUMERIC(10,2), DATETIME; MariaDB reports varchar(n), int, decimal(10,2), datetime) and
 * the schema named as SQLite names it, so everything else is compared exactly.
 */
function asSqliteSpelling(schema: DatabaseSchema): DatabaseSchema {
  const types: [RegExp, string][] = [
    [/^int$/, 'INTEGER'],
    [/^varchar\((\d+)\)$/, 'NVARCHAR($1)'],
    [/^decimal\((\d+),(\d+)\)$/, 'NUMERIC($1,$2)'],
    [/^datetime$/, 'DATETIME'],
  ];
  return {
    tables: schema.tables.map((table) => ({
      ...table,
      schema: 'main',
      columns: table.columns.map((column) => {
        const rule = types.find(([pattern]) => pattern.test(column.type ?? ''));
        return { ...column, type: rule ? column.type!.replace(rule[0], rule[1]) : column.type };
      }),
    })),
  };
}

describe.skipIf(skip)('Chinook on MariaDB, from Chinook_MySql.sql', () => {
  it('holds the same rows as the SQLite file, table by table (row counts and checksums)', async () => {
    const lite = await sqlite.introspect();
    const my = await mysql.introspect();
    expect(my.tables.map((t) => [t.name, t.rowCount])).toEqual(
      lite.tables.map((t) => [t.name, t.rowCount]),
    );
    for (const table of lite.tables) {
      const columns = table.columns.map((c) => `\`${c.name}\``).join(', ');
      const order = table.primaryKey!.map((k) => `\`${k}\``).join(', ');
      const select = `SELECT ${columns} FROM \`${table.name}\` ORDER BY ${order}`;
      const expected = await checksum((sql) => sqlite.execute(sql.replaceAll('`', '"')), select);
      expect({
        table: table.name,
        ...(await checksum((sql) => mysql.execute(sql), select)),
      }).toEqual({
        table: table.name,
        ...expected,
      });
    }
  });

  it('introspects primary and foreign keys as SQLite declares them', async () => {
    const { tables } = await mysql.introspect({ rowCounts: false });
    const playlistTrack = tables.find((t) => t.name === 'PlaylistTrack')!;
    expect(playlistTrack.primaryKey).toEqual(['PlaylistId', 'TrackId']);
    expect(playlistTrack.foreignKeys).toEqual([
      { columns: ['PlaylistId'], referencedTable: 'Playlist', referencedColumns: ['PlaylistId'] },
      { columns: ['TrackId'], referencedTable: 'Track', referencedColumns: ['TrackId'] },
    ]);
    const employee = tables.find((t) => t.name === 'Employee')!;
    expect(employee.foreignKeys).toEqual([
      { columns: ['ReportsTo'], referencedTable: 'Employee', referencedColumns: ['EmployeeId'] },
    ]);
    const keys = (schema: DatabaseSchema) =>
      schema.tables.map((t) => ({
        name: t.name,
        primaryKey: t.primaryKey,
        foreignKeys: [...(t.foreignKeys ?? [])].sort((a, b) =>
          a.columns[0]! < b.columns[0]! ? -1 : 1,
        ),
      }));
    expect(keys(await mysql.introspect({ rowCounts: false }))).toEqual(
      keys(await sqlite.introspect({ rowCounts: false })),
    );
  });

  it("fingerprints to SQLite's Chinook fingerprint once types are spelt as SQLite spells them", async () => {
    const my = await mysql.introspect({ rowCounts: false });
    expect(schemaFingerprint(asSqliteSpelling(my))).toBe(await sqlite.fingerprint());
    // The engine's own spelling is its own fingerprint, stable and the same for a full-scope role.
    expect(await mysql.fingerprint()).toBe(schemaFingerprint(my));
    expect(await mysql.fingerprint()).not.toBe(await sqlite.fingerprint());
    expect(await mysql.forRole('admin').fingerprint()).toBe(await mysql.fingerprint());
  });
});
