// The schema `check` reads for its L2 level: a `--schema` JSON file as introspection writes
// it, or the schema of a SQLite file introspected here.

import { existsSync, readFileSync } from 'node:fs';
import type { SchemaLike } from '@nl2sql/sqlcheck';
import { openDatabase } from '../datasources/open-database.js';
import { configError } from '../evaluate-error.js';

/** A --schema file: `{ tables: [{ name, columns: [{ name }] }] }`; `path` is absolute. */
export function readSchemaFile(path: string): SchemaLike {
  if (!existsSync(path)) throw configError(`--schema ${path}: no such file`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw configError(`--schema ${path}: not valid JSON (${(error as Error).message})`);
  }
  const tables = (parsed as { tables?: unknown }).tables;
  if (!Array.isArray(tables)) throw configError(`--schema ${path}: expected { "tables": [...] }`);
  tables.forEach((table: unknown, i) => {
    const t = table as { name?: unknown; columns?: unknown };
    if (typeof t?.name !== 'string' || !Array.isArray(t.columns)) {
      throw configError(
        `--schema ${path}: tables[${i}] needs a string "name" and a "columns" array`,
      );
    }
  });
  return parsed as SchemaLike;
}

/** The schema of the SQLite file at `path` (tables and columns, no row counts). */
export async function introspectDb(path: string): Promise<SchemaLike> {
  const datasource = await openDatabase(path);
  try {
    return await datasource.introspect({ rowCounts: false });
  } finally {
    await datasource.close();
  }
}
