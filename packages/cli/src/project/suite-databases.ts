// The databases a suite command reads gold rows from (`suite regenerate`, approving a review
// proposal): with an evals.yaml each case from the datasource it names; with `--db`, or
// without evals.yaml, every case from one SQLite file (the verified Chinook file by default).

import { resolve } from 'node:path';
import { DatasetError, locateChinook } from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import type { Project } from '@nl2sql/project';
import { configError } from '../cli-error.js';
import type { Flags } from '../command.js';
import type { Io } from '../io.js';
import { openDatabase } from '../open-database.js';
import { openDatasources } from './project-datasources.js';

/** Where rows are read from (one datasource, or datasources by id) and how to let go of it. */
export interface SuiteDatabases {
  readonly source: Datasource | ReadonlyMap<string, Datasource>;
  close(): Promise<void>;
}

/** `--db`, else the Chinook file: every case is read from it (as before projects). */
async function oneDatabase(flags: Flags, io: Io): Promise<SuiteDatabases> {
  let dbPath: string;
  try {
    dbPath = typeof flags.db === 'string' ? resolve(io.cwd, flags.db) : await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
  const datasource = await openDatabase(dbPath);
  return { source: datasource, close: () => datasource.close() };
}

/** Opens what a suite command reads rows from; `project` is the loaded evals.yaml, if any. */
export async function openSuiteDatabases(
  flags: Flags,
  io: Io,
  project: Project | undefined,
): Promise<SuiteDatabases> {
  if (project === undefined || typeof flags.db === 'string') return oneDatabase(flags, io);
  const opened = await openDatasources(project);
  return { source: opened.byId, close: () => opened.close() };
}
