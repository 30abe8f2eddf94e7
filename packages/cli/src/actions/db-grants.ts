import { DatasourceError } from '@nl2sql/datasource';
import { withoutPasswords } from '@nl2sql/evaluate';
import { configError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { decoded, type GrantsSetup, setupFrom } from './grants-setup.js';

/** `nl2sql db grants`; options are described in commands/db-grants.ts. */
export const runDbGrants: CommandRun = async (args, io) => {
  const { flags } = args;
  if (flags.engine === 'mysql') {
    const { runDbGrantsMysql } = await import('./db-grants-mysql.js');
    return runDbGrantsMysql(flags, io);
  }
  if (typeof flags.apply === 'string' && !/^postgres(ql)?:/i.test(flags.apply)) {
    throw configError(
      '--apply must be a postgres:// URL for --engine postgres (use --engine mysql for mysql://)',
    );
  }
  const setup: GrantsSetup = await setupFrom(flags, io.cwd, io.env);
  const applyUrl = typeof flags.apply === 'string' ? flags.apply : undefined;
  const urlDatabase = applyUrl
    ? decoded(new URL(applyUrl).pathname.replace(/^\//, '')) || undefined
    : undefined;
  const database =
    (typeof flags.database === 'string' ? flags.database : undefined) ??
    setup.database ??
    urlDatabase ??
    'chinook';
  const { applyGrants, GrantsPolicyError, grantsSql } = await import('@nl2sql/datasource-postgres');
  // Printed SQL carries login names only: a password belongs in the database, not a terminal
  // or a file a reviewer reads. --apply sets the project's passwords.
  const printedLogins = Object.fromEntries(
    Object.entries(setup.logins).map(([role, { login }]) => [role, { login }]),
  );
  let sql: string;
  try {
    sql = grantsSql(setup.policy, {
      database,
      roles: applyUrl ? setup.logins : printedLogins,
    });
  } catch (error) {
    if (error instanceof GrantsPolicyError) throw configError(`${setup.source}: ${error.message}`);
    throw error;
  }
  if (!applyUrl) {
    io.out(sql);
    return EXIT.ok;
  }
  try {
    await applyGrants(applyUrl, sql);
  } catch (error) {
    if (error instanceof DatasourceError) {
      throw configError(`--apply ${withoutPasswords(error.message, [applyUrl])}`);
    }
    throw error;
  }
  const roles = Object.keys(setup.policy.roles);
  io.err(
    `nl2sql: granted ${roles.length} role(s) (${roles.join(', ')}) on database ${database} as the --apply login`,
  );
  return EXIT.ok;
};
