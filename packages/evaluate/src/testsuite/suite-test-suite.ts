// `suiteTestSuite()`: `nl2sql suite testsuite` as a function. It builds the suite's test
// suite (variants of its SQLite database on which the golds' mutants are told apart) and
// prints what the distilled set catches, so test-suite accuracy can be scored by a run.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHINOOK_SUITE_PATH, DatasetError, locateChinook } from '@nl2sql/datasets';
import type { Project } from '@nl2sql/project';
import { packagedSuite } from '@nl2sql/suite';
import { type BuiltTestSuite, regenerateTestSuite, TestSuiteError } from '@nl2sql/testsuite';
import { checkOptions } from '../check-options.js';
import {
  SUITE_TEST_SUITE_OPTIONS,
  type SuiteTestSuiteOptions,
} from '../commands/command-options.js';
import { configError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { loadProjectFile, projectFile } from '../project/open-project.js';
import { chooseSuite } from '../project/project-suite.js';
import { suiteMaxBytes } from '../project/suite-size.js';
import { loadRunSuite } from '../run/run-suite-file.js';

export interface SuiteTestSuiteResult {
  exitCode: ExitCode;
  /** The folder written, with its manifest (seed, summary, surviving mutants). */
  built: BuiltTestSuite;
}

/**
 * The one SQLite file of a project, whose variants the test suite is made of; several
 * datasources, or a PostgreSQL one, need --db (the generator writes SQLite variants).
 */
function projectSqliteFile(project: Project): string {
  const [only, ...more] = project.datasources;
  if (only?.engine === 'sqlite' && more.length === 0) return only.path;
  throw configError(
    `${project.file}: suite testsuite builds variants of one SQLite database, and the project has ${project.datasources.map((d) => `${d.id} (${d.engine})`).join(', ')}; give --db PATH`,
  );
}

/** The database the variants are made from: `db`, the project's one SQLite file, else Chinook. */
async function originalDatabase(
  options: SuiteTestSuiteOptions,
  project: Project | undefined,
  cwd: string,
): Promise<string> {
  try {
    if (options.db !== undefined) return resolve(cwd, options.db);
    return project ? projectSqliteFile(project) : await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
}

function summaryLines({ dir, manifest }: BuiltTestSuite): string[] {
  const s = manifest.summary;
  return [
    `${dir}: ${s.suiteSize} databases (the original and ${s.suiteSize - 1} variants), seed ${manifest.seed}`,
    `mutants: ${s.mutants} generated, ${s.valid} valid, ${s.differing} differ from their gold somewhere`,
    `killed: ${s.killedByOriginal} by the original alone (what EX catches), ${s.killedBySuite}/${s.differing} by the suite (${(100 * s.shareKilled).toFixed(1)}%)`,
    `surviving (equal to their gold on every database; check they are equivalent): ${manifest.surviving.length}, listed in the manifest`,
  ];
}

/** Builds the test suite of the suite `options` name; progress on `io.err`, the summary on `io.out`. */
export async function suiteTestSuite(
  options: SuiteTestSuiteOptions,
  io: Io = processIo(),
): Promise<SuiteTestSuiteResult> {
  checkOptions(SUITE_TEST_SUITE_OPTIONS, options, 'suiteTestSuite');
  // In a project, like the other suite commands: its suite (the only one, or by name) and
  // its SQLite database; without evals.yaml, the Chinook suite and file.
  const file = projectFile(options, io.cwd);
  const project = file === undefined ? undefined : await loadProjectFile(file, io.env);
  const suitePath = project
    ? chooseSuite(project, options.suite, io.cwd, 'the suite (a NAME or PATH)').path
    : resolve(io.cwd, options.suite ?? CHINOOK_SUITE_PATH);
  if (!existsSync(suitePath)) throw configError(`${suitePath}: no such file`);
  // Read it first: a malformed or oversized suite is reported before anything is built.
  await loadRunSuite(suitePath, suiteMaxBytes(options.maxSuiteMb));
  // The test suite of a packaged suite is part of that package's release, as its rows are.
  const packaged = await packagedSuite(suitePath);
  if (packaged && options.allowPackaged !== true) {
    throw configError(
      `${suitePath} ships inside ${packaged.packageName ?? packaged.where}; its test suite is rebuilt in that package's checkout (nl2sql suite testsuite --allow-packaged)`,
    );
  }
  const original = await originalDatabase(options, project, io.cwd);
  if (!existsSync(original)) throw configError(`--db ${original}: no such file`);
  const { seed, candidates, maxVariants } = options;
  try {
    const built = await regenerateTestSuite({
      suitePath,
      original,
      ...(seed !== undefined ? { seed } : {}),
      ...(candidates !== undefined ? { candidates } : {}),
      ...(maxVariants !== undefined ? { maxVariants } : {}),
      onProgress: (message) => io.err(message),
    });
    io.out(summaryLines(built).join('\n'));
    return { exitCode: EXIT.ok, built };
  } catch (error) {
    if (error instanceof TestSuiteError) throw configError(error.message);
    throw error;
  }
}
