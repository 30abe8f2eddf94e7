// The built-in project: what every command did before projects existed, and still does
// without an evals.yaml. One SQLite datasource `chinook`, the Chinook demo's access policy,
// the Chinook suite shipped by @nl2sql/datasets and the reference engine; no gate or run
// settings, so the CLI's defaults apply unchanged.

import { dirname, resolve } from 'node:path';
import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import type { Project } from './project.js';

export interface ChinookProjectOptions {
  /** The Chinook SQLite file (found with @nl2sql/datasets' `locateChinook()`, or `--db`). */
  readonly database: string;
  /** The folder relative paths (an `--llm` file) are read from. Default: the database's. */
  readonly dir?: string;
}

/** The built-in Chinook project over the SQLite file `options.database`. */
export function chinookProject(options: ChinookProjectOptions): Project {
  const database = resolve(options.database);
  return {
    file: null,
    dir: resolve(options.dir ?? dirname(database)),
    secrets: [],
    datasources: [{ id: 'chinook', engine: 'sqlite', path: database }],
    // The roles' tables only: the descriptions are for people reading the demo.
    policy: {
      roles: Object.fromEntries(
        Object.entries(CHINOOK_POLICIES.roles).map(([role, access]) => [
          role,
          { tables: [...access.tables] },
        ]),
      ),
    },
    suites: [CHINOOK_SUITE_PATH],
    engines: [{ name: 'reference', kind: 'reference' }],
    defaultEngine: 'reference',
    gate: {},
    run: {},
  };
}
