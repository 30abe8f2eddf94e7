// Resolving the names people write (in a role scope, a declaration, a gold case) to the
// schema's own spelling. SQL names compare case-insensitively, so `invoiceline` finds
// `InvoiceLine`; an exact spelling wins when two names differ only in case (PostgreSQL
// allows that with quoting). Everything downstream works on the schema's spelling only.

import { SchemaSelectionError } from './schema-selection-error.js';
import type { SchemaShape } from './schema-shape.js';

/** `table.column`, the key every list in this package uses. */
export function columnKey(table: string, column: string): string {
  return `${table}.${column}`;
}

function lookup(names: readonly string[], wanted: string): string | undefined {
  if (names.includes(wanted)) return wanted;
  const folded = wanted.toLowerCase();
  const matches = names.filter((n) => n.toLowerCase() === folded);
  return matches.length === 1 ? matches[0] : undefined;
}

/** The schema's tables and columns, for turning written names into the schema's spelling. */
export class SchemaNames {
  readonly #tables: string[];
  readonly #columns = new Map<string, string[]>();

  constructor(schema: SchemaShape) {
    this.#tables = schema.tables.map((t) => t.name);
    for (const table of schema.tables) {
      this.#columns.set(
        table.name,
        table.columns.map((c) => c.name),
      );
    }
  }

  get tables(): readonly string[] {
    return this.#tables;
  }

  columnsOf(table: string): readonly string[] {
    return this.#columns.get(table) ?? [];
  }

  /** The table's spelling in the schema, or a SchemaSelectionError naming `where`. */
  table(name: string, where: string): string {
    const found = lookup(this.#tables, name);
    if (found === undefined) {
      throw new SchemaSelectionError('unknown_table', where, `no table ${JSON.stringify(name)}`);
    }
    return found;
  }

  /** The column's spelling within an already resolved table. */
  column(table: string, name: string, where: string): string {
    const found = lookup(this.columnsOf(table), name);
    if (found === undefined) {
      throw new SchemaSelectionError(
        'unknown_column',
        where,
        `table ${table} has no column ${JSON.stringify(name)}`,
      );
    }
    return found;
  }

  /**
   * A `Table.Column` key in the schema's spelling. The table is the longest known table name
   * followed by a dot, so table names that contain dots still resolve.
   */
  columnKey(key: string, where: string): string {
    let best: string | undefined;
    for (let dot = key.indexOf('.'); dot > 0; dot = key.indexOf('.', dot + 1)) {
      const table = lookup(this.#tables, key.slice(0, dot));
      if (table !== undefined) best = `${table}\u0000${key.slice(dot + 1)}`;
    }
    if (best === undefined) {
      throw new SchemaSelectionError(
        key.includes('.') ? 'unknown_table' : 'unknown_column',
        where,
        key.includes('.')
          ? `no table for column ${JSON.stringify(key)}`
          : `column ${JSON.stringify(key)} is not written as Table.Column`,
      );
    }
    const [table = '', column = ''] = best.split('\u0000');
    return columnKey(table, this.column(table, column, where));
  }

  /** The table part of a key this class produced. */
  tableOf(key: string): string {
    let best = '';
    for (const table of this.#tables) {
      if (table.length > best.length && key.startsWith(`${table}.`)) best = table;
    }
    return best;
  }
}
