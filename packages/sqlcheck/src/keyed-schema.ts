// A schema with its keys, for the diagnostics that need to know whether a column identifies
// something (a primary key, or a foreign key into another table). Structural, so the
// datasource's introspection (`DatabaseSchema`) can be passed as is.
import type { SchemaLike, SchemaTable } from './catalog.js';
import type { SqlDialect } from './dialect.js';
import { catalogKey } from './dialect.js';

export interface KeyedSchemaTable extends SchemaTable {
  /** Primary key columns (omitted: none known). */
  primaryKey?: readonly string[];
  /** Foreign keys: referencing columns of this table and the table they point at. */
  foreignKeys?: readonly { columns: readonly string[]; referencedTable: string }[];
}

export interface KeyedSchemaLike extends SchemaLike {
  tables: KeyedSchemaTable[];
}

/** Per table (catalog key): its key columns and, per foreign-key column, the table it names. */
export interface KeyIndex {
  /** Is `table.column` part of the table's primary key or a foreign key? */
  isKey(table: string, column: string): boolean;
  /** The table a foreign-key column points at (catalog key), if it is one. */
  references(table: string, column: string): string | undefined;
  /** Does the table have this column (catalog keys)? Undefined when the table is unknown. */
  hasColumn(table: string, column: string): boolean | undefined;
}

export function keyIndex(schema: KeyedSchemaLike | undefined, dialect: SqlDialect): KeyIndex {
  const k = (name: string) => catalogKey(dialect, name);
  const tables = new Map<
    string,
    { columns: Set<string>; primary: Set<string>; foreign: Map<string, string> }
  >();
  for (const t of schema?.tables ?? []) {
    const foreign = new Map<string, string>();
    for (const fk of t.foreignKeys ?? []) {
      for (const c of fk.columns) foreign.set(k(c), k(fk.referencedTable));
    }
    tables.set(k(t.name), {
      columns: new Set(t.columns.map((c) => k(c.name))),
      primary: new Set((t.primaryKey ?? []).map(k)),
      foreign,
    });
  }
  return {
    isKey(table, column) {
      const t = tables.get(table);
      return t !== undefined && (t.primary.has(column) || t.foreign.has(column));
    },
    references(table, column) {
      return tables.get(table)?.foreign.get(column);
    },
    hasColumn(table, column) {
      const t = tables.get(table);
      return t === undefined ? undefined : t.columns.has(column);
    },
  };
}
