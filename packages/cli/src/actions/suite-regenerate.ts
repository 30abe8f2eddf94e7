import { existsSync } from 'node:fs';
import { RegenerateError, regenerate } from '@nl2sql/suite';
import { configError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { loadRunSuite } from '../eval/run-suite-file.js';
import { EXIT } from '../exit-codes.js';
import { loadProjectFile, projectFile } from '../project/open-project.js';
import { chooseSuite } from '../project/project-suite.js';
import { openSuiteDatabases } from '../project/suite-databases.js';

/** `nl2sql suite regenerate [PATH]`; options are described in commands/suite-regenerate.ts. */
export const runSuiteRegenerate: CommandRun = async ({ flags, positionals }, io) => {
  const file = projectFile(flags, io.cwd);
  const project = file === undefined ? undefined : await loadProjectFile(file, io.env);
  const { path } = chooseSuite(project, positionals[0], io.cwd, 'the suite (a NAME or PATH)');
  if (!existsSync(path)) throw configError(`${path}: no such file`);
  // Read it first: a malformed or oversized suite is reported before the database is opened.
  await loadRunSuite(path, suiteMaxBytes(flags['max-suite-mb']));
  // Without evals.yaml, or with --db, every case is read from one database, as before; with
  // evals.yaml each case from the datasource it names (a case naming none of them is
  // refused before anything is written).
  const databases = await openSuiteDatabases(flags, io, project);
  try {
    const result = await regenerate(path, databases.source, {
      allowPackaged: flags['allow-packaged'] === true,
    });
    io.out(
      result.changed
        ? `${path}: wrote rows of ${result.changedCases.length} case(s) (${result.changedCases.join(', ')}); ${result.statements} statements`
        : `${path}: rows already current; ${result.statements} statements`,
    );
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof RegenerateError)) throw error;
    if (error.code === 'SUITE_PACKAGED')
      throw configError(`${error.message} (nl2sql suite regenerate --allow-packaged)`);
    if (error.code === 'UNKNOWN_DATASOURCE')
      throw configError(
        `${path}: ${error.message} (the datasources of ${file}); nothing was written`,
      );
    io.err(`nl2sql: ${error.message}`);
    return EXIT.failed;
  } finally {
    await databases.close();
  }
};
