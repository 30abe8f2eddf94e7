import type {
  ColumnSchema,
  DatabaseSchema,
  ForeignKeySchema,
  IntrospectOptions,
  TableSchema,
} from '@nl2sql/datasource';
import { declaredTypeOf } from './declared-type.js';

/** Runs one internal, read-only statement and gives its rows as plain objects. */
export type DuckdbQuery = (sql: string) => Promise<Record<string, unknown>[]>;

/** A DuckDB identifier in double quotes. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

const OWN = 'database_name = current_database() AND NOT internal AND NOT temporary';

const key = (schema: unknown, table: unknown) => `${String(schema)}\u0000${String(table)}`;

const names = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * The type DuckDB resolves each recorded declaration to, for the declarations that parse
 * (`NVARCHAR(120)` -> `VARCHAR`); a declaration DuckDB does not accept is left out.
 */
async function resolvedTypes(query: DuckdbQuery, declared: Set<string>) {
  const resolved = new Map<string, string>();
  for (const text of declared) {
    try {
      const [row] = await query(`SELECT typeof(CAST(NULL AS ${text})) AS t`);
      if (typeof row?.t === 'string') resolved.set(text, row.t);
    } catch {
      // Not a type DuckDB knows: the column's own type stands.
    }
  }
  return resolved;
}

/**
 * Tables and views of the open database file (every schema but DuckDB's own and temporary
 * objects), columns in declared order with their type (a declaration recorded by
 * writeDuckdbCopy when DuckDB resolves it to the column's actual type, else DuckDB's type
 * name), nullability, primary and foreign keys, and optionally row counts.
 */
export async function introspectDuckdb(
  query: DuckdbQuery,
  options: IntrospectOptions = {},
): Promise<DatabaseSchema> {
  const objects = await query(
    `SELECT schema_name, table_name AS name, 'table' AS kind FROM duckdb_tables() WHERE ${OWN}
     UNION ALL SELECT schema_name, view_name, 'view' FROM duckdb_views() WHERE ${OWN}
     ORDER BY schema_name, name`,
  );
  const columnRows = await query(
    `SELECT schema_name, table_name, column_name, data_type, is_nullable, comment
     FROM duckdb_columns() WHERE database_name = current_database() AND NOT internal ORDER BY schema_name, table_name, column_index`,
  );
  const constraints = await query(
    `SELECT schema_name, table_name, constraint_type, constraint_column_names AS cols,
       referenced_table, referenced_column_names AS refs
     FROM duckdb_constraints() WHERE database_name = current_database()
       AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY') ORDER BY constraint_index`,
  );
  const declared = new Set<string>();
  for (const row of columnRows) {
    const text = declaredTypeOf(row.comment);
    if (text !== undefined) declared.add(text);
  }
  const resolved = await resolvedTypes(query, declared);
  const primaryKeys = new Map<string, string[]>();
  const foreignKeys = new Map<string, ForeignKeySchema[]>();
  for (const row of constraints) {
    const table = key(row.schema_name, row.table_name);
    if (row.constraint_type === 'PRIMARY KEY') primaryKeys.set(table, names(row.cols));
    else {
      foreignKeys.set(table, [
        ...(foreignKeys.get(table) ?? []),
        {
          columns: names(row.cols),
          referencedTable: String(row.referenced_table),
          referencedColumns: names(row.refs),
        },
      ]);
    }
  }
  const columns = new Map<string, ColumnSchema[]>();
  for (const row of columnRows) {
    const table = key(row.schema_name, row.table_name);
    const name = String(row.column_name);
    const actual = String(row.data_type);
    const text = declaredTypeOf(row.comment);
    const type = text !== undefined && resolved.get(text) === actual ? text : actual;
    columns.set(table, [
      ...(columns.get(table) ?? []),
      {
        name,
        type,
        nullable: row.is_nullable === true,
        primaryKey: (primaryKeys.get(table) ?? []).includes(name),
      },
    ]);
  }
  const tables: TableSchema[] = [];
  for (const object of objects) {
    const table = key(object.schema_name, object.name);
    const kind = object.kind === 'view' ? 'view' : 'table';
    const entry: TableSchema = {
      name: String(object.name),
      schema: String(object.schema_name),
      kind,
      columns: columns.get(table) ?? [],
      primaryKey: primaryKeys.get(table) ?? [],
      foreignKeys: foreignKeys.get(table) ?? [],
    };
    if (kind === 'table' && options.rowCounts !== false) {
      const [count] = await query(
        `SELECT count(*) AS n FROM ${quoteIdentifier(entry.schema!)}.${quoteIdentifier(entry.name)}`,
      );
      entry.rowCount = Number(count?.n);
    }
    tables.push(entry);
  }
  return { tables };
}
