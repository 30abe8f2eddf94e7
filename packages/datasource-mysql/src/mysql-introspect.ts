import type {
  ColumnSchema,
  DatabaseSchema,
  ForeignKeySchema,
  IntrospectOptions,
  TableSchema,
} from '@nl2sql/datasource';
import { mysqlErrorCode } from './mysql-error.js';

/** Runs one internal, read-only catalog query with parameters; rows as arrays. */
export type CatalogQuery = (sql: string, params?: readonly unknown[]) => Promise<unknown[][]>;

// The database the connection is in; information_schema shows a login only what it holds a
// privilege on, so a role-scoped login sees its own tables and columns.
const TABLES = `
SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES
WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE IN ('BASE TABLE', 'VIEW', 'SYSTEM VERSIONED')
ORDER BY TABLE_NAME`;

const COLUMNS = `
SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE FROM information_schema.COLUMNS
WHERE TABLE_SCHEMA = DATABASE()
ORDER BY TABLE_NAME, ORDINAL_POSITION`;

// Primary keys (always named PRIMARY) and foreign keys (the rows with a referenced table),
// their columns in key order. Not TABLE_CONSTRAINTS: MariaDB shows a SELECT-only login none.
const KEYS = `
SELECT TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME,
       REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME
FROM information_schema.KEY_COLUMN_USAGE
WHERE TABLE_SCHEMA = DATABASE() AND (CONSTRAINT_NAME = 'PRIMARY' OR REFERENCED_TABLE_NAME IS NOT NULL)
ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION`;

/** A name as a backtick-quoted identifier. */
export function quoteMysqlName(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/**
 * A column type as declared, without the integer display widths MariaDB and MySQL 5 print
 * (`int(11)`) and MySQL 8 does not: the same table gives the same type on both.
 */
export function declaredType(columnType: string): string {
  return columnType.replace(/^(tinyint|smallint|mediumint|int|bigint)\(\d+\)/i, '$1');
}

/**
 * Tables and views of the connection's database from information_schema, in the shape the
 * SQLite adapter returns: columns in declared order with type, nullability and primary-key
 * membership, the primary key in key order, foreign keys (composite ones included) and
 * `count(*)` per table. `schema` is the database's name.
 */
export async function introspectMysql(
  query: CatalogQuery,
  options: IntrospectOptions = {},
): Promise<DatabaseSchema> {
  const [[database]] = (await query('SELECT DATABASE()')) as [[string]];
  const columnsOf = new Map<string, ColumnSchema[]>();
  for (const [table, name, type, nullable] of await query(COLUMNS)) {
    const list = columnsOf.get(String(table)) ?? [];
    list.push({
      name: String(name),
      type: declaredType(String(type)),
      nullable: nullable === 'YES',
      primaryKey: false,
    });
    columnsOf.set(String(table), list);
  }
  const primaryKeyOf = new Map<string, string[]>();
  const foreignKeysOf = new Map<string, Map<string, ForeignKeySchema>>();
  for (const [table, constraint, column, refSchema, refTable, refColumn] of await query(KEYS)) {
    const owner = String(table);
    if (refTable === null) {
      primaryKeyOf.set(owner, [...(primaryKeyOf.get(owner) ?? []), String(column)]);
      continue;
    }
    const keys = foreignKeysOf.get(owner) ?? new Map<string, ForeignKeySchema>();
    const referenced =
      refSchema === database ? String(refTable) : `${String(refSchema)}.${String(refTable)}`;
    const key = keys.get(String(constraint)) ?? {
      columns: [],
      referencedTable: referenced,
      referencedColumns: [],
    };
    key.columns.push(String(column));
    key.referencedColumns.push(String(refColumn));
    keys.set(String(constraint), key);
    foreignKeysOf.set(owner, keys);
  }
  const tables: TableSchema[] = [];
  for (const [name, type] of await query(TABLES)) {
    const tableName = String(name);
    const kind = type === 'VIEW' ? 'view' : 'table';
    const primaryKey = primaryKeyOf.get(tableName) ?? [];
    const table: TableSchema = {
      name: tableName,
      schema: database,
      kind,
      columns: (columnsOf.get(tableName) ?? []).map((column) => ({
        ...column,
        primaryKey: primaryKey.includes(column.name),
      })),
      primaryKey,
      foreignKeys: [...(foreignKeysOf.get(tableName)?.values() ?? [])],
    };
    if (kind === 'table' && options.rowCounts !== false) {
      // A login granted only some columns of a table may not count its rows: no count then.
      const counted = await query(`SELECT COUNT(*) FROM ${quoteMysqlName(tableName)}`).catch(
        (error: unknown) => {
          if (mysqlErrorCode(error) === 'PERMISSION_DENIED') return undefined;
          throw error;
        },
      );
      if (counted) table.rowCount = Number(counted[0]![0]);
    }
    tables.push(table);
  }
  return { tables };
}
