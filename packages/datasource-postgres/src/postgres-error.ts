import { DatasourceError, type DatasourceErrorCode } from '@nl2sql/datasource';

/**
 * What a refused role is told: the same words whatever it asked for, so the answer does not
 * confirm that a table or column exists.
 */
export const PERMISSION_DENIED_MESSAGE =
  'permission denied: the role may not read the data this query needs';

/** True when the database refused the query for the role's lack of privileges. */
export function isPermissionDenied(error: unknown): error is DatasourceError {
  return error instanceof DatasourceError && error.code === 'PERMISSION_DENIED';
}

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

/** One line: PostgreSQL messages and socket errors can hold line breaks. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
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
  if (kind === 'PERMISSION_DENIED') {
    return new DatasourceError(kind, `${where}: ${PERMISSION_DENIED_MESSAGE}`, {
      databaseCode: code,
      sql,
    });
  }
  const text = oneLine(message) || 'unknown error';
  return new DatasourceError(kind, `${where}: ${text}`, {
    databaseMessage: text,
    databaseCode: code,
    sql,
    cause: error,
  });
}
