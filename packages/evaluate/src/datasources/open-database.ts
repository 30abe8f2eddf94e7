// Every database the CLI opens goes through here, so a path that is missing, a directory or
// not a SQLite file is one line and exit 3, never a driver stack trace (exit 70).

import { statSync } from 'node:fs';
import { DatasourceError } from '@nl2sql/datasource';
import { openSqlite, type SqliteDatasource, type SqliteOptions } from '@nl2sql/datasource-sqlite';
import { configError } from '../evaluate-error.js';

/** Opens the SQLite file at `path` read-only; `flag` names where the path came from. */
export async function openDatabase(
  path: string,
  flag = '--db',
  options: SqliteOptions = {},
): Promise<SqliteDatasource> {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    throw configError(`${flag} ${path}: no such file`);
  }
  if (isDirectory) throw configError(`${flag} ${path}: is a directory, not a SQLite file`);
  try {
    return await openSqlite(path, options);
  } catch (error) {
    if (error instanceof DatasourceError) {
      const why = error.databaseMessage ?? error.message;
      throw configError(`${flag} ${path}: cannot be opened as a SQLite database (${why})`);
    }
    throw error;
  }
}
