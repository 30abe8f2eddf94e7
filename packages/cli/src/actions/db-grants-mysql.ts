// `nl2sql db grants --engine mysql`: the MySQL/MariaDB grants of a policy, printed for a DBA or
// applied with --apply as the administrator the URL names.

import { DatasourceError } from '@nl2sql/datasource';
import { withoutPasswords } from '@nl2sql/evaluate';
import { configError } from '../cli-error.js';
import type { Flags } from '../command.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { Io } from '../io.js';
import { decoded, setupFrom } from './grants-setup.js';

export async function runDbGrantsMysql(flags: Flags, io: Io): Promise<ExitCode> {
  const applyUrl = typeof flags.apply === 'string' ? flags.apply : undefined;
  if (applyUrl && !/^(mysql|mariadb):/i.test(applyUrl)) {
    throw configError('--apply must be a mysql:// URL for --engine mysql');
  }
  const setup = await setupFrom(flags, io.cwd, io.env, 'mysql');
  const urlDatabase = applyUrl
    ? decoded(new URL(applyUrl).pathname.replace(/^\//, '')) || undefined
    : undefined;
  const database =
    (typeof flags.database === 'string' ? flags.database : undefined) ??
    setup.database ??
    urlDatabase ??
    'chinook';
  const { applyMysqlGrants, MysqlGrantsPolicyError, mysqlGrantsSql } = await import(
    '@nl2sql/datasource-mysql'
  );
  // Printed SQL carries login names only; --apply sets the project's passwords.
  const printedLogins = Object.fromEntries(
    Object.entries(setup.logins).map(([role, { login }]) => [role, { login }]),
  );
  let sql: string;
  try {
    sql = mysqlGrantsSql(setup.policy, {
      database,
      roles: applyUrl ? setup.logins : printedLogins,
    });
  } catch (error) {
    if (error instanceof MysqlGrantsPolicyError)
      throw configError(`${setup.source}: ${error.message}`);
    throw error;
  }
  if (!applyUrl) {
    io.out(sql);
    return EXIT.ok;
  }
  try {
    await applyMysqlGrants(applyUrl, sql);
  } catch (error) {
    if (error instanceof DatasourceError || error instanceof RangeError) {
      throw configError(`--apply ${withoutPasswords(error.message, [applyUrl])}`);
    }
    throw error;
  }
  const roles = Object.keys(setup.policy.roles);
  io.err(
    `nl2sql: granted ${roles.length} role(s) (${roles.join(', ')}) on database ${database} as the --apply login`,
  );
  return EXIT.ok;
}
