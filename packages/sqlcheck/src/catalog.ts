// The role-visible schema a query is checked against, indexed by the dialect's identifier
// rules. The shape is structural so the datasource package's introspection (a superset)
// can be passed as is (test/catalog.test.ts keeps the two compatible at compile time).
import type { SqlDialect } from './dialect.js';
import { catalogKey, defaultSchema, identKey } from './dialect.js';
import type { Ident } from './node.js';

export interface SchemaColumn {
  name: string;
  type?: string;
}

export interface SchemaTable {
  name: string;
  /** Omitted means the dialect's default schema (SQLite "main", PostgreSQL "public"). */
  schema?: string;
  columns: SchemaColumn[];
}

export interface SchemaLike {
  tables: SchemaTable[];
}

/** A table name as written in SQL. */
export interface TableName {
  catalog?: Ident;
  schema?: Ident;
  name: Ident;
}

export interface CatalogTable {
  table: SchemaTable;
  /** "Album", or "hr.orders" outside the default schema. */
  display: string;
  /** Column comparison key -> column name as stored. */
  columns: Map<string, string>;
}

export interface Catalog {
  dialect: SqlDialect;
  lookup(name: TableName): CatalogTable | undefined;
  /** A table whose name differs only in case, for "did you mean" hints. */
  nearCase(name: TableName): CatalogTable | undefined;
}

export function buildCatalog(schema: SchemaLike, dialect: SqlDialect): Catalog {
  const def = defaultSchema(dialect);
  const byKey = new Map<string, CatalogTable>();
  const byLower = new Map<string, CatalogTable>();
  for (const table of schema.tables) {
    const schemaName = table.schema ?? def;
    const key = `${catalogKey(dialect, schemaName)}\u0000${catalogKey(dialect, table.name)}`;
    const columns = new Map<string, string>();
    for (const c of table.columns) columns.set(catalogKey(dialect, c.name), c.name);
    const display =
      catalogKey(dialect, schemaName) === catalogKey(dialect, def)
        ? table.name
        : `${schemaName}.${table.name}`;
    const entry = { table, display, columns };
    byKey.set(key, entry);
    byLower.set(`${schemaName.toLowerCase()}\u0000${table.name.toLowerCase()}`, entry);
  }
  return {
    dialect,
    lookup(name) {
      // A catalog (database) qualifier names another database: never the checked one.
      if (name.catalog) return undefined;
      const s = name.schema
        ? identKey(dialect, name.schema.name, name.schema.quoted)
        : catalogKey(dialect, def);
      return byKey.get(`${s}\u0000${identKey(dialect, name.name.name, name.name.quoted)}`);
    },
    nearCase(name) {
      if (name.catalog) return undefined;
      const s = (name.schema?.name ?? def).toLowerCase();
      return byLower.get(`${s}\u0000${name.name.name.toLowerCase()}`);
    },
  };
}

/** A table name as written, for messages: `hr.orders`, `main.Album`. */
export function writtenName(name: TableName): string {
  return [name.catalog, name.schema, name.name]
    .filter((p): p is Ident => p !== undefined)
    .map((p) => (p.quoted ? `"${p.name}"` : p.name))
    .join('.');
}

/**
 * Canonical name of a physical table for allow-lists and read sets: the default schema is
 * dropped ("public.orders" is "orders"), other qualifiers are kept ("hr.orders").
 */
export function canonicalTableName(name: TableName, dialect: SqlDialect): string {
  const parts: string[] = [];
  if (name.catalog) parts.push(identKey(dialect, name.catalog.name, name.catalog.quoted));
  const schema = name.schema ? identKey(dialect, name.schema.name, name.schema.quoted) : undefined;
  if (
    schema !== undefined &&
    (name.catalog || schema !== catalogKey(dialect, defaultSchema(dialect)))
  ) {
    parts.push(schema);
  }
  parts.push(identKey(dialect, name.name.name, name.name.quoted));
  return parts.join('.');
}
