import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { chinookForTests } from '@nl2sql/datasets';

/** A folder for one test file's databases; `remove()` deletes it. */
export function scratch(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `nl2sql-duckdb-${prefix}-`));
  return {
    dir,
    path: (name: string) => join(dir, name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Write a DuckDB file by running `statements` in a writable instance. */
export async function makeDuckdb(path: string, statements: readonly string[]): Promise<string> {
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    for (const sql of statements) await connection.run(sql);
    await connection.run('CHECKPOINT');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return path;
}

/**
 * The verified Chinook_Sqlite.sqlite; when it cannot be found the reason is printed and
 * `noChinook` is true, so the suites that need it skip (under CI the lookup throws).
 */
export const chinook = await chinookForTests();
export const noChinook = chinook.path === undefined;
