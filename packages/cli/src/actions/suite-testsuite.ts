import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHINOOK_SUITE_PATH, DatasetError, locateChinook } from '@nl2sql/datasets';
import { loadProjectFile, loadRunSuite, projectFile } from '@nl2sql/evaluate';
import type { Project } from '@nl2sql/project';
import { packagedSuite } from '@nl2sql/suite';
import { regenerateTestSuite, TestSuiteError } from '@nl2sql/testsuite';
import { configError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { EXIT } from '../exit-codes.js';
import { chooseSuite } from '../project/project-suite.js';

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

/** `nl2sql suite testsuite [PATH]`; options are described in commands/suite-testsuite.ts. */
export const runSuiteTestsuite: CommandRun = async ({ flags, positionals }, io) => {
  // In a project, like the other suite commands: its suite (the only one, or by name) and
  // its SQLite database; without evals.yaml, the Chinook suite and file as before.
  const file = projectFile(flags, io.cwd);
  const project = file === undefined ? undefined : await loadProjectFile(file, io.env);
  const suitePath = project
    ? chooseSuite(project, positionals[0], io.cwd, 'the suite (a NAME or PATH)').path
    : resolve(io.cwd, positionals[0] ?? CHINOOK_SUITE_PATH);
  if (!existsSync(suitePath)) throw configError(`${suitePath}: no such file`);
  // Read it first: a malformed or oversized suite is reported before anything is built.
  await loadRunSuite(suitePath, suiteMaxBytes(flags['max-suite-mb']));
  // The test suite of a packaged suite is part of that package's release, as its rows are.
  const packaged = await packagedSuite(suitePath);
  if (packaged && flags['allow-packaged'] !== true) {
    throw configError(
      `${suitePath} ships inside ${packaged.packageName ?? packaged.where}; its test suite is rebuilt in that package's checkout (nl2sql suite testsuite --allow-packaged)`,
    );
  }
  let original: string;
  try {
    original =
      typeof flags.db === 'string'
        ? resolve(io.cwd, flags.db)
        : project
          ? projectSqliteFile(project)
          : await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
  if (!existsSync(original)) throw configError(`--db ${original}: no such file`);
  const number = (name: string) => (typeof flags[name] === 'number' ? flags[name] : undefined);
  const seed = number('seed');
  const candidates = number('candidates');
  const maxVariants = number('max-variants');
  try {
    const built = await regenerateTestSuite({
      suitePath,
      original,
      ...(seed !== undefined ? { seed } : {}),
      ...(candidates !== undefined ? { candidates } : {}),
      ...(maxVariants !== undefined ? { maxVariants } : {}),
      onProgress: (message) => io.err(message),
    });
    const s = built.manifest.summary;
    io.out(
      [
        `${built.dir}: ${s.suiteSize} databases (the original and ${s.suiteSize - 1} variants), seed ${built.manifest.seed}`,
        `mutants: ${s.mutants} generated, ${s.valid} valid, ${s.differing} differ from their gold somewhere`,
        `killed: ${s.killedByOriginal} by the original alone (what EX catches), ${s.killedBySuite}/${s.differing} by the suite (${(100 * s.shareKilled).toFixed(1)}%)`,
        `surviving (equal to their gold on every database; check they are equivalent): ${built.manifest.surviving.length}, listed in the manifest`,
      ].join('\n'),
    );
    return EXIT.ok;
  } catch (error) {
    if (error instanceof TestSuiteError) throw configError(error.message);
    throw error;
  }
};
