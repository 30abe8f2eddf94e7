import { DatasourceError, type DatasourceErrorCode } from '@nl2sql/datasource';

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

// What SQLite says when a statement passes one of its size or shape limits (SQLITE_ERROR, or
// SQLITE_TOOBIG for the statement's length).
const TOO_COMPLEX_MESSAGE =
  /statement too long|Expression tree is too large|too many terms in compound SELECT|too many arguments on function|LIKE or GLOB pattern too complex|too many SQL variables|variable number must be between|too many columns|at most \d+ tables in a join|too many FROM clause terms|parser stack overflow|too many references to/;

/** Classify an error the sqlite3 driver raised. The database's message is kept verbatim. */
export function sqliteErrorCode(error: unknown): DatasourceErrorCode {
  const { code, message } = asDriverError(error);
  if (code === 'SQLITE_READONLY') return 'READ_ONLY_VIOLATION';
  // ATTACH and VACUUM INTO meet the attached-database limit of 0 before touching any file.
  if (/too many attached databases/.test(message)) return 'READ_ONLY_VIOLATION';
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_NOTADB' || code === 'SQLITE_MISUSE') {
    return 'CONNECTION';
  }
  if (TOO_COMPLEX_MESSAGE.test(message)) return 'QUERY_TOO_COMPLEX';
  // "string or blob too big": a value passed the connection's length limit.
  if (code === 'SQLITE_TOOBIG') return 'VALUE_TOO_LARGE';
  // The only way a statement runs out of memory under the adapter's limits is by building a
  // row of many large values: the heap limit stops it before the driver copies the row.
  if (code === 'SQLITE_NOMEM') return 'RESULT_TOO_LARGE';
  if (code === 'SQLITE_ERROR' && SYNTAX_MESSAGE.test(message)) return 'SYNTAX';
  return 'EXECUTION';
}

/** The limits a connection runs under, so an error can say which one was passed. */
export interface SqliteErrorLimits {
  maxValueBytes: number;
  heapBytes: number;
}

function explanation(code: DatasourceErrorCode, limits: SqliteErrorLimits | undefined): string {
  if (!limits) return '';
  if (code === 'VALUE_TOO_LARGE') {
    return `a string or blob would be longer than ${limits.maxValueBytes} bytes (maxValueBytes); `;
  }
  if (code === 'RESULT_TOO_LARGE') {
    return `the statement needed more than the ${limits.heapBytes} bytes of memory SQLite may use (raise maxValueBytes to raise it); `;
  }
  return '';
}

/** Wrap a driver error as a DatasourceError that says where it happened and which limit it hit. */
export function sqliteError(
  error: unknown,
  where: string,
  sql?: string,
  limits?: SqliteErrorLimits,
): DatasourceError {
  const { code, message } = asDriverError(error);
  const kind = sqliteErrorCode(error);
  return new DatasourceError(kind, `${where}: ${explanation(kind, limits)}${message}`, {
    databaseMessage: message,
    databaseCode: code,
    sql,
    cause: error,
  });
}
