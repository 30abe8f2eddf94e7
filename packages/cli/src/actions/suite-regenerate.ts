import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHINOOK_SUITE_PATH, DatasetError, locateChinook } from '@nl2sql/datasets';
import { RegenerateError, regenerate } from '@nl2sql/suite';
import { configError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { loadRunSuite } from '../eval/run-suite-file.js';
import { EXIT } from '../exit-codes.js';
import { openDatabase } from '../open-database.js';

/** `nl2sql suite regenerate [PATH]`; options are described in commands/suite-regenerate.ts. */
export const runSuiteRegenerate: CommandRun = async ({ flags, positionals }, io) => {
  const path = resolve(io.cwd, positionals[0] ?? CHINOOK_SUITE_PATH);
  if (!existsSync(path)) throw configError(`${path}: no such file`);
  // Read it first: a malformed or oversized suite is reported before the database is opened.
  await loadRunSuite(path, suiteMaxBytes(flags['max-suite-mb']));
  let dbPath: string;
  try {
    dbPath = typeof flags.db === 'string' ? resolve(io.cwd, flags.db) : await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
  const datasource = await openDatabase(dbPath);
  try {
    const result = await regenerate(path, datasource, {
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
    io.err(`nl2sql: ${error.message}`);
    return EXIT.failed;
  } finally {
    await datasource.close();
  }
};
