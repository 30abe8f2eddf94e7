// What `nl2sql eval run` opens before anything runs: the suite (--suite NAME|PATH, or the
// project's only suite; project/project-suite.ts), read before any database is looked for;
// then the project's datasources, the ids of those the suite's cases ask, and the closers the
// run calls at its end; and the case selection --datasource makes of them.
import { existsSync } from 'node:fs';
import { type Project, projectLine } from '@nl2sql/project';
import type { EvalSuite } from '@nl2sql/suite';
import { configError, usageError } from '../evaluate-error.js';
import type { EvaluateOptions } from '../evaluate-options.js';
import type { Io } from '../io.js';
import { type OpenDatasources, openDatasources } from '../project/project-datasources.js';
import { chooseSuite } from '../project/project-suite.js';
import { suiteMaxBytes } from '../project/suite-size.js';
import { loadRunSuite } from './run-suite-file.js';

/** A run's suite and datasources, open; `closers` end them (and what the run opens later). */
export interface RunSetup {
  project: Project;
  suite: EvalSuite;
  suitePath: string;
  datasources: OpenDatasources;
  /** The datasource ids the run's cases name (each one the project has). */
  caseDatasources: string[];
  closers: Array<() => Promise<void>>;
}

/** `:LINE` of the project's suite at `index`, when it has a file. */
function suitesLine(project: Project, index: number): string {
  const line = project.file === null ? undefined : projectLine(project, ['suites', index]);
  return line === undefined ? '' : `:${line}`;
}

/** The suite a run scores, read and checked as a file (no database needed). */
export interface RunSuite {
  suite: EvalSuite;
  suitePath: string;
}

/**
 * Reads the run's suite: --suite NAME|PATH, else the project's only suite (several: a usage
 * error naming them). A missing file, a YAML alias, a suite over the size limit or not in
 * the format: one located line, exit 3. Needs none of the project's databases.
 */
export async function loadSuiteForRun(
  options: EvaluateOptions,
  io: Io,
  project: Project,
): Promise<RunSuite> {
  const chosen = chooseSuite(
    project,
    typeof options.suite === 'string' ? options.suite : undefined,
    io.cwd,
    '--suite NAME',
    'one run scores one suite',
  );
  const suitePath = chosen.path;
  if (!existsSync(suitePath)) {
    throw configError(
      chosen.index === null
        ? `--suite ${suitePath}: no such file`
        : `${project.file ?? 'the built-in project'}${suitesLine(project, chosen.index)}: suites[${chosen.index}]: ${suitePath}: no such file`,
    );
  }
  const suite = await loadRunSuite(suitePath, suiteMaxBytes(options.maxSuiteMb));
  return { suite, suitePath };
}

/** Opens the datasources of `project` (its files found) for the suite already read. */
export async function openRunSetup(
  project: Project,
  { suite, suitePath }: RunSuite,
): Promise<RunSetup> {
  const known = new Set(project.datasources.map((d) => d.id));
  const caseDatasources = [...new Set(suite.cases.map((c) => c.datasource))].filter((id) =>
    known.has(id),
  );
  const datasources = await openDatasources(project);
  return {
    project,
    suite,
    suitePath,
    datasources,
    caseDatasources,
    closers: [() => datasources.close()],
  };
}

/**
 * `--datasource ID,..`: only the cases asking these datasources, as a case selection (so the
 * gate counts the others as not run, as it does for --cases). Each id must be one of `ids`,
 * the project's datasources (known before any database is found).
 */
export function casesOnDatasources(
  suite: EvalSuite,
  ids: readonly string[],
  wanted: readonly string[] | undefined,
  cases: readonly string[] | undefined,
): string[] | undefined {
  if (!wanted) return cases ? [...cases] : undefined;
  for (const id of wanted) {
    if (!ids.includes(id))
      throw usageError(
        `--datasource: ${id} is not a datasource of the project (${ids.join(', ')})`,
      );
  }
  const chosen = suite.cases
    .filter((c) => wanted.includes(c.datasource))
    .map((c) => c.id)
    .filter((id) => cases === undefined || cases.includes(id));
  if (chosen.length === 0)
    throw usageError(`--datasource ${wanted.join(',')}: no case of the suite asks it`);
  return chosen;
}
