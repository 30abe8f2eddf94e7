// What a role may read, applied to a schema before anything ranks it: a table or column the
// role may not read is removed from the schema the retriever indexes, so it can never be a
// candidate, and path completion may not walk through it or add it as a join key.

import { columnKey, SchemaNames } from './schema-names.js';
import type { SchemaShape, TableShape } from './schema-shape.js';

/** A role's read scope. Omitting everything means the role reads the whole schema. */
export interface RoleScope {
  /** The tables the role may read; omitted: every table. */
  readonly tables?: readonly string[];
  /** Per table, the only columns the role may read there; a table not named: all of its columns. */
  readonly columns?: Readonly<Record<string, readonly string[]>>;
  /** `Table.Column` the role may never read, even in a table it may read. */
  readonly deniedColumns?: readonly string[];
}

/** A schema seen through a role's scope. Names are the schema's spelling. */
export interface ScopedSchema<T extends TableShape = TableShape> {
  /** Only the readable tables and columns; foreign keys only where both ends are readable. */
  readonly schema: { tables: T[] };
  /** The whole schema's names (for resolving what callers write). */
  readonly names: SchemaNames;
  readsTable(table: string): boolean;
  /** Whether the role may read `Table.Column` (false for a column of an unreadable table). */
  readsColumn(key: string): boolean;
  /** Tables the role may not read, sorted. */
  readonly deniedTables: readonly string[];
  /** Columns of readable tables the role may not read, sorted. */
  readonly deniedColumns: readonly string[];
}

/** The value, or undefined when resolving a name threw (a dangling foreign key). */
function quietly(resolve: () => string): string | undefined {
  try {
    return resolve();
  } catch {
    return undefined;
  }
}

/** `schema` restricted to what `scope` lets the role read. Unknown names throw SchemaSelectionError. */
export function scopeSchema<T extends TableShape>(
  schema: SchemaShape<T>,
  scope: RoleScope = {},
): ScopedSchema<T> {
  const names = new SchemaNames(schema);
  const where = 'role scope';
  const tables = new Set(
    scope.tables === undefined
      ? names.tables
      : scope.tables.map((t) => names.table(t, `${where} tables`)),
  );
  const only = new Map<string, Set<string>>();
  for (const [table, columns] of Object.entries(scope.columns ?? {})) {
    const resolved = names.table(table, `${where} columns`);
    only.set(
      resolved,
      new Set(columns.map((c) => names.column(resolved, c, `${where} columns of ${resolved}`))),
    );
  }
  const denied = new Set(
    (scope.deniedColumns ?? []).map((k) => names.columnKey(k, `${where} deniedColumns`)),
  );
  const readable = new Set<string>();
  for (const table of names.tables) {
    if (!tables.has(table)) continue;
    for (const column of names.columnsOf(table)) {
      const key = columnKey(table, column);
      if (denied.has(key)) continue;
      if (only.has(table) && !only.get(table)?.has(column)) continue;
      readable.add(key);
    }
  }
  const readsColumn = (key: string) => readable.has(key);
  const scoped: T[] = [];
  for (const table of schema.tables) {
    if (!tables.has(table.name)) continue;
    const reads = (column: string) => readable.has(columnKey(table.name, column));
    const filtered: TableShape = {
      ...table,
      columns: table.columns.filter((c) => reads(c.name)),
      ...(table.primaryKey ? { primaryKey: table.primaryKey.filter(reads) } : {}),
      ...(table.foreignKeys
        ? {
            foreignKeys: table.foreignKeys.filter((fk) => {
              const target = quietly(() => names.table(fk.referencedTable, where));
              return (
                target !== undefined &&
                tables.has(target) &&
                fk.columns.every((c) =>
                  reads(quietly(() => names.column(table.name, c, where)) ?? c),
                ) &&
                fk.referencedColumns.every((c) => {
                  const column = quietly(() => names.column(target, c, where));
                  return column !== undefined && readable.has(columnKey(target, column));
                })
              );
            }),
          }
        : {}),
    };
    scoped.push(filtered as T);
  }
  const deniedColumns: string[] = [];
  for (const table of names.tables) {
    if (!tables.has(table)) continue;
    for (const column of names.columnsOf(table)) {
      const key = columnKey(table, column);
      if (!readable.has(key)) deniedColumns.push(key);
    }
  }
  return {
    schema: { tables: scoped },
    names,
    readsTable: (table) => tables.has(table),
    readsColumn,
    deniedTables: names.tables.filter((t) => !tables.has(t)).sort(),
    deniedColumns: deniedColumns.sort(),
  };
}
