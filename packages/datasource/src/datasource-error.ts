/**
 * Why a statement did not produce rows:
 * - TIMEOUT: the statement ran longer than `timeoutMs` and was interrupted.
 * - READ_ONLY_VIOLATION: the statement is not a query, or the database refused a write.
 * - SYNTAX: the SQL does not parse, or holds more than one statement.
 * - EXECUTION: the database rejected or failed the query (unknown column, type error ...).
 * - CANCELLED: the caller's AbortSignal fired, or the datasource was closed meanwhile.
 * - CONNECTION: the database could not be opened (missing file, a directory, an empty file, a
 *   file that is not a database), or the datasource is closed.
 * - VALUE_TOO_LARGE: the query would produce or read a string or blob longer than
 *   `maxValueBytes` (SQLite: "string or blob too big").
 * - RESULT_TOO_LARGE: the rows passed `maxResultBytes`, or building one row needed more memory
 *   than SQLite may use (SQLite: "out of memory" under the adapter's heap limit).
 * - QUERY_TOO_COMPLEX: the statement text is longer than the adapter accepts, or it passes one
 *   of SQLite's shape limits (expression depth, compound terms, function arguments, LIKE
 *   pattern length, variables, columns).
 * - PERMISSION_DENIED: the database refused the query because the login it ran as may not read
 *   something the query names (PostgreSQL: SQLSTATE 42501 under a role-scoped login). The
 *   message names no table or column, so a refusal does not confirm what exists.
 */
export type DatasourceErrorCode =
  | 'TIMEOUT'
  | 'READ_ONLY_VIOLATION'
  | 'SYNTAX'
  | 'EXECUTION'
  | 'CANCELLED'
  | 'CONNECTION'
  | 'VALUE_TOO_LARGE'
  | 'RESULT_TOO_LARGE'
  | 'QUERY_TOO_COMPLEX'
  | 'PERMISSION_DENIED';

export interface DatasourceErrorDetails {
  /** The database's own error message, verbatim, when the database raised the error. */
  databaseMessage?: string;
  /** The driver's error code, e.g. `SQLITE_READONLY`. */
  databaseCode?: string;
  /** The SQL that failed, when there was one. */
  sql?: string;
  cause?: unknown;
}

/** A typed failure of a datasource call; `code` says what kind, `message` says what and where. */
export class DatasourceError extends Error {
  override readonly name = 'DatasourceError';
  readonly code: DatasourceErrorCode;
  readonly databaseMessage: string | undefined;
  readonly databaseCode: string | undefined;
  readonly sql: string | undefined;

  constructor(code: DatasourceErrorCode, message: string, details: DatasourceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.databaseMessage = details.databaseMessage;
    this.databaseCode = details.databaseCode;
    this.sql = details.sql;
  }
}
