import { createHash } from 'node:crypto';
import type { DatabaseSchema } from './datasource.js';

/**
 * The canonical form of a schema: only structure (tables, kinds, columns in declared order,
 * declared types, nullability, primary keys, foreign keys), never row counts, with tables and
 * foreign keys sorted so that introspection order cannot change it.
 */
export function canonicalSchema(schema: DatabaseSchema): string {
  const tables = schema.tables
    .map((table) => ({
      schema: table.schema ?? null,
      name: table.name,
      kind: table.kind ?? 'table',
      columns: table.columns.map((column) => [
        column.name,
        (column.type ?? '').trim().toUpperCase(),
        column.nullable ?? null,
        column.primaryKey ?? false,
      ]),
      primaryKey: table.primaryKey ?? table.columns.filter((c) => c.primaryKey).map((c) => c.name),
      foreignKeys: (table.foreignKeys ?? [])
        .map((fk) => [fk.columns, fk.referencedTable, fk.referencedColumns])
        .sort((a, b) => compare(JSON.stringify(a), JSON.stringify(b))),
    }))
    .sort((a, b) => compare(`${a.schema}\u0000${a.name}`, `${b.schema}\u0000${b.name}`));
  return JSON.stringify(tables);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** SHA-256 (lowercase hex) of the canonical schema. Any adapter's schema can be fingerprinted. */
export function schemaFingerprint(schema: DatabaseSchema): string {
  return createHash('sha256').update(canonicalSchema(schema), 'utf8').digest('hex');
}
