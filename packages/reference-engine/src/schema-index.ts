// The searchable entries of a datasource's schema: one per table, one per column and one per
// foreign-key relationship, built from introspection plus optional descriptions. Column and
// relationship entries name the columns they would send; a relationship belongs to both ends.

import type { DatabaseSchema } from '@nl2sql/datasource';
import { schemaTokens } from './schema-tokens.js';

/** Optional prose for tables (by name) and columns (by `Table.Column`). */
export interface SchemaDescriptions {
  tables?: Readonly<Record<string, string>>;
  columns?: Readonly<Record<string, string>>;
}

export interface SchemaEntry {
  kind: 'table' | 'column' | 'relationship';
  /** The tables the entry belongs to (two for a relationship, unless it is self-referencing). */
  tables: string[];
  /** `Table.Column` the entry sends (none for a table entry). */
  columns: string[];
  /** A relationship entry's label, `from(c,...)->to(c,...)`. */
  relationship?: string;
  /** What is searched (and embedded). */
  text: string;
  tokens: string[];
}

export function schemaEntries(
  schema: DatabaseSchema,
  descriptions: SchemaDescriptions = {},
): SchemaEntry[] {
  const entries: SchemaEntry[] = [];
  const entry = (
    kind: SchemaEntry['kind'],
    tables: string[],
    columns: string[],
    text: string,
    relationship?: string,
  ) =>
    entries.push({
      kind,
      tables,
      columns,
      text,
      tokens: schemaTokens(text),
      ...(relationship ? { relationship } : {}),
    });
  for (const table of schema.tables) {
    const about = descriptions.tables?.[table.name];
    entry(
      'table',
      [table.name],
      [],
      `table ${table.name}${about ? `: ${about}` : ''}. columns: ${table.columns.map((c) => c.name).join(', ')}`,
    );
  }
  for (const table of schema.tables) {
    for (const column of table.columns) {
      const key = `${table.name}.${column.name}`;
      const about = descriptions.columns?.[key];
      entry(
        'column',
        [table.name],
        [key],
        `column ${key}${column.type ? ` ${column.type}` : ''}${about ? `: ${about}` : ''}`,
      );
    }
  }
  for (const table of schema.tables) {
    for (const fk of table.foreignKeys ?? []) {
      const from = fk.columns.map((c) => `${table.name}.${c}`);
      const to = fk.referencedColumns.map((c) => `${fk.referencedTable}.${c}`);
      const tables = [...new Set([table.name, fk.referencedTable])];
      entry(
        'relationship',
        tables,
        [...from, ...to],
        `relationship ${from.join(', ')} references ${to.join(', ')} (${table.name} to ${fk.referencedTable})`,
        `${table.name}(${fk.columns.join(',')})->${fk.referencedTable}(${fk.referencedColumns.join(',')})`,
      );
    }
  }
  return entries;
}
