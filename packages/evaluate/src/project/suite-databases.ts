// The databases a suite command reads gold rows from (`suite regenerate`, approving a review
// proposal): with an evals.yaml each case from the datasource it names; with `--db`, or
// without evals.yaml, every case from one SQLite file (the verified Chinook file by default);
// for regenerate, also the snapshots evals.yaml names (project-snapshots.ts).

import type { Datasource } from '@nl2sql/datasource';
import type { Project } from '@nl2sql/project';
import { openDatabase } from '../datasources/open-database.js';
import type { EvaluateOptions } from '../evaluate-options.js';
import type { Io } from '../io.js';
import { openDatasources } from './project-datasources.js';
import { type OpenSnapshot, type OpenSnapshots, openSnapshots } from './project-snapshots.js';
import { sqliteOrChinook } from './sqlite-or-chinook.js';

/** Where rows are read from (one datasource, or datasources by id) and how to let go of it. */
export interface SuiteDatabases {
  readonly source: Datasource | ReadonlyMap<string, Datasource>;
  /** With `snapshots: true` and an evals.yaml: each datasource's snapshots, open (else empty). */
  readonly snapshots: ReadonlyMap<string, readonly OpenSnapshot[]>;
  close(): Promise<void>;
}

/** `--db`, else the Chinook file: every case is read from it (as before projects). */
async function oneDatabase(options: Pick<EvaluateOptions, 'db'>, io: Io): Promise<SuiteDatabases> {
  const datasource = await openDatabase(await sqliteOrChinook(options.db, io.cwd));
  return { source: datasource, snapshots: new Map(), close: () => datasource.close() };
}

/** Opens what a suite command reads rows from; `project` is the loaded evals.yaml, if any. */
export async function openSuiteDatabases(
  given: Pick<EvaluateOptions, 'db'>,
  io: Io,
  project: Project | undefined,
  options: { readonly snapshots?: boolean } = {},
): Promise<SuiteDatabases> {
  if (project === undefined || typeof given.db === 'string') return oneDatabase(given, io);
  const opened = await openDatasources(project);
  if (options.snapshots !== true)
    return { source: opened.byId, snapshots: new Map(), close: () => opened.close() };
  let snapshots: OpenSnapshots;
  try {
    snapshots = await openSnapshots(project, opened.byId);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return {
    source: opened.byId,
    snapshots: snapshots.map,
    close: async () => {
      await snapshots.close();
      await opened.close();
    },
  };
}
