// The databases of a project, opened for one command: each datasource read-only through the
// adapter of its engine (a PostgreSQL or MySQL datasource with a login per policy role, so the
// database enforces each role's grants), every query held to the timeout and row cap
// evals.yaml gives it (datasource-limits.ts). A problem with one (a missing file, a file that
// is not SQLite, a server that refuses the login) is one line located in evals.yaml and
// exit 3; nothing is left open when one fails.

import { type DatasourceConfig, type Project, projectLine } from '@nl2sql/project';
import { openDatabase } from '../datasources/open-database.js';
import { openDuckdbDatabase } from '../datasources/open-duckdb.js';
import { openMysqlDatabase } from '../datasources/open-mysql.js';
import { openPostgresDatabase } from '../datasources/open-postgres.js';
import { type OpenDatasource, withLimits } from './datasource-limits.js';

/** The datasources a command opened, by id, and how to close them all. */
export interface OpenDatasources {
  readonly byId: ReadonlyMap<string, OpenDatasource>;
  close(): Promise<void>;
}

/**
 * `evals.yaml:LINE: datasources.ID.KEY:`, or `--db` for the built-in project and wherever
 * --db gave the path in place of the file's (the file is not what was wrong).
 */
function where(project: Project, source: DatasourceConfig, key: string): string {
  if (project.file === null) return '--db';
  if (source.engine === 'sqlite' && source.pathFlag !== undefined) return source.pathFlag;
  const line = projectLine(project, ['datasources', source.id, key]);
  return `${project.file}${line === undefined ? '' : `:${line}`}: datasources.${source.id}.${key}:`;
}

/** Opens the datasources of `project` named in `ids` (default: all of them). */
export async function openDatasources(
  project: Project,
  ids: readonly string[] = project.datasources.map((d) => d.id),
): Promise<OpenDatasources> {
  const byId = new Map<string, OpenDatasource>();
  const close = async () => {
    for (const datasource of byId.values()) await datasource.close();
  };
  try {
    for (const source of project.datasources) {
      if (!ids.includes(source.id)) continue;
      const limits = {
        ...(source.timeoutMs !== undefined ? { timeoutMs: source.timeoutMs } : {}),
        ...(source.maxRows !== undefined ? { maxRows: source.maxRows } : {}),
      };
      if (source.engine === 'postgres' || source.engine === 'mysql') {
        const open = source.engine === 'postgres' ? openPostgresDatabase : openMysqlDatabase;
        byId.set(
          source.id,
          withLimits(
            await open(source.url, where(project, source, 'url'), {
              ...limits,
              ...(source.roles ? { roles: source.roles } : {}),
            }),
            limits,
          ),
        );
        continue;
      }
      if (source.engine === 'duckdb') {
        // DuckDB has no logins: the policy's roles are recorded as unenforced by the database,
        // and held by the static and scope checks (decisions/duckdb-roles-not-enforced.md).
        const roles = Object.keys(project.policy?.roles ?? {});
        const opened = await openDuckdbDatabase(source.path, where(project, source, 'path'), {
          ...limits,
          roles,
        });
        byId.set(source.id, withLimits(opened, limits));
        continue;
      }
      const opened = await openDatabase(source.path, where(project, source, 'path'), limits);
      byId.set(source.id, withLimits(opened, limits));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { byId, close };
}
