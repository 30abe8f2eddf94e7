// The project a command works in: `--config FILE`, else evals.yaml in the working directory,
// else the built-in Chinook project (the Chinook file from --db, or found as before), so a
// command without an evals.yaml does exactly what it did before projects existed
// (decisions/evals-yaml-project.md). A project file that cannot be used is one located line
// and exit 3. `eval run` and `suite import` open it in two steps (openProjectBeforeData): what
// needs no database file first, the built-in project's Chinook file last
// (decisions/eval-run-checks-before-data.md).

import { resolve } from 'node:path';
import {
  chinookProject,
  findProject,
  loadProject,
  type Project,
  ProjectError,
} from '@nl2sql/project';
import { configError, usageError } from '../evaluate-error.js';
import type { EvaluateOptions } from '../evaluate-options.js';
import { sqliteOrChinook } from './sqlite-or-chinook.js';

/**
 * `project` with `--db PATH` in place of its one SQLite file. A project of several
 * datasources names each file in evals.yaml; --db cannot say which one it replaces.
 */
function withDatabase(project: Project, db: string): Project {
  const [only, ...more] = project.datasources;
  if (!only || more.length > 0 || only.engine !== 'sqlite') {
    throw usageError(
      `--db replaces the one SQLite datasource of a project; ${project.file} has ${project.datasources.map((d) => `${d.id} (${d.engine})`).join(', ')}: set each path in it`,
    );
  }
  return { ...project, datasources: [{ ...only, path: db, pathFlag: '--db' }] };
}

/** The evals.yaml of this command line: --config, else the working directory's; undefined for none. */
export function projectFile(
  options: Pick<EvaluateOptions, 'config'>,
  cwd: string,
): string | undefined {
  return typeof options.config === 'string' ? resolve(cwd, options.config) : findProject(cwd);
}

/** Loads an evals.yaml; a file that cannot be used is an EvaluateError (exit 3) of one located line. */
export async function loadProjectFile(
  file: string,
  env: Record<string, string | undefined>,
): Promise<Project> {
  try {
    return await loadProject(file, { env });
  } catch (error) {
    if (error instanceof ProjectError) throw configError(error.message);
    throw error;
  }
}

/** The project of this command line; throws an EvaluateError (exit 2 or 3). */
export async function openProject(
  options: Pick<EvaluateOptions, 'config' | 'db'>,
  io: { readonly cwd: string; readonly env: Record<string, string | undefined> },
): Promise<Project> {
  const db = typeof options.db === 'string' ? resolve(io.cwd, options.db) : undefined;
  const file = projectFile(options, io.cwd);
  if (file === undefined)
    return chinookProject({ database: await sqliteOrChinook(db, io.cwd), dir: io.cwd });
  const project = await loadProjectFile(file, io.env);
  return db === undefined ? project : withDatabase(project, db);
}

/**
 * The project of this command line before its database files are needed: `eval run` checks
 * the engine name and the suite against it first (`suite import` the suite, the policy and
 * the pairs file), so their errors are reported (with their own exit code) whether or not
 * the Chinook file can be found.
 */
export interface ProjectBeforeData {
  /**
   * Engines, suites, policy, run and gate settings. For an evals.yaml, the project itself;
   * for the built-in project, one with no datasource yet (its Chinook file is not found
   * until `located()`), so nothing can open a database through it.
   */
  readonly settings: Project;
  /** The ids of the project's datasources, the built-in project's `chinook` included. */
  readonly datasourceIds: readonly string[];
  /** The whole project: the built-in project's Chinook file found now (exit 3 when it cannot be). */
  located(): Promise<Project>;
}

/** openProject in two steps (see ProjectBeforeData); throws an EvaluateError (exit 2 or 3). */
export async function openProjectBeforeData(
  options: Pick<EvaluateOptions, 'config' | 'db'>,
  io: { readonly cwd: string; readonly env: Record<string, string | undefined> },
): Promise<ProjectBeforeData> {
  const db = typeof options.db === 'string' ? resolve(io.cwd, options.db) : undefined;
  const file = projectFile(options, io.cwd);
  if (file === undefined) {
    // Built before the file is known only to read its settings; its datasource is dropped.
    const builtIn = chinookProject({ database: db ?? io.cwd, dir: io.cwd });
    return {
      settings: { ...builtIn, datasources: [] },
      datasourceIds: builtIn.datasources.map((d) => d.id),
      located: async () =>
        chinookProject({ database: await sqliteOrChinook(db, io.cwd), dir: io.cwd }),
    };
  }
  const loaded = await loadProjectFile(file, io.env);
  const project = db === undefined ? loaded : withDatabase(loaded, db);
  return {
    settings: project,
    datasourceIds: project.datasources.map((d) => d.id),
    located: async () => project,
  };
}
