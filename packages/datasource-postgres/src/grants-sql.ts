// The SQL that gives every access-policy role its own read-only PostgreSQL login with SELECT
// on exactly its tables (or columns), and nothing else. Pure: it prints, applyGrants runs it.

import { rowCountRevokes } from './row-count-revokes.js';

/** The access policy, as the project writes it: role -> tables, and optionally columns per table. */
export interface GrantsPolicy {
  readonly roles: Readonly<
    Record<
      string,
      {
        readonly tables: readonly string[];
        /** Table -> the only columns the role may read (the other tables: every column). */
        readonly columns?: Readonly<Record<string, readonly string[]>>;
      }
    >
  >;
}

/** The database login of one policy role. */
export interface RoleLogin {
  /** Login name (default `<database>_<role>`). */
  login: string;
  /**
   * Password to set, in clear or as a SCRAM-SHA-256 verifier (`SCRAM-SHA-256$...`, which the
   * server stores as is). Absent: an existing login keeps its password and the SQL says how
   * to set one.
   */
  password?: string;
}

/** Session settings pinned on every login with ALTER ROLE ... SET. */
export interface RoleSettings {
  statement_timeout: string;
  idle_in_transaction_session_timeout: string;
  lock_timeout: string;
  temp_file_limit: string;
  work_mem: string;
}

export const DEFAULT_ROLE_SETTINGS: Readonly<RoleSettings> = {
  statement_timeout: '30s',
  idle_in_transaction_session_timeout: '10s',
  lock_timeout: '1s',
  temp_file_limit: '256MB',
  work_mem: '16MB',
};

export interface GrantsOptions {
  /** The database the logins may connect to. */
  database: string;
  /** The schema holding the policy's tables (default `public`). */
  schema?: string;
  /** Policy role -> its login (or just the login name). Roles not listed get `<database>_<role>`. */
  roles?: Readonly<Record<string, RoleLogin | string>>;
  /** Overrides of DEFAULT_ROLE_SETTINGS. */
  settings?: Partial<RoleSettings>;
  /** Connections each login may hold at once (default 16). */
  connectionLimit?: number;
}

/** The policy or options cannot be turned into grants; `path` says where. */
export class GrantsPolicyError extends Error {
  override readonly name = 'GrantsPolicyError';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

/**
 * Server functions revoked from PUBLIC in this database. `set_config` is how a SELECT could
 * change its own session's settings (statement_timeout, default_transaction_read_only); the
 * large-object functions write to pg_largeobject or the server's files. Read-only
 * transactions refuse the writes already; the revoke makes them a permission error too.
 */
export const REVOKED_FUNCTIONS: readonly string[] = [
  'pg_catalog.set_config(text, text, boolean)',
  'pg_catalog.lo_import(text)',
  'pg_catalog.lo_import(text, oid)',
  'pg_catalog.lo_export(oid, text)',
  'pg_catalog.lo_create(oid)',
  'pg_catalog.lo_creat(integer)',
  'pg_catalog.lo_from_bytea(oid, bytea)',
  'pg_catalog.lo_put(oid, bigint, bytea)',
  'pg_catalog.lo_unlink(oid)',
  'pg_catalog.lowrite(integer, bytea)',
  'pg_catalog.lo_truncate(integer, integer)',
  'pg_catalog.lo_truncate64(integer, bigint)',
];

/** PostgreSQL truncates longer names silently, which could make two names one. */
const MAX_NAME_BYTES = 63;

/** A name as a double-quoted identifier. */
export function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A string literal (standard_conforming_strings: backslashes are plain characters). */
export function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function checkName(name: unknown, path: string): string {
  if (typeof name !== 'string' || name.length === 0)
    throw new GrantsPolicyError(path, 'must be a non-empty string');
  if (name.includes('\u0000')) throw new GrantsPolicyError(path, 'must not contain NUL');
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES)
    throw new GrantsPolicyError(path, `is longer than ${MAX_NAME_BYTES} bytes: ${name}`);
  return name;
}

// A setting's value: a number with an optional unit (timeouts, sizes). Anything else is
// refused rather than quoted, so the printed SQL never carries a surprise.
const SETTING_VALUE = /^\d+(\.\d+)?\s*(us|ms|s|min|h|d|B|kB|MB|GB|TB)?$/;

interface PlannedRole {
  role: string;
  login: string;
  password: string | undefined;
  tables: string[];
  columns: Map<string, string[]>;
}

