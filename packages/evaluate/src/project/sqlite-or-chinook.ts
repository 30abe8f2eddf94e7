import { resolve } from 'node:path';
import { DatasetError, locateChinook } from '@nl2sql/datasets';
import { configError } from '../evaluate-error.js';

/**
 * The SQLite file a command without a project reads: `db` (resolved against `cwd`), else the
 * Chinook file found (or fetched and verified) as @nl2sql/datasets does; exit 3 when it cannot be.
 */
export async function sqliteOrChinook(db: string | undefined, cwd: string): Promise<string> {
  if (db !== undefined) return resolve(cwd, db);
  try {
    return await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
}
