import { type SuiteLintOptions, suiteLint } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/**
 * `nl2sql suite lint [PATH]`: @nl2sql/evaluate's suiteLint() behind the flags. It prints the
 * findings itself; the exit code is 0 without any, 1 with some.
 * Options and exit codes are described in commands/suite-lint.ts.
 */
export const runSuiteLint: CommandRun = async ({ flags, positionals }, io) =>
  (await suiteLint({ ...flagOptions<SuiteLintOptions>(flags), suite: positionals[0] }, io))
    .exitCode;
