// The SQL that gives every access-policy role its own MySQL/MariaDB login with SELECT on
// exactly its tables (or columns), and nothing else. Pure: it prints, applyMysqlGrants runs it.

/** The access policy, as the project writes it: role -> tables, and optionally columns per table. */
export interface MysqlGrantsPolicy {
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
export interface MysqlRoleLogin {
  /** Login name (default `<database>_<role>`, lower case). */
  login: string;
  /** Password to set. Absent: an existing login keeps its own and the SQL says how to set one. */
  password?: string;
}

export interface MysqlGrantsOptions {
  /** The database holding the policy's tables. */
  database: string;
  /** Policy role -> its login (or just the login name). Roles not listed get `<database>_<role>`. */
  roles?: Readonly<Record<string, MysqlRoleLogin | string>>;
  /** The host part of every account (default `%`: any host; `127.0.0.1` for a local server). */
  host?: string;
  /** Connections each login may hold at once (default 16; the adapter needs its pool + 1 for KILL QUERY). */
  maxUserConnections?: number;
  /**
   * MariaDB only: a per-login `MAX_STATEMENT_TIME` in seconds (default 30), the server's own
   * bound whatever the client asks. MySQL has no per-account statement timeout.
   */
  maxStatementTimeS?: number;
  /** `mariadb` (default) or `mysql`: the two spell a few account statements differently. */
  flavor?: 'mariadb' | 'mysql';
}

/** The policy or options cannot be turned into grants; `path` says where. */
export class MysqlGrantsPolicyError extends Error {
  override readonly name = 'MysqlGrantsPolicyError';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

/** MySQL's limits: 64 characters for names, 32 for account names (MariaDB: 80). */
const MAX_NAME_CHARS = 64;
const MAX_LOGIN_CHARS = 32;

/** A name as a backtick-quoted identifier. */
export function quoteMysqlIdentifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/**
 * A string literal. Backslashes are refused where the literal is built (checkName, the
 * password check): they mean different things with and without NO_BACKSLASH_ESCAPES.
 */
export function quoteMysqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function checkName(name: unknown, path: string, max = MAX_NAME_CHARS): string {
  if (typeof name !== 'string' || name.length === 0)
    throw new MysqlGrantsPolicyError(path, 'must be a non-empty string');
  if (name.includes('\u0000')) throw new MysqlGrantsPolicyError(path, 'must not contain NUL');
  if (name.includes('\\'))
    throw new MysqlGrantsPolicyError(
      path,
      'must not contain a backslash (its meaning depends on sql_mode)',
    );
  if (name !== name.trimEnd())
    throw new MysqlGrantsPolicyError(path, 'must not end with a space (MySQL drops it)');
  if ([...name].length > max)
    throw new MysqlGrantsPolicyError(path, `is longer than ${max} characters: ${name}`);
  return name;
}

function positiveInteger(value: number, path: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new MysqlGrantsPolicyError(path, `must be a positive integer, got ${value}`);
  return value;
}

interface PlannedRole {
  role: string;
  login: string;
  password: string | undefined;
  tables: string[];
  columns: Map<string, string[]>;
}

function planRoles(policy: MysqlGrantsPolicy, options: MysqlGrantsOptions): PlannedRole[] {
  if (typeof policy !== 'object' || policy === null || typeof policy.roles !== 'object') {
    throw new MysqlGrantsPolicyError('policy', 'must have roles');
  }
  const logins = new Map<string, string>();
  return Object.entries(policy.roles).map(([role, scope]) => {
    const path = `policy.roles.${role}`;
    checkName(role, path);
    if (!scope || !Array.isArray(scope.tables))
      throw new MysqlGrantsPolicyError(`${path}.tables`, 'must be a list of table names');
    const tables = [
      ...new Set(scope.tables.map((t, i) => checkName(t, `${path}.tables[${i}]`))),
    ].sort();
    const columns = new Map<string, string[]>();
    for (const [table, names] of Object.entries(scope.columns ?? {})) {
      const at = `${path}.columns.${table}`;
      if (!tables.includes(table))
        throw new MysqlGrantsPolicyError(
          at,
          `names columns of ${table}, which is not in the role's tables`,
        );
      if (!Array.isArray(names) || names.length === 0)
        throw new MysqlGrantsPolicyError(at, 'must be a non-empty list of column names');
      columns.set(table, [...new Set(names.map((c, i) => checkName(c, `${at}[${i}]`)))].sort());
    }
    const given = options.roles?.[role];
    const login = checkName(
      typeof given === 'string'
        ? given
        : (given?.login ?? `${options.database}_${role}`.toLowerCase()),
      `roles.${role}.login`,
      MAX_LOGIN_CHARS,
    );
    const other = logins.get(login);
    if (other !== undefined)
      throw new MysqlGrantsPolicyError(
        `roles.${role}.login`,
        `${login} is already the login of role ${other}`,
      );
    logins.set(login, role);
    const password = typeof given === 'object' ? given.password : undefined;
    if (password !== undefined && (typeof password !== 'string' || password.length === 0))
      throw new MysqlGrantsPolicyError(`roles.${role}.password`, 'must be a non-empty string');
    if (password?.includes('\\'))
      throw new MysqlGrantsPolicyError(
        `roles.${role}.password`,
        'must not contain a backslash (its meaning depends on sql_mode)',
      );
    return { role, login, password, tables, columns };
  });
}

/**
 * The SQL that creates one login per policy role and grants it SELECT on exactly its tables
 * of `database` (only the named columns where the policy lists columns), with every other
 * privilege and any default role taken away first, a connection limit and (MariaDB) a
 * per-login statement timeout. One statement per line; safe to run again (it resets each
 * login's privileges to the policy, so a narrower policy takes privileges away). Account
 * statements are not transactional in MySQL: applyMysqlGrants stops at the first failure.
 */
export function mysqlGrantsSql(policy: MysqlGrantsPolicy, options: MysqlGrantsOptions): string {
  const database = checkName(options.database, 'database');
  const host = checkName(options.host ?? '%', 'host', 255);
  const flavor = options.flavor ?? 'mariadb';
  if (flavor !== 'mariadb' && flavor !== 'mysql')
    throw new MysqlGrantsPolicyError('flavor', `must be mariadb or mysql, got ${String(flavor)}`);
  const connections = positiveInteger(options.maxUserConnections ?? 16, 'maxUserConnections');
  const statementTime = positiveInteger(options.maxStatementTimeS ?? 30, 'maxStatementTimeS');
  const plans = planRoles(policy, { ...options, database });
  const db = quoteMysqlIdentifier(database);
  const lines = [
    `-- nl2sql-evals: read-only logins for ${plans.length} access-policy role(s) on database ${database} (${flavor}).`,
    '-- Review, then run as an administrator. Safe to run again: it creates what is missing and',
    "-- resets each login's privileges to the policy. Every query the adapter sends also runs in",
    '-- a read-only transaction; these grants are what makes a role unable to read the rest.',
  ];
  for (const plan of plans) {
    const account = `${quoteMysqlString(plan.login)}@${quoteMysqlString(host)}`;
    const limits =
      flavor === 'mariadb'
        ? `MAX_USER_CONNECTIONS ${connections} MAX_STATEMENT_TIME ${statementTime}`
        : `MAX_USER_CONNECTIONS ${connections}`;
    lines.push('', `-- Role ${plan.role}: login ${plan.login}`);
    lines.push(`CREATE USER IF NOT EXISTS ${account};`);
    if (plan.password !== undefined)
      lines.push(`ALTER USER ${account} IDENTIFIED BY ${quoteMysqlString(plan.password)};`);
    else
      lines.push(
        `-- No password given: the login keeps its own. Set one with: ALTER USER ${account} IDENTIFIED BY '...';`,
      );
    lines.push(`ALTER USER ${account} WITH ${limits};`);
    lines.push(
      '-- Start from nothing: no global, database, table, column or routine privilege, no grant option ...',
      `REVOKE ALL PRIVILEGES, GRANT OPTION FROM ${account};`,
      flavor === 'mariadb'
        ? `SET DEFAULT ROLE NONE FOR ${account};`
        : `SET DEFAULT ROLE NONE TO ${account};`,
      '-- ... then grant exactly the policy.',
    );
    const whole = plan.tables.filter((t) => !plan.columns.has(t));
    for (const table of whole)
      lines.push(`GRANT SELECT ON ${db}.${quoteMysqlIdentifier(table)} TO ${account};`);
    for (const [table, columns] of plan.columns) {
      lines.push(
        `GRANT SELECT (${columns.map(quoteMysqlIdentifier).join(', ')}) ON ${db}.${quoteMysqlIdentifier(table)} TO ${account};`,
      );
    }
    if (plan.tables.length === 0) {
      lines.push(`-- Role ${plan.role} may read no table; it may still log in and read nothing.`);
    }
  }
  lines.push('');
  return lines.join('\n');
}
