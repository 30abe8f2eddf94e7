import { type SuiteReviewOptions, suiteReview } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/**
 * `nl2sql suite review [SUITE]`: @nl2sql/evaluate's suiteReview() behind the flags. It prints
 * the review (or what was approved, rejected or refused) itself; the exit code is its.
 * Options and exit codes are described in commands/suite-review.ts.
 */
export const runSuiteReview: CommandRun = async ({ flags, positionals }, io) =>
  (await suiteReview({ ...flagOptions<SuiteReviewOptions>(flags), suite: positionals[0] }, io))
    .exitCode;
