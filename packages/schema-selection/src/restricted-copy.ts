// A database that holds only a selection: one table per selected table with only its
// selected columns, copied row for row from the source. Running the reference query there
// is what "the gold query runs using only the selected elements" means: a column or table
// the selection left out does not exist, so a query that needs it fails instead of passing.
// The statements are SQLite; the caller opens a scratch database, attaches the source under
// `source`, runs them, detaches the source and then runs the query read-only.

import { SchemaSelectionError } from './schema-selection-error.js';
import type { SchemaShape } from './schema-shape.js';

/** The column a selected table with no selected columns gets, so that it keeps its rows. */
export const NO_COLUMNS_PLACEHOLDER = '__no_selected_columns';

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * `CREATE TABLE ... AS SELECT` statements copying `selection` out of the attached database
 * `source`, one per selected table, in table order. Columns keep the source's column order.
 */
export function restrictedCopySql(
  selection: { readonly tables: readonly string[]; readonly columns: readonly string[] },
  schema: SchemaShape,
  source = 'source',
): string[] {
  const chosen = new Set(selection.columns);
  const statements: string[] = [];
  for (const table of [...selection.tables].sort()) {
    const shape = schema.tables.find((t) => t.name === table);
    if (!shape) {
      throw new SchemaSelectionError('unknown_table', 'restricted copy', `no table ${table}`);
    }
    const columns = shape.columns.map((c) => c.name).filter((c) => chosen.has(`${table}.${c}`));
    const list =
      columns.length > 0
        ? columns.map(quote).join(', ')
        : `NULL AS ${quote(NO_COLUMNS_PLACEHOLDER)}`;
    statements.push(
      `CREATE TABLE main.${quote(table)} AS SELECT ${list} FROM ${quote(source)}.${quote(table)}`,
    );
  }
  return statements;
}
