import { type SuiteImportOptions, suiteImport } from '@nl2sql/evaluate';
import { usageError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/**
 * `nl2sql suite import FILE`: @nl2sql/evaluate's suiteImport() behind the flags. It prints
 * what was added and left out itself; the exit code is 1 when some pair was left out.
 * Options and exit codes are described in commands/suite-import.ts.
 */
export const runSuiteImport: CommandRun = async ({ flags, positionals }, io) => {
  const [file] = positionals;
  if (file === undefined) throw usageError('suite import needs the pairs FILE');
  return (await suiteImport({ ...flagOptions<Omit<SuiteImportOptions, 'file'>>(flags), file }, io))
    .exitCode;
};
