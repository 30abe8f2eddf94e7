import { DatasourceError, type DatasourceErrorCode, serverError } from '@nl2sql/datasource';

interface DriverError {
  message: string;
  /** The server's error number (ER_*), absent for socket and driver errors. */
  errno: number | undefined;
  /** mysql2's name: `ER_PARSE_ERROR`, `PROTOCOL_CONNECTION_LOST`, `ECONNREFUSED` ... */
  code: string | undefined;
  /** The driver marks errors after which the connection is unusable. */
  fatal: boolean;
}

function asDriverError(error: unknown): DriverError {
  if (error instanceof Error) {
    const { errno, code, fatal, sqlMessage } = error as Error & {
      errno?: unknown;
      code?: unknown;
      fatal?: unknown;
      sqlMessage?: unknown;
    };
    return {
      message: typeof sqlMessage === 'string' ? sqlMessage : error.message,
      // Node's socket errors carry a negative errno: not a server error number.
      errno:
        typeof errno === 'number' && errno > 0 && typeof sqlMessage === 'string'
          ? errno
          : undefined,
      code: typeof code === 'string' ? code : undefined,
      fatal: fatal === true,
    };
  }
  return { message: String(error), errno: undefined, code: undefined, fatal: false };
}

// Server error numbers (MySQL 8 and MariaDB 10.11 agree on these).
const DENIED = new Set([
  1044, // ER_DBACCESS_DENIED_ERROR: no privilege on the database
  1142, // ER_TABLEACCESS_DENIED_ERROR
  1143, // ER_COLUMNACCESS_DENIED_ERROR
  1227, // ER_SPECIFIC_ACCESS_DENIED_ERROR (needs SUPER, PROCESS ...)
  1370, // ER_PROCACCESS_DENIED_ERROR: EXECUTE on a routine
]);
const CONNECTION = new Set([
  1040, // too many connections
  1045, // access denied for user (wrong password)
  1049, // unknown database
  1130, // host not allowed
  1203, // max_user_connections
  1226, // user resource exceeded
  1927, // MariaDB: connection was killed
  2002,
  2003,
  2006,
  2013,
]);
const SYNTAX = new Set([1064, 1149]);
const READ_ONLY = new Set([
  1792, // ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION
  1290, // the server runs with --read-only
  1568, // transaction characteristics cannot change inside a transaction
]);
const TIMEOUT = new Set([
  1317, // ER_QUERY_INTERRUPTED: KILL QUERY
  1969, // MariaDB ER_STATEMENT_TIMEOUT: max_statement_time
  3024, // MySQL ER_QUERY_TIMEOUT: max_execution_time
  1205, // lock wait timeout
]);
const TOO_LARGE = new Set([
  1153, // ER_NET_PACKET_TOO_LARGE: a value past max_allowed_packet
  1301, // ER_WARN_ALLOWED_PACKET_OVERFLOWED
]);

/**
 * Classify a MySQL, MariaDB or socket error. A killed or timed-out statement is a TIMEOUT
 * (the caller turns it into CANCELLED when the kill was for its signal); errors the driver
 * marks fatal and errors with no server number end the connection (CONNECTION).
 */
export function mysqlErrorCode(error: unknown): DatasourceErrorCode {
  const { errno, fatal } = asDriverError(error);
  if (errno === undefined || fatal) return 'CONNECTION';
  if (CONNECTION.has(errno)) return 'CONNECTION';
  if (DENIED.has(errno)) return 'PERMISSION_DENIED';
  if (SYNTAX.has(errno)) return 'SYNTAX';
  if (READ_ONLY.has(errno)) return 'READ_ONLY_VIOLATION';
  if (TIMEOUT.has(errno)) return 'TIMEOUT';
  if (TOO_LARGE.has(errno)) return 'VALUE_TOO_LARGE';
  return 'EXECUTION';
}

/**
 * Wrap a driver error as a DatasourceError that says where it happened (`where` names the
 * server and the login, never the password). A permission error keeps neither the server's
 * message nor its cause, both of which name the table or column refused.
 */
export function mysqlError(
  error: unknown,
  where: string,
  sql?: string,
  override?: DatasourceErrorCode,
): DatasourceError {
  if (error instanceof DatasourceError) return error;
  const { errno, code, message } = asDriverError(error);
  const kind = override ?? mysqlErrorCode(error);
  const databaseCode = errno === undefined ? code : `${errno}${code ? ` ${code}` : ''}`;
  return serverError(kind, where, { message, databaseCode, sql, cause: error });
}
