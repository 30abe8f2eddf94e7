// `suiteRegenerate()`: `nl2sql suite regenerate` as a function. Every case's sql and alt_sql
// run on its database and the gold rows rewritten by the deterministic writer; a statement
// that fails leaves the file as it was (exit 1). What needs no database is checked first
// (decisions/eval-run-checks-before-data.md): the suite, a packaged one, a stray datasource.

import { existsSync } from 'node:fs';
import { type EvalSuite, packagedSuite, RegenerateError, regenerate } from '@nl2sql/suite';
import { checkOptions } from '../check-options.js';
import { configError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { loadProjectFile, projectFile } from '../project/open-project.js';
import { chooseSuite } from '../project/project-suite.js';
import { openSuiteDatabases } from '../project/suite-databases.js';
import { suiteMaxBytes } from '../project/suite-size.js';
import { loadRunSuite } from '../run/run-suite-file.js';
import { SUITE_REGENERATE_OPTIONS, type SuiteRegenerateOptions } from './authoring-options.js';
import { packagedOwner } from './packaged-owner.js';

/** What `suiteRegenerate()` did. */
export interface SuiteRegenerateResult {
  readonly exitCode: ExitCode;
  /** The suite file (absolute). */
  readonly path: string;
  /** True when the file's bytes changed. */
  readonly changed: boolean;
  /** Cases whose rows or alt_rows changed. */
  readonly changedCases: readonly string[];
  readonly statements: number;
  /** Ordered cases that keep exact order (their ties could not be asked), and why. */
  readonly untied: ReadonlyArray<{ readonly caseId: string; readonly reason: string }>;
  /** Why nothing was written (a statement failed, a result was truncated: exit 1), else null. */
  readonly failure: string | null;
}

/** The first case with SQL naming a datasource not in `ids`, said as regenerate says it. */
function strayCase(suite: EvalSuite, ids: readonly string[]): string | undefined {
  const c = suite.cases.find((c) => c.sql !== undefined && !ids.includes(c.datasource));
  return c && `case ${c.id}: datasource ${c.datasource} is not one of ${ids.join(', ')}`;
}

/** Regenerates a suite's gold rows as `nl2sql suite regenerate` does (`suite`: its PATH). */
export async function suiteRegenerate(
  options: SuiteRegenerateOptions = {},
  io: Io = processIo(),
): Promise<SuiteRegenerateResult> {
  checkOptions(SUITE_REGENERATE_OPTIONS, options, 'suiteRegenerate');
  const file = projectFile(options, io.cwd);
  const project = file === undefined ? undefined : await loadProjectFile(file, io.env);
  const { path } = chooseSuite(project, options.suite, io.cwd, 'the suite (a NAME or PATH)');
  if (!existsSync(path)) throw configError(`${path}: no such file`);
  const suite = await loadRunSuite(path, suiteMaxBytes(options.maxSuiteMb));
  if (options.allowPackaged !== true) {
    const packaged = await packagedSuite(path);
    if (packaged)
      throw configError(
        `${path} ships inside ${packagedOwner(packaged)}; its rows are regenerated in that package's checkout (nl2sql suite regenerate --allow-packaged)`,
      );
  }
  if (project !== undefined && options.db === undefined) {
    const stray = strayCase(
      suite,
      project.datasources.map((d) => d.id),
    );
    if (stray !== undefined)
      throw configError(`${path}: ${stray} (the datasources of ${file}); nothing was written`);
  }
  // Without evals.yaml, or with --db, every case is read from one database, as before; with
  // evals.yaml each case from the datasource it names, and each gold is also written per
  // snapshot evals.yaml names (rows_by_snapshot).
  const databases = await openSuiteDatabases(options, io, project, { snapshots: true });
  try {
    const result = await regenerate(path, databases.source, {
      allowPackaged: options.allowPackaged === true,
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
    return { exitCode: EXIT.ok, path, ...result, failure: null };
  } catch (error) {
    if (!(error instanceof RegenerateError)) throw error;
    if (error.code === 'SUITE_PACKAGED')
      throw configError(`${error.message} (nl2sql suite regenerate --allow-packaged)`);
    if (error.code === 'UNKNOWN_DATASOURCE')
      throw configError(
        `${path}: ${error.message} (the datasources of ${file}); nothing was written`,
      );
    io.err(`nl2sql: ${error.message}`);
    const nothing = { changed: false, changedCases: [], statements: 0, untied: [] };
    return { exitCode: EXIT.failed, path, ...nothing, failure: error.message };
  } finally {
    await databases.close();
  }
}
