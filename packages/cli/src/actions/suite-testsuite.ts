import { type SuiteTestSuiteOptions, suiteTestSuite } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/**
 * `nl2sql suite testsuite [PATH]`: @nl2sql/evaluate's suiteTestSuite(), PATH its `suite`.
 * Options are described in commands/suite-testsuite.ts.
 */
export const runSuiteTestsuite: CommandRun = async ({ flags, positionals }, io) =>
  (
    await suiteTestSuite(
      { ...flagOptions<SuiteTestSuiteOptions>(flags), suite: positionals[0] },
      io,
    )
  ).exitCode;
