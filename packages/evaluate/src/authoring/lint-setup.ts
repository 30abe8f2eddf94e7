// What `suite lint` checks a suite against: the databases by the ids its cases name, and the
// access policy. With evals.yaml, its datasources (or --db in place of its one file) and its
// policy (or --policy); without one, as before projects: --db, else Chinook for the Chinook
// suite, under the id `chinook`, and --policy, else the Chinook demo policy for that suite.

import { resolve } from 'node:path';
import { CHINOOK_POLICIES, DatasetError, locateChinook } from '@nl2sql/datasets';
import type { Project } from '@nl2sql/project';
import type { AccessPolicy } from '@nl2sql/suite';
import { openDatabase } from '../datasources/open-database.js';
import { configError } from '../evaluate-error.js';
import type { Io } from '../io.js';
import { readPolicy } from '../project/policy-file.js';
import { openDatasources } from '../project/project-datasources.js';
import type { LintDatabase } from '../run/lint-datasources.js';
import type { SuiteLintOptions } from './authoring-options.js';

/** What a lint is checked against: the databases by id, the policy, and how to let go. */
export interface LintSetup {
  /** The datasource ids the command serves. */
  readonly known: readonly string[];
  /** The databases opened, by id (none without --db for a suite other than Chinook's). */
  readonly databases: ReadonlyMap<string, LintDatabase>;
  readonly policy: AccessPolicy | undefined;
  close(): Promise<void>;
}

type SetupOptions = Pick<SuiteLintOptions, 'db' | 'policy'>;

/** The database to lint against: --db, else Chinook for the Chinook suite, else none. */
async function databasePath(db: string | undefined, isChinook: boolean) {
  if (db !== undefined) return db;
  if (!isChinook) return undefined;
  try {
    return await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
}

/** Without evals.yaml: --db or the Chinook file, --policy or the Chinook demo policy. */
async function builtInSetup(options: SetupOptions, io: Io, isChinook: boolean): Promise<LintSetup> {
  const policy =
    options.policy !== undefined
      ? readPolicy(resolve(io.cwd, options.policy))
      : isChinook
        ? CHINOOK_POLICIES
        : undefined;
  const db = await databasePath(
    options.db !== undefined ? resolve(io.cwd, options.db) : undefined,
    isChinook,
  );
  const datasource = db ? await openDatabase(db) : undefined;
  return {
    known: ['chinook'],
    databases: new Map(datasource ? [['chinook', datasource]] : []),
    policy,
    close: async () => datasource?.close(),
  };
}

/** With evals.yaml; a case naming a datasource it lacks is `unknown-datasource`. */
async function projectSetup(options: SetupOptions, io: Io, project: Project): Promise<LintSetup> {
  const policy =
    options.policy !== undefined ? readPolicy(resolve(io.cwd, options.policy)) : project.policy;
  if (options.db !== undefined) {
    const [only, ...more] = project.datasources;
    if (!only || more.length > 0)
      throw configError(
        `--db replaces the one datasource of a project; ${project.file} has ${project.datasources.length}: set each path in it`,
      );
    const datasource = await openDatabase(resolve(io.cwd, options.db));
    return {
      known: [only.id],
      databases: new Map([[only.id, datasource]]),
      policy,
      close: () => datasource.close(),
    };
  }
  const opened = await openDatasources(project);
  return {
    known: project.datasources.map((d) => d.id),
    databases: opened.byId,
    policy,
    close: () => opened.close(),
  };
}

/** Opens what the suite is linted against; `project` is the loaded evals.yaml, if any. */
export function lintSetup(
  options: SetupOptions,
  io: Io,
  project: Project | undefined,
  isChinook: boolean,
): Promise<LintSetup> {
  return project ? projectSetup(options, io, project) : builtInSetup(options, io, isChinook);
}
