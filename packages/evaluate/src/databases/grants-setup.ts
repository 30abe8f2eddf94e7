// Where `db grants` (PostgreSQL and MySQL) takes its policy and logins from: a policy JSON,
// an evals.yaml's policy and its one datasource's role URLs, or the Chinook policy.
import { resolve } from 'node:path';
import { CHINOOK_POLICIES } from '@nl2sql/datasets';
import type { GrantsPolicy, RoleLogin } from '@nl2sql/datasource-postgres';
import type { Project } from '@nl2sql/project';
import type { GrantRolesOptions } from '../commands/command-options.js';
import { configError } from '../evaluate-error.js';
import { loadProjectFile } from '../project/open-project.js';
import { readPolicy } from '../project/policy-file.js';

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
  options: Pick<GrantRolesOptions, 'policy'>,
  cwd: string,
  env: Record<string, string | undefined>,
  engine: 'postgres' | 'mysql' = 'postgres',
): Promise<GrantsSetup> {
  if (options.policy === undefined) {
    return {
      policy: CHINOOK_POLICIES,
      logins: {},
      database: undefined,
      source: 'the Chinook policy',
    };
  }
  const file = resolve(cwd, options.policy);
  if (file.toLowerCase().endsWith('.json')) {
    return { policy: readPolicy(file), logins: {}, database: undefined, source: file };
  }
  return projectSetup(await loadProjectFile(file, env), file, engine);
}
