import { resolve } from 'node:path';
import { CHINOOK_POLICIES } from '@nl2sql/datasets';
import { DatasourceError } from '@nl2sql/datasource';
import type { GrantsPolicy, RoleLogin } from '@nl2sql/datasource-postgres';
import type { Project } from '@nl2sql/project';
import { configError } from '../cli-error.js';
import type { CommandRun, Flags } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { withoutPasswords } from '../open-postgres.js';
import { readPolicy } from '../policy-file.js';
import { loadProjectFile } from '../project/open-project.js';

export interface GrantsSetup {
  policy: GrantsPolicy;
  /** Policy role -> the login of its project URL (with its password, for --apply only). */
  logins: Record<string, RoleLogin>;
  /** The database of the project's postgres datasource, when it has one. */
  database: string | undefined;
  /** Where the policy came from, for messages. */
  source: string;
}

export function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The policy and logins of an evals.yaml: its policy, and its one `engine` datasource's roles. */
function projectSetup(project: Project, file: string, engine: 'postgres' | 'mysql'): GrantsSetup {
  if (!project.policy) throw configError(`${file}: has no policy to grant from`);
  const postgres = project.datasources.filter((d) => d.engine === engine);
  if (postgres.length > 1) {
    throw configError(
      `${file}: has ${postgres.length} ${engine} datasources (${postgres.map((d) => d.id).join(', ')}); grants are for one database: give --policy a policy JSON and --database`,
    );
  }
  const [source] = postgres;
  const logins: Record<string, RoleLogin> = {};
  let database: string | undefined;
  if (source && (source.engine === 'postgres' || source.engine === 'mysql')) {
    database = decoded(new URL(source.url).pathname.replace(/^\//, '')) || undefined;
    for (const [role, url] of Object.entries(source.roles ?? {})) {
      const parsed = new URL(url);
      if (!parsed.username) {
        throw configError(`${file}: datasources.${source.id}.roles.${role}: the URL names no user`);
      }
      logins[role] = {
        login: decoded(parsed.username),
        ...(parsed.password ? { password: decoded(parsed.password) } : {}),
      };
    }
  }
  return { policy: project.policy, logins, database, source: file };
}

/** The policy (and logins) to grant from: --policy's evals.yaml or JSON, else Chinook's. */
export async function setupFrom(
  flags: Flags,
  cwd: string,
  env: Record<string, string | undefined>,
  engine: 'postgres' | 'mysql' = 'postgres',
): Promise<GrantsSetup> {
  if (typeof flags.policy !== 'string') {
    return {
      policy: CHINOOK_POLICIES,
      logins: {},
      database: undefined,
      source: 'the Chinook policy',
    };
  }
  const file = resolve(cwd, flags.policy);
  if (file.toLowerCase().endsWith('.json')) {
    return { policy: readPolicy(file), logins: {}, database: undefined, source: file };
  }
  return projectSetup(await loadProjectFile(file, env), file, engine);
}

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
