import { DatasourceError, type DatasourceErrorCode } from './datasource-error.js';

interface DriverError {
  message: string;
  code?: string;
}

function asDriverError(error: unknown): DriverError {
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code;
    return { message: error.message, code: typeof code === 'string' ? code : undefined };
  }
  return { message: String(error) };
}

// SQLite reports parse errors and semantic errors with the same code (SQLITE_ERROR); the
// message is the only place the two differ.
const SYNTAX_MESSAGE = /syntax error|incomplete input|unrecognized token/;

/** Classify an error the sqlite3 driver raised. The database's message is kept verbatim. */
export function sqliteErrorCode(error: unknown): DatasourceErrorCode {
  const { code, message } = asDriverError(error);
  if (code === 'SQLITE_READONLY') return 'READ_ONLY_VIOLATION';
  // ATTACH and VACUUM INTO meet the attached-database limit of 0 before touching any file.
  if (/too many attached databases/.test(message)) return 'READ_ONLY_VIOLATION';
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_NOTADB' || code === 'SQLITE_MISUSE') {
    return 'CONNECTION';
  }
  if (code === 'SQLITE_ERROR' && SYNTAX_MESSAGE.test(message)) return 'SYNTAX';
  return 'EXECUTION';
}

/** Wrap a driver error as a DatasourceError that says where it happened. */
export function sqliteError(error: unknown, where: string, sql?: string): DatasourceError {
  const { code, message } = asDriverError(error);
  return new DatasourceError(sqliteErrorCode(error), `${where}: ${message}`, {
    databaseMessage: message,
    databaseCode: code,
    sql,
    cause: error,
  });
}
