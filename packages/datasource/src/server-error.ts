import { DatasourceError, type DatasourceErrorCode } from './datasource-error.js';

/**
 * What a refused role is told: the same words whatever it asked for, so the answer does not
 * confirm that a table or column exists (the server's own message names both).
 */
export const PERMISSION_DENIED_MESSAGE =
  'permission denied: the role may not read the data this query needs';

/** True when the database refused the query for the role's lack of privileges. */
export function isPermissionDenied(error: unknown): error is DatasourceError {
  return error instanceof DatasourceError && error.code === 'PERMISSION_DENIED';
}

/** A database server's failure, already classified by its adapter. */
export interface ServerFailure {
  /** The driver's or server's message (may hold line breaks). */
  message: string;
  databaseCode: string | undefined;
  sql: string | undefined;
  /** The driver's own error. */
  cause: unknown;
}

/** One line: server messages and socket errors can hold line breaks. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * The DatasourceError for a server failure of kind `kind` at `where` (the server and the login,
 * never the password). A permission error keeps neither the server's message nor its cause,
 * both of which name the table or column refused.
 */
export function serverError(
  kind: DatasourceErrorCode,
  where: string,
  failure: ServerFailure,
): DatasourceError {
  const { databaseCode, sql } = failure;
  if (kind === 'PERMISSION_DENIED') {
    return new DatasourceError(kind, `${where}: ${PERMISSION_DENIED_MESSAGE}`, {
      databaseCode,
      sql,
    });
  }
  const text = oneLine(failure.message) || 'unknown error';
  return new DatasourceError(kind, `${where}: ${text}`, {
    databaseMessage: text,
    databaseCode,
    sql,
    cause: failure.cause,
  });
}
