import { DatasourceError, type DatasourceErrorCode } from '@nl2sql/datasource';

/**
 * DuckDB's error type: the word(s) before `Error:` in its message (`Binder`, `Permission`),
 * after any prefix the Node API adds (`Failed to extract statements: Parser Error: ...`).
 */
export function duckdbErrorType(message: string): string | undefined {
  return /(?:^|: )([A-Z][A-Za-z]*(?: [A-Za-z]+)*) Error:/.exec(message)?.[1];
}

/**
 * Classify an error DuckDB raised. DuckDB's messages start with the error's type, which is
 * the only stable signal the Node API gives (there is no error code).
 */
export function duckdbErrorCode(message: string): DatasourceErrorCode {
  const type = duckdbErrorType(message);
  if (type === 'Parser') return 'SYNTAX';
  if (type === 'INTERRUPT') return 'TIMEOUT';
  // enable_external_access = false: files, URLs, extension folders and extensions.
  if (type === 'Permission') return 'READ_ONLY_VIOLATION';
  if (/attached in read-only mode|the configuration has been locked|read-only mode/.test(message))
    return 'READ_ONLY_VIOLATION';
  if (type === 'Out of Memory') return 'RESULT_TOO_LARGE';
  if (type === 'Connection') return 'CONNECTION';
  return 'EXECUTION';
}

/** Wrap a DuckDB error as a DatasourceError that keeps DuckDB's message verbatim. */
export function duckdbError(error: unknown, where: string, sql?: string): DatasourceError {
  if (error instanceof DatasourceError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const type = duckdbErrorType(message);
  return new DatasourceError(duckdbErrorCode(message), `${where}: ${message}`, {
    databaseMessage: message,
    ...(type !== undefined ? { databaseCode: type } : {}),
    ...(sql !== undefined ? { sql } : {}),
    cause: error,
  });
}
