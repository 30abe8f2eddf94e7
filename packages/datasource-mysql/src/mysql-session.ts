import type mysql from 'mysql2';

/** MySQL and MariaDB name the statement timeout differently (and count it in ms or s). */
export type MysqlFlavor = 'mariadb' | 'mysql';

/** What the adapter set on one connection, so a query only pays for what changed. */
export interface SessionState {
  flavor: MysqlFlavor;
  /** The `SET SESSION` of limits last applied, or '' before the first query. */
  limits: string;
}

/** Run one statement on a callback-API connection. */
export function statement(
  connection: mysql.PoolConnection | mysql.Connection,
  sql: string,
  values?: unknown[],
): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    connection.query({ sql, values, rowsAsArray: true }, (error, rows) =>
      error ? reject(error) : resolve(rows as unknown[]),
    );
  });
}

/** sql_mode flags that change how the adapter's gate must read quotes and backslashes. */
const QUOTING_MODES = new Set(['ANSI_QUOTES', 'NO_BACKSLASH_ESCAPES', 'ANSI']);

/**
 * Prepare a new connection: find the flavour, clear the sql_mode flags the gate's scanner does
 * not read (ANSI_QUOTES, NO_BACKSLASH_ESCAPES), and make every transaction of the session
 * read-only by default (`SET SESSION TRANSACTION READ ONLY`), a second wall behind the
 * read-only transaction each query runs in. No SELECT can change a system variable back. It
 * ends inside `START TRANSACTION READ ONLY`: the transaction the first query will run in.
 */
export async function prepareSession(
  connection: mysql.PoolConnection | mysql.Connection,
): Promise<SessionState> {
  const [row] = (await statement(connection, 'SELECT VERSION(), @@SESSION.sql_mode')) as [
    [string, string],
  ];
  const flavor: MysqlFlavor = /mariadb/i.test(row[0]) ? 'mariadb' : 'mysql';
  const modes = row[1]
    .split(',')
    .filter((mode) => mode !== '' && !QUOTING_MODES.has(mode.toUpperCase()));
  await statement(connection, 'SET SESSION sql_mode = ?', [modes.join(',')]);
  await statement(connection, 'SET SESSION TRANSACTION READ ONLY');
  await statement(connection, 'START TRANSACTION READ ONLY');
  return { flavor, limits: '' };
}

/**
 * The `SET SESSION` that gives the next statements a server-side timeout (MariaDB
 * `max_statement_time` in seconds, MySQL `max_execution_time` in ms) and a row limit
 * (`sql_select_limit`: the server stops a top-level SELECT without its own LIMIT after
 * `maxRows + 1` rows, the extra row telling the result was truncated).
 */
export function limitsStatement(flavor: MysqlFlavor, timeoutMs: number, maxRows: number): string {
  const rows =
    Number.isFinite(maxRows) && maxRows + 1 < Number.MAX_SAFE_INTEGER
      ? String(maxRows + 1)
      : 'DEFAULT';
  const ms = Math.max(1, Math.ceil(timeoutMs));
  const timeout =
    flavor === 'mariadb' ? `max_statement_time = ${ms / 1000}` : `max_execution_time = ${ms}`;
  return `SET SESSION ${timeout}, sql_select_limit = ${rows}`;
}
