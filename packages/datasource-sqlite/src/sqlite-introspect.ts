import type {
  ColumnSchema,
  DatabaseSchema,
  ForeignKeySchema,
  IntrospectOptions,
  TableSchema,
} from '@nl2sql/datasource';
import type { SqliteRow } from './sqlite-connection.js';

/** Runs one internal, read-only statement with parameters. */
export type SqliteQuery = (sql: string, params?: readonly unknown[]) => Promise<SqliteRow[]>;

function text(value: unknown): string {
  return typeof value === 'string'
    ? value
    : value === null || value === undefined
      ? ''
      : String(value);
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function readColumns(query: SqliteQuery, table: string) {
  const rows = await query(
    'SELECT cid, name, type, "notnull" AS not_null, pk FROM pragma_table_info(?) ORDER BY cid',
    [table],
  );
  const keyed = rows.filter((r) => Number(r.pk) > 0).sort((a, b) => Number(a.pk) - Number(b.pk));
  const primaryKey = keyed.map((r) => text(r.name));
  // A lone INTEGER PRIMARY KEY is the rowid and can never be NULL; other key columns can,
  // unless declared NOT NULL (a long-standing SQLite quirk).
  const rowidAlias =
    keyed.length === 1 && text(keyed[0]!.type).toUpperCase() === 'INTEGER'
      ? primaryKey[0]
      : undefined;
  const columns: ColumnSchema[] = rows.map((r) => ({
    name: text(r.name),
    type: text(r.type),
    nullable: Number(r.not_null) === 0 && text(r.name) !== rowidAlias,
    primaryKey: Number(r.pk) > 0,
  }));
  return { columns, primaryKey };
}

async function readForeignKeys(
  query: SqliteQuery,
  table: string,
  primaryKeyOf: (table: string) => string[],
): Promise<ForeignKeySchema[]> {
  const rows = await query(
    'SELECT id, seq, "table" AS target, "from" AS source, "to" AS referenced FROM pragma_foreign_key_list(?) ORDER BY id, seq',
    [table],
  );
  const byId = new Map<number, SqliteRow[]>();
  for (const row of rows) {
    const id = Number(row.id);
    byId.set(id, [...(byId.get(id) ?? []), row]);
  }
  return [...byId.values()].map((parts) => {
    const target = text(parts[0]!.target);
    const implicit = primaryKeyOf(target);
    return {
      columns: parts.map((p) => text(p.source)),
      referencedTable: target,
      // `REFERENCES t` without columns means t's primary key.
      referencedColumns: parts.map((p, i) =>
        p.referenced === null ? (implicit[i] ?? '') : text(p.referenced),
      ),
    };
  });
}

/** Tables and views of the main database with columns, keys and (optionally) row counts. */
export async function introspectSqlite(
  query: SqliteQuery,
  options: IntrospectOptions = {},
): Promise<DatabaseSchema> {
  const objects = await query(
    "SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
  );
  const read = new Map<string, { columns: ColumnSchema[]; primaryKey: string[] }>();
  for (const object of objects)
    read.set(text(object.name), await readColumns(query, text(object.name)));
  const primaryKeyOf = (table: string) => {
    for (const [name, info] of read)
      if (name.toLowerCase() === table.toLowerCase()) return info.primaryKey;
    return [];
  };
  const tables: TableSchema[] = [];
  for (const object of objects) {
    const name = text(object.name);
    const kind = object.type === 'view' ? 'view' : 'table';
    const { columns, primaryKey } = read.get(name)!;
    const table: TableSchema = {
      name,
      schema: 'main',
      kind,
      columns,
      primaryKey,
      foreignKeys: kind === 'table' ? await readForeignKeys(query, name, primaryKeyOf) : [],
    };
    if (kind === 'table' && options.rowCounts !== false) {
      const [count] = await query(`SELECT count(*) AS n FROM ${quoteIdentifier(name)}`);
      table.rowCount = Number(count?.n);
    }
    tables.push(table);
  }
  return { tables };
}
