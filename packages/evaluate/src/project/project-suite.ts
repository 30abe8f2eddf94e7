// Which suite a command that works on one suite uses (decisions/one-run-one-suite.md): the
// one given (a path, or the name of one of the project's suites), else the project's only
// suite, else the built-in Chinook suite without evals.yaml. A project listing several suites
// and no choice is a usage error naming them: one run scores one suite (its digest names the
// run's records, journal, shards and gate), so taking the first would score part of the
// project and call it the project.

import { existsSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import { usageError } from '../evaluate-error.js';

/** What of a project this needs: its file and its suites (absolute paths). */
export interface SuiteList {
  readonly file: string | null;
  readonly suites: readonly string[];
}

/** The suite chosen, and its place in the project's list when it came from there. */
export interface ChosenSuite {
  readonly path: string;
  /** Index in `suites` of evals.yaml, for located errors; null for a path given or the built-in. */
  readonly index: number | null;
}

/** A suite's name as `--suite NAME` takes it: its file name without the extension. */
export const suiteName = (path: string): string => basename(path, extname(path));

/** `name (path)` for each suite, for messages. */
function listed(project: SuiteList, cwd: string): string {
  return project.suites
    .map(
      (path) => `${suiteName(path)} (${path.startsWith(cwd) ? path.slice(cwd.length + 1) : path})`,
    )
    .join(', ');
}

/**
 * The suite to use. `given` is a path (resolved against `cwd`), or, when no such file exists,
 * the name of one of the project's suites (its file name with or without the extension); a
 * path that names nothing is returned for the caller to report.
 * `how` is how the user chooses and `why` why they must, for the message.
 */
export function chooseSuite(
  project: SuiteList | undefined,
  given: string | undefined,
  cwd: string,
  how: string,
  why = 'this command works on one suite',
): ChosenSuite {
  const suites = project?.suites ?? [];
  if (given !== undefined) {
    // A file that exists is taken as given; otherwise the name of a suite of the project.
    const asPath = resolve(cwd, given);
    if (existsSync(asPath)) return { path: asPath, index: null };
    const named = suites.flatMap((path, index) =>
      given === suiteName(path) || given === basename(path) ? [{ path, index }] : [],
    );
    if (named.length > 1) {
      throw usageError(
        `${given} names ${named.length} suites of ${project?.file}: ${named.map((s) => s.path).join(', ')}; give the path`,
      );
    }
    return named[0] ?? { path: asPath, index: null };
  }
  if (project === undefined) return { path: CHINOOK_SUITE_PATH, index: null };
  const [only, ...more] = suites;
  if (only === undefined) return { path: CHINOOK_SUITE_PATH, index: null };
  if (more.length > 0) {
    throw usageError(
      `${project.file ?? 'the project'} lists ${suites.length} suites, and ${why}: give ${how} with one of ${listed(project, cwd)}`,
    );
  }
  return { path: only, index: 0 };
}