function planRoles(policy: GrantsPolicy, options: GrantsOptions): PlannedRole[] {
  if (typeof policy !== 'object' || policy === null || typeof policy.roles !== 'object') {
    throw new GrantsPolicyError('policy', 'must have roles');
  }
  const logins = new Map<string, string>();
  return Object.entries(policy.roles).map(([role, scope]) => {
    const path = `policy.roles.${role}`;
    checkName(role, path);
    if (!scope || !Array.isArray(scope.tables))
      throw new GrantsPolicyError(`${path}.tables`, 'must be a list of table names');
    const tables = [
      ...new Set(scope.tables.map((t, i) => checkName(t, `${path}.tables[${i}]`))),
    ].sort();
    const columns = new Map<string, string[]>();
    for (const [table, names] of Object.entries(scope.columns ?? {})) {
      const at = `${path}.columns.${table}`;
      if (!tables.includes(table))
        throw new GrantsPolicyError(
          at,
          `names columns of ${table}, which is not in the role's tables`,
        );
      if (!Array.isArray(names) || names.length === 0)
        throw new GrantsPolicyError(at, 'must be a non-empty list of column names');
      columns.set(table, [...new Set(names.map((c, i) => checkName(c, `${at}[${i}]`)))].sort());
    }
    const given = options.roles?.[role];
    const login = checkName(
      typeof given === 'string' ? given : (given?.login ?? `${options.database}_${role}`),
      `roles.${role}.login`,
    );
    const other = logins.get(login);
    if (other !== undefined)
      throw new GrantsPolicyError(
        `roles.${role}.login`,
        `${login} is already the login of role ${other}`,
      );
    logins.set(login, role);
    const password = typeof given === 'object' ? given.password : undefined;
    if (password !== undefined && (typeof password !== 'string' || password.length === 0))
      throw new GrantsPolicyError(`roles.${role}.password`, 'must be a non-empty string');
    return { role, login, password, tables, columns };
  });
}

function settingsOf(options: GrantsOptions): [string, string][] {
  const merged: RoleSettings = { ...DEFAULT_ROLE_SETTINGS, ...options.settings };
  return Object.entries(merged).map(([name, value]) => {
    if (!(name in DEFAULT_ROLE_SETTINGS))
      throw new GrantsPolicyError(`settings.${name}`, 'is not a setting the grants pin');
    if (typeof value !== 'string' || !SETTING_VALUE.test(value.trim()))
      throw new GrantsPolicyError(
        `settings.${name}`,
        `must be a number with an optional unit (30s, 500ms, 64MB), got ${String(value)}`,
      );
    return [name, value.trim()];
  });
}

