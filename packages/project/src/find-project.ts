// Where the project of a working directory is: its evals.yaml, or none (then the built-in
// Chinook project applies). Only the directory itself is looked in, not its parents: a run
// must not pick up a project from a folder above the one it was started in by surprise
// (decisions/evals-yaml-project.md).

import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { PROJECT_FILE } from './load-project.js';

/** The absolute path of `cwd`'s evals.yaml, or undefined when there is none. */
export function findProject(cwd: string): string | undefined {
  const path = resolve(cwd, PROJECT_FILE);
  try {
    // A directory named evals.yaml is reported by loadProject, not skipped.
    statSync(path);
    return path;
  } catch {
    return undefined;
  }
}
