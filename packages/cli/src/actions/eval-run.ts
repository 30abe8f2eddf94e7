import { type EvaluateOptions, evaluate } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/**
 * `nl2sql eval run`: @nl2sql/evaluate's evaluate() behind the flags. It prints the progress,
 * the board (or the JSON) and the reporters' files itself; the exit code is the run's.
 * Options and exit codes are described in commands/eval-run.ts.
 */
export const runEvalRun: CommandRun = async ({ flags }, io) =>
  (await evaluate(flagOptions<EvaluateOptions>(flags), io)).exitCode;
