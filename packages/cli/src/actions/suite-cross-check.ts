import { type CrossCheckSuiteOptions, crossCheckSuite } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/**
 * `nl2sql suite cross-check [PATH]` (and `--snapshots`): @nl2sql/evaluate's crossCheckSuite()
 * behind the flags; PATH is its `suite`. Options are described in commands/suite-cross-check.ts.
 */
export const runSuiteCrossCheck: CommandRun = async ({ flags, positionals }, io) =>
  (
    await crossCheckSuite(
      { ...flagOptions<CrossCheckSuiteOptions>(flags), suite: positionals[0] },
      io,
    )
  ).exitCode;
