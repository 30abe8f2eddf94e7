// The limits every query's transaction sets for itself (SET LOCAL), whatever the login's own
// settings are: a team's plain read-only login has no statement timeout or memory cap of its
// own, and a setting a query changes for the session dies with the transaction's rollback.

/** What a login's sessions start with, read once per login from a fresh connection. */
export interface LoginSettings {
  /** statement_timeout in ms; 0 means none. */
  statementTimeoutMs: number;
  /** work_mem in kB. */
  workMemKb: number;
  /** temp_file_limit in kB; -1 means none. */
  tempFileLimitKb: number;
  /** Whether the login may change temp_file_limit (a superuser, or GRANT SET ON PARAMETER). */
  canSetTempFileLimit: boolean;
}

/** The adapter's own caps, in kB (parsed from options such as `16MB`). */
export interface MemoryCaps {
  workMemKb: number;
  tempFileLimitKb: number;
}

const UNIT_KB: Readonly<Record<string, number>> = { kB: 1, MB: 1024, GB: 1024 ** 2, TB: 1024 ** 3 };

/** Largest value PostgreSQL takes for an integer setting (ms or kB). */
const MAX_SETTING = 2 ** 31 - 1;

/** `16MB`, `512kB`, `1GB` as kB; anything else is a RangeError naming the option. */
export function memoryKb(value: string, option: string): number {
  const match = /^(\d+)\s*(kB|MB|GB|TB)$/.exec(value.trim());
  const kb = match ? Number(match[1]) * UNIT_KB[match[2]!]! : Number.NaN;
  if (!(kb >= 64 && kb <= MAX_SETTING)) {
    throw new RangeError(
      `${option} must be a size from 64kB to 2TB with a unit (kB, MB, GB, TB), such as 16MB; got ${value}`,
    );
  }
  return kb;
}

/** The lower of two limits where `none` (0 or -1) means no limit at all. */
function lower(a: number, b: number, none: number): number {
  if (a === none) return b;
  if (b === none) return a;
  return Math.min(a, b);
}

/**
 * The statements that open a query's transaction: read-only, and each limit at the lower of
 * the adapter's and the login's own, so the adapter never raises what a team has set.
 * temp_file_limit is set only where the login may set it; elsewhere the login's own holds
 * (and a query cannot raise it either: it takes the same privilege).
 */
export function transactionPrologue(
  login: LoginSettings,
  caps: MemoryCaps,
  timeoutMs: number,
): string[] {
  const timeout = Math.min(Math.max(1, Math.ceil(timeoutMs)), MAX_SETTING);
  const statements = [
    'BEGIN READ ONLY',
    `SET LOCAL statement_timeout = ${lower(login.statementTimeoutMs, timeout, 0)}`,
    `SET LOCAL work_mem = ${Math.min(login.workMemKb, caps.workMemKb)}`,
  ];
  if (login.canSetTempFileLimit) {
    statements.push(
      `SET LOCAL temp_file_limit = ${lower(login.tempFileLimitKb, caps.tempFileLimitKb, -1)}`,
    );
  }
  return statements;
}

/**
 * What runs after the query, in the same round trip: the rollback undoes everything the
 * transaction did, session-level settings included (`set_config(..., false)` is undone by it),
 * and the unlock releases session-level advisory locks, the one lock a rollback keeps.
 */
export const TRANSACTION_EPILOGUE: readonly string[] = [
  'ROLLBACK',
  'SELECT pg_catalog.pg_advisory_unlock_all()',
];

/** After an error the server skipped the epilogue: the same two, as one simple query. */
export const SESSION_RESET = 'ROLLBACK; SELECT pg_catalog.pg_advisory_unlock_all()';

/** The query that reads a login's session settings (run on a connection no query has used). */
export const LOGIN_SETTINGS_SQL = `SELECT
  (SELECT setting::bigint FROM pg_catalog.pg_settings WHERE name = 'statement_timeout') AS statement_timeout,
  (SELECT setting::bigint FROM pg_catalog.pg_settings WHERE name = 'work_mem') AS work_mem,
  (SELECT setting::bigint FROM pg_catalog.pg_settings WHERE name = 'temp_file_limit') AS temp_file_limit,
  current_setting('is_superuser') = 'on' AS superuser,
  current_setting('server_version_num')::int AS version`;

/** PostgreSQL 15 added GRANT SET ON PARAMETER, and has_parameter_privilege to read it. */
export const CAN_SET_TEMP_FILE_LIMIT_SQL =
  "SELECT pg_catalog.has_parameter_privilege('temp_file_limit', 'SET') AS can_set";

export interface LoginSettingsRow {
  statement_timeout: string | number;
  work_mem: string | number;
  temp_file_limit: string | number;
  superuser: boolean;
  version: number;
}

/** Read a login's settings with `query` (simple protocol, on a fresh connection). */
export async function readLoginSettings(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
): Promise<LoginSettings> {
  const [row] = (await query(LOGIN_SETTINGS_SQL)) as unknown as LoginSettingsRow[];
  if (!row) throw new Error('the server returned no settings');
  let canSetTempFileLimit = row.superuser;
  if (!canSetTempFileLimit && row.version >= 150000) {
    const [grant] = await query(CAN_SET_TEMP_FILE_LIMIT_SQL);
    canSetTempFileLimit = grant?.can_set === true;
  }
  return {
    statementTimeoutMs: Number(row.statement_timeout),
    workMemKb: Number(row.work_mem),
    tempFileLimitKb: Number(row.temp_file_limit),
    canSetTempFileLimit,
  };
}
