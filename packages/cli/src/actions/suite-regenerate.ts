import { type SuiteRegenerateOptions, suiteRegenerate } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/**
 * `nl2sql suite regenerate [PATH]`: @nl2sql/evaluate's suiteRegenerate() behind the flags. It
 * prints what was written itself; the exit code is 1 when a statement failed.
 * Options and exit codes are described in commands/suite-regenerate.ts.
 */
export const runSuiteRegenerate: CommandRun = async ({ flags, positionals }, io) =>
  (
    await suiteRegenerate(
      { ...flagOptions<SuiteRegenerateOptions>(flags), suite: positionals[0] },
      io,
    )
  ).exitCode;
