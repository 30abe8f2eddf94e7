// A new SQLite database made from an existing one: the source is attached as `source` and the
// caller's statements (CREATE TABLE main.x AS SELECT ... FROM source.x) fill the new file.
// Mode retrieval uses it to build a database that holds only what a schema selection chose,
// then reads it through openSqlite like any other database (read-only, with every limit).

import { DatasourceError } from '@nl2sql/datasource';
import sqlite3 from 'sqlite3';

function run(db: sqlite3.Database, sql: string, params: unknown[] = []): Promise<void> {
  return new Promise((resolve, reject) =>
    db.run(sql, params, (error: Error | null) => (error ? reject(error) : resolve())),
  );
}

/**
 * Creates `target` (which must not exist) by running `statements` with `source` attached as
 * `source`. Only the new file is written. A statement that fails rejects with a
 * DatasourceError (`EXECUTION`) naming it, and the half-written file is the caller's to remove.
 */
export async function writeSqliteCopy(
  source: string,
  target: string,
  statements: readonly string[],
): Promise<void> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const handle = new sqlite3.Database(
      target,
      sqlite3.OPEN_READWRITE | sqlite3.OPEN_CREATE,
      (error) =>
        error
          ? reject(new DatasourceError('CONNECTION', `cannot create ${target}: ${error.message}`))
          : resolve(handle),
    );
  });
  try {
    await run(db, 'ATTACH DATABASE ? AS source', [source]);
    for (const statement of statements) {
      try {
        await run(db, statement);
      } catch (error) {
        throw new DatasourceError('EXECUTION', `copying ${source} into ${target} failed`, {
          databaseMessage: (error as Error).message,
          sql: statement,
        });
      }
    }
    await run(db, 'DETACH DATABASE source');
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}
