import { DatasourceError, type DatasourceErrorCode, serverError } from '@nl2sql/datasource';

interface DriverError {
  message: string;
  /** SQLSTATE for server errors, errno names (ECONNREFUSED ...) for socket errors. */
  code: string | undefined;
  severity: string | undefined;
}

function asDriverError(error: unknown): DriverError {
  if (error instanceof Error) {
    const { code, severity } = error as Error & { code?: unknown; severity?: unknown };
    return {
      message: error.message,
      code: typeof code === 'string' ? code : undefined,
      severity: typeof severity === 'string' ? severity : undefined,
    };
  }
  return { message: String(error), code: undefined, severity: undefined };
}

/** True for a SQLSTATE (five characters of digits and capitals), not an errno name. */
function isSqlState(code: string | undefined): code is string {
  return code !== undefined && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * Classify a PostgreSQL or socket error. A query the server cancelled (57014) is a TIMEOUT
 * unless the caller says the cancel was theirs; FATAL errors and lost sockets end the
 * connection (CONNECTION).
 */
export function postgresErrorCode(error: unknown): DatasourceErrorCode {
  const { code, severity } = asDriverError(error);
  if (!isSqlState(code)) {
    // No SQLSTATE: the socket (ECONNREFUSED, ECONNRESET, ENOTFOUND, a TLS failure), pg's own
    // "Connection terminated unexpectedly", or a pool timeout. None of them is the query's fault.
    return 'CONNECTION';
  }
  if (severity === 'FATAL' || severity === 'PANIC') return 'CONNECTION';
  if (code === '42501') return 'PERMISSION_DENIED';
  if (code === '42601') return 'SYNTAX';
  if (code === '25006') return 'READ_ONLY_VIOLATION';
  if (code === '57014' || code === '55P03') return 'TIMEOUT';
  // Connection exceptions (08), invalid authorization (28), unknown database (3D), operator
  // intervention (57P01 admin shutdown, 57P02 crash, 57P03 cannot connect now).
  if (/^(08|28|3D|57P)/.test(code)) return 'CONNECTION';
  if (code === '53300') return 'CONNECTION'; // too many connections
  return 'EXECUTION';
}

/**
 * Wrap a driver error as a DatasourceError that says where it happened (`where` names the
 * server and the login, never the password). A permission error keeps neither the server's
 * message nor its cause, both of which name the table or column refused.
 */
export function postgresError(
  error: unknown,
  where: string,
  sql?: string,
  override?: DatasourceErrorCode,
): DatasourceError {
  if (error instanceof DatasourceError) return error;
  const { code, message } = asDriverError(error);
  const kind = override ?? postgresErrorCode(error);
  return serverError(kind, where, { message, databaseCode: code, sql, cause: error });
}
