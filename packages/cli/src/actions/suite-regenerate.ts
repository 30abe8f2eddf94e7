import { existsSync } from 'node:fs';
import { loadProjectFile, loadRunSuite, openSuiteDatabases, projectFile } from '@nl2sql/evaluate';
import { type EvalSuite, packagedSuite, RegenerateError, regenerate } from '@nl2sql/suite';
import { packagedOwner } from '../authoring/packaged-owner.js';
import { configError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { EXIT } from '../exit-codes.js';
import { chooseSuite } from '../project/project-suite.js';

/** The first case with SQL naming a datasource not in `ids`, said as regenerate says it. */
function strayCase(suite: EvalSuite, ids: readonly string[]): string | undefined {
  const c = suite.cases.find((c) => c.sql !== undefined && !ids.includes(c.datasource));
  return c && `case ${c.id}: datasource ${c.datasource} is not one of ${ids.join(', ')}`;
}

/** `nl2sql suite regenerate [PATH]`; options are described in commands/suite-regenerate.ts. */
export const runSuiteRegenerate: CommandRun = async ({ flags, positionals }, io) => {
  const file = projectFile(flags, io.cwd);
  const project = file === undefined ? undefined : await loadProjectFile(file, io.env);
  const { path } = chooseSuite(project, positionals[0], io.cwd, 'the suite (a NAME or PATH)');
  if (!existsSync(path)) throw configError(`${path}: no such file`);
  // What needs no database first (decisions/eval-run-checks-before-data.md): a malformed or
  // oversized suite, a packaged one, a case naming a datasource the project lacks.
  const suite = await loadRunSuite(path, suiteMaxBytes(flags['max-suite-mb']));
  if (flags['allow-packaged'] !== true) {
    const packaged = await packagedSuite(path);
    if (packaged)
      throw configError(
        `${path} ships inside ${packagedOwner(packaged)}; its rows are regenerated in that package's checkout (nl2sql suite regenerate --allow-packaged)`,
      );
  }
  if (project !== undefined && typeof flags.db !== 'string') {
    const stray = strayCase(
      suite,
      project.datasources.map((d) => d.id),
    );
    if (stray !== undefined)
      throw configError(`${path}: ${stray} (the datasources of ${file}); nothing was written`);
  }
  // Without evals.yaml, or with --db, every case is read from one database, as before; with
  // evals.yaml each case from the datasource it names (a case naming none of them is
  // refused before anything is written).
  // evals.yaml's snapshots too: each case's gold is also written per snapshot (rows_by_snapshot).
  const databases = await openSuiteDatabases(flags, io, project, { snapshots: true });
  try {
    const result = await regenerate(path, databases.source, {
      allowPackaged: flags['allow-packaged'] === true,
      ...(databases.snapshots.size > 0 ? { snapshots: databases.snapshots } : {}),
    });
    io.out(
      result.changed
        ? `${path}: wrote rows of ${result.changedCases.length} case(s) (${result.changedCases.join(', ')}); ${result.statements} statements`
        : `${path}: rows already current; ${result.statements} statements`,
    );
    // Ordered cases whose ties could not be asked of the database keep exact order: say so.
    for (const u of result.untied)
      io.err(`note: case ${u.caseId}: row order stays exact (no tie groups): ${u.reason}`);
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
