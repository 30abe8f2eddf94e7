/**
 * Why Chinook could not be loaded into PostgreSQL:
 * - DEPENDENCY_MISSING: the optional peer `pg` or `sqlite3` is not installed.
 * - BAD_URL: the admin URL is not a postgres:// URL.
 * - CONNECTION: the server cannot be reached or refuses the login.
 * - LOAD_FAILED: a statement of the load failed (the load's transaction was rolled back).
 */
export type ChinookLoadErrorCode = 'DEPENDENCY_MISSING' | 'BAD_URL' | 'CONNECTION' | 'LOAD_FAILED';

/** A failed load; the message names the server and login, never the password. */
export class ChinookLoadError extends Error {
  override readonly name = 'ChinookLoadError';
  constructor(
    readonly code: ChinookLoadErrorCode,
    message: string,
  ) {
    super(message);
  }
}
