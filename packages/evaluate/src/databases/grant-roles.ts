// `grantRoles()`: `nl2sql db grants` as a function. The SQL that gives each policy role its
// own read-only login (PostgreSQL, or MySQL/MariaDB), printed for a DBA to review, or with
// `apply` run as the administrator that URL names. Printed SQL carries login names only: a
// password belongs in the database, not a terminal or a file a reviewer reads; `apply` sets
// the project's passwords.

import { DatasourceError } from '@nl2sql/datasource';
import type { GrantsPolicy, RoleLogin } from '@nl2sql/datasource-postgres';
import { checkOptions } from '../check-options.js';
import { GRANT_ROLES_OPTIONS, type GrantRolesOptions } from '../commands/command-options.js';
import { withoutPasswords } from '../datasources/open-postgres.js';
import { configError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { decoded, setupFrom } from './grants-setup.js';

export interface GrantRolesResult {
  exitCode: ExitCode;
  /** The grants as printed: login names only, never a password (even when applied). */
  sql: string;
  /** True when `apply` ran them. */
  applied: boolean;
  /** The database the logins may read. */
  database: string;
  /** The policy roles granted. */
  roles: string[];
}

/** One engine's grants: how the SQL is made and run, and which of its errors are the user's. */
interface GrantsEngine {
  protocol: RegExp;
  wrongUrl: string;
  sql(
    policy: GrantsPolicy,
    options: { database: string; roles: Record<string, RoleLogin> },
  ): string;
  apply(url: string, sql: string): Promise<void>;
  isPolicyError(error: unknown): boolean;
  isApplyError(error: unknown): boolean;
}

// Each adapter is imported only when its engine is asked for.
async function grantsEngine(engine: 'postgres' | 'mysql'): Promise<GrantsEngine> {
  if (engine === 'mysql') {
    const m = await import('@nl2sql/datasource-mysql');
    return {
      protocol: /^(mysql|mariadb):/i,
      wrongUrl: '--apply must be a mysql:// URL for --engine mysql',
      sql: m.mysqlGrantsSql,
      apply: m.applyMysqlGrants,
      isPolicyError: (e) => e instanceof m.MysqlGrantsPolicyError,
      isApplyError: (e) => e instanceof DatasourceError || e instanceof RangeError,
    };
  }
  const p = await import('@nl2sql/datasource-postgres');
  return {
    protocol: /^postgres(ql)?:/i,
    wrongUrl:
      '--apply must be a postgres:// URL for --engine postgres (use --engine mysql for mysql://)',
    sql: p.grantsSql,
    apply: p.applyGrants,
    isPolicyError: (e) => e instanceof p.GrantsPolicyError,
    isApplyError: (e) => e instanceof DatasourceError,
  };
}

/** The database of an admin URL's path, if it names one. */
function urlDatabase(url: string): string | undefined {
  try {
    return decoded(new URL(url).pathname.replace(/^\//, '')) || undefined;
  } catch {
    throw configError('--apply: the value given does not parse as a URL');
  }
}

/** Prints the grants of `options.policy` (default: Chinook's) on `io.out`, or applies them. */
export async function grantRoles(
  options: GrantRolesOptions,
  io: Io = processIo(),
): Promise<GrantRolesResult> {
  checkOptions(GRANT_ROLES_OPTIONS, options, 'grantRoles');
  const engine = options.engine ?? 'postgres';
  const grants = await grantsEngine(engine);
  const applyUrl = options.apply;
  if (applyUrl !== undefined && !grants.protocol.test(applyUrl)) throw configError(grants.wrongUrl);
  const setup = await setupFrom(options, io.cwd, io.env, engine);
  const database =
    options.database ??
    setup.database ??
    (applyUrl ? urlDatabase(applyUrl) : undefined) ??
    'chinook';
  const printedLogins = Object.fromEntries(
    Object.entries(setup.logins).map(([role, { login }]) => [role, { login }]),
  );
  const sqlFor = (roles: Record<string, RoleLogin>) => {
    try {
      return grants.sql(setup.policy, { database, roles });
    } catch (error) {
      if (grants.isPolicyError(error))
        throw configError(`${setup.source}: ${(error as Error).message}`);
      throw error;
    }
  };
  const sql = sqlFor(printedLogins);
  const roles = Object.keys(setup.policy.roles);
  if (applyUrl === undefined) {
    io.out(sql);
    return { exitCode: EXIT.ok, sql, applied: false, database, roles };
  }
  try {
    await grants.apply(applyUrl, sqlFor(setup.logins));
  } catch (error) {
    if (grants.isApplyError(error))
      throw configError(`--apply ${withoutPasswords((error as Error).message, [applyUrl])}`);
    throw error;
  }
  io.err(
    `nl2sql: granted ${roles.length} role(s) (${roles.join(', ')}) on database ${database} as the --apply login`,
  );
  return { exitCode: EXIT.ok, sql, applied: true, database, roles };
}