function roleBlock(
  plan: PlannedRole,
  db: string,
  schema: string,
  settings: [string, string][],
  limit: number,
): string[] {
  const login = quoteName(plan.login);
  const table = (name: string) => `${schema}.${quoteName(name)}`;
  const lines = [
    `-- Role ${plan.role}: login ${plan.login}`,
    'DO $grants$',
    'BEGIN',
    `  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = ${quoteLiteral(plan.login)}) THEN`,
    `    CREATE ROLE ${login} LOGIN;`,
    '  END IF;',
    'END',
    '$grants$;',
    `ALTER ROLE ${login} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS CONNECTION LIMIT ${limit};`,
  ];
  if (plan.password !== undefined)
    lines.push(`ALTER ROLE ${login} PASSWORD ${quoteLiteral(plan.password)};`);
  else
    lines.push(
      `-- No password given: the login keeps its own. Set one with: ALTER ROLE ${login} PASSWORD '...';`,
    );
  lines.push(`ALTER ROLE ${login} SET default_transaction_read_only = on;`);
  for (const [name, value] of settings)
    lines.push(`ALTER ROLE ${login} SET ${name} = ${quoteLiteral(value)};`);
  lines.push(`ALTER ROLE ${login} SET search_path = ${schema};`);
  lines.push(
    '-- No memberships: not in pg_read_server_files, pg_read_all_data, pg_signal_backend or any other role.',
    'DO $grants$',
    'DECLARE membership record;',
    'BEGIN',
    '  FOR membership IN',
    '    SELECT r.rolname AS granted, g.rolname AS grantor',
    '    FROM pg_catalog.pg_auth_members m',
    '    JOIN pg_catalog.pg_roles r ON r.oid = m.roleid',
    '    JOIN pg_catalog.pg_roles u ON u.oid = m.member',
    '    JOIN pg_catalog.pg_roles g ON g.oid = m.grantor',
    `    WHERE u.rolname = ${quoteLiteral(plan.login)}`,
    '  LOOP',
    `    EXECUTE format('REVOKE %I FROM %I GRANTED BY %I', membership.granted, ${quoteLiteral(plan.login)}, membership.grantor);`,
    '  END LOOP;',
    'END',
    '$grants$;',
    '-- Start from nothing in this database (a table-level revoke clears column grants too) ...',
    `REVOKE ALL ON DATABASE ${db} FROM ${login};`,
    `REVOKE ALL ON SCHEMA ${schema} FROM ${login};`,
    `REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM ${login};`,
    `REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${schema} FROM ${login};`,
    `REVOKE ALL ON ALL FUNCTIONS IN SCHEMA ${schema} FROM ${login};`,
    '-- ... then grant exactly the policy.',
    `GRANT CONNECT ON DATABASE ${db} TO ${login};`,
    `GRANT USAGE ON SCHEMA ${schema} TO ${login};`,
  );
  const whole = plan.tables.filter((t) => !plan.columns.has(t));
  if (whole.length > 0)
    lines.push(`GRANT SELECT ON TABLE ${whole.map(table).join(', ')} TO ${login};`);
  for (const [name, columns] of plan.columns) {
    lines.push(
      `GRANT SELECT (${columns.map(quoteName).join(', ')}) ON TABLE ${table(name)} TO ${login};`,
    );
  }
  if (plan.tables.length === 0) lines.push(`-- Role ${plan.role} may read no table.`);
  return lines;
}

/**
 * The SQL that creates one login per policy role and grants it SELECT on exactly its tables
 * (only the named columns where the policy lists columns), with nothing for PUBLIC, no
 * memberships, and session settings pinned with ALTER ROLE ... SET. One transaction; safe
 * to run again (it resets each login's privileges in this database to the policy). Run it as
 * a superuser: temp_file_limit and the function revokes need one.
 */
export function grantsSql(policy: GrantsPolicy, options: GrantsOptions): string {
  const database = checkName(options.database, 'database');
  const schemaName = checkName(options.schema ?? 'public', 'schema');
  const limit = options.connectionLimit ?? 16;
  if (!Number.isInteger(limit) || limit < 1)
    throw new GrantsPolicyError('connectionLimit', `must be a positive integer, got ${limit}`);
  const plans = planRoles(policy, { ...options, database });
  const settings = settingsOf(options);
  const db = quoteName(database);
  const schema = quoteName(schemaName);
  const lines = [
    `-- nl2sql-evals: read-only logins for ${plans.length} access-policy role(s) on database ${database}, schema ${schemaName}.`,
    '-- Review, then run as a superuser. Safe to run again: it creates what is missing and',
    "-- resets each login's privileges in this database to the policy.",
    'BEGIN;',
    '',
    '-- The schema-wide statements below act on the database this runs in: it must be this one.',
    'DO $grants$',
    'BEGIN',
    `  IF current_database() <> ${quoteLiteral(database)} THEN`,
    `    RAISE EXCEPTION 'these grants are for database %, not %', ${quoteLiteral(database)}, current_database();`,
    '  END IF;',
    'END',
    '$grants$;',
    '',
    '-- PUBLIC (every role) gets nothing here: no connect, no temporary tables, no use of the',
    '-- schema, no table or function in it, and not the functions that change session settings',
    '-- or write files.',
    `REVOKE ALL ON DATABASE ${db} FROM PUBLIC;`,
    `REVOKE ALL ON SCHEMA ${schema} FROM PUBLIC;`,
    `REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM PUBLIC;`,
    `REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${schema} FROM PUBLIC;`,
    `REVOKE ALL ON ALL FUNCTIONS IN SCHEMA ${schema} FROM PUBLIC;`,
    ...REVOKED_FUNCTIONS.map((fn) => `REVOKE EXECUTE ON FUNCTION ${fn} FROM PUBLIC;`),
    '',
    ...rowCountRevokes(),
  ];
  for (const plan of plans) lines.push('', ...roleBlock(plan, db, schema, settings, limit));
  lines.push('', 'COMMIT;', '');
  return lines.join('\n');
}
