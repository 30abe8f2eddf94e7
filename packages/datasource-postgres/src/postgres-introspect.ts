import type {
  ColumnSchema,
  DatabaseSchema,
  ForeignKeySchema,
  IntrospectOptions,
  TableSchema,
} from '@nl2sql/datasource';

/** Runs one internal, read-only catalog query with parameters; rows as objects. */
export type CatalogQuery = (
  sql: string,
  params?: readonly unknown[],
) => Promise<Record<string, unknown>[]>;

// Tables (ordinary, partitioned, foreign) and views (plain, materialized) of the schemas
// asked for; a partition is part of its parent, not a table of its own.
const RELATIONS = `
SELECT c.oid::int8 AS oid, n.nspname AS schema, c.relname AS name, c.relkind::text AS relkind,
       has_any_column_privilege(c.oid, 'SELECT') AS readable
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = ANY($1::text[]) AND c.relkind IN ('r', 'p', 'f', 'v', 'm') AND NOT c.relispartition
ORDER BY n.nspname, c.relname`;

// Columns in declared order, with the type as the schema declares it (format_type keeps
// length, precision and scale: character varying(160), numeric(10,2)).
const COLUMNS = `
SELECT a.attrelid::int8 AS oid, a.attname AS name, pg_catalog.format_type(a.atttypid, a.atttypmod) AS type,
       a.attnotnull AS not_null
FROM pg_catalog.pg_attribute a
WHERE a.attrelid = ANY($1::oid[]) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attrelid, a.attnum`;

// Primary and foreign keys with their columns in key order (conkey/confkey are ordered).
const KEYS = `
SELECT con.conrelid::int8 AS oid, con.contype::text AS kind, con.conname AS name,
       (SELECT json_agg(a.attname ORDER BY k.ord)
          FROM unnest(con.conkey) WITH ORDINALITY AS k(num, ord)
          JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num) AS columns,
       fn.nspname AS referenced_schema, f.relname AS referenced_table,
       (SELECT json_agg(a.attname ORDER BY k.ord)
          FROM unnest(con.confkey) WITH ORDINALITY AS k(num, ord)
          JOIN pg_catalog.pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num) AS referenced_columns
FROM pg_catalog.pg_constraint con
LEFT JOIN pg_catalog.pg_class f ON f.oid = con.confrelid
LEFT JOIN pg_catalog.pg_namespace fn ON fn.oid = f.relnamespace
WHERE con.conrelid = ANY($1::oid[]) AND con.contype IN ('p', 'f')
ORDER BY con.conrelid, con.conname`;

/** A name as a double-quoted identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function names(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * Tables and views of `schemas` from pg_catalog, in the shape the SQLite adapter returns:
 * columns in declared order with declared type, nullability and primary-key membership, the
 * primary key in key order, foreign keys (composite ones included) and, for tables the login
 * may read, `count(*)`. The catalog lists every table whatever the login's grants, so every
 * role sees the same structure and the same fingerprint.
 */
export async function introspectPostgres(
  query: CatalogQuery,
  schemas: readonly string[],
  options: IntrospectOptions = {},
): Promise<DatabaseSchema> {
  const relations = await query(RELATIONS, [schemas]);
  const oids = relations.map((r) => String(r.oid));
  const columnsOf = new Map<string, ColumnSchema[]>();
  for (const row of await query(COLUMNS, [oids])) {
    const list = columnsOf.get(String(row.oid)) ?? [];
    list.push({
      name: String(row.name),
      type: String(row.type),
      nullable: row.not_null !== true,
      primaryKey: false,
    });
    columnsOf.set(String(row.oid), list);
  }
  const primaryKeyOf = new Map<string, string[]>();
  const foreignKeysOf = new Map<string, ForeignKeySchema[]>();
  for (const row of await query(KEYS, [oids])) {
    const oid = String(row.oid);
    if (row.kind === 'p') {
      primaryKeyOf.set(oid, names(row.columns));
      continue;
    }
    const owner = relations.find((r) => String(r.oid) === oid);
    const referenced = String(row.referenced_table);
    const list = foreignKeysOf.get(oid) ?? [];
    list.push({
      columns: names(row.columns),
      // Same schema: the bare name, as queries write it; another schema: qualified.
      referencedTable:
        row.referenced_schema === owner?.schema
          ? referenced
          : `${String(row.referenced_schema)}.${referenced}`,
      referencedColumns: names(row.referenced_columns),
    });
    foreignKeysOf.set(oid, list);
  }
  const tables: TableSchema[] = [];
  for (const relation of relations) {
    const oid = String(relation.oid);
    const kind = relation.relkind === 'v' || relation.relkind === 'm' ? 'view' : 'table';
    const primaryKey = primaryKeyOf.get(oid) ?? [];
    const table: TableSchema = {
      name: String(relation.name),
      schema: String(relation.schema),
      kind,
      columns: (columnsOf.get(oid) ?? []).map((column) => ({
        ...column,
        primaryKey: primaryKey.includes(column.name),
      })),
      primaryKey,
      foreignKeys: foreignKeysOf.get(oid) ?? [],
    };
    if (kind === 'table' && options.rowCounts !== false && relation.readable === true) {
      const [count] = await query(
        `SELECT count(*) AS n FROM ${quoteIdentifier(table.schema!)}.${quoteIdentifier(table.name)}`,
      );
      table.rowCount = Number(count?.n);
    }
    tables.push(table);
  }
  return { tables };
}
