import { type CalibrateJudgeOptions, calibrateJudge } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/**
 * `nl2sql judge calibrate`: @nl2sql/evaluate's calibrateJudge(). Options are described in
 * commands/judge-calibrate.ts.
 */
export const runJudgeCalibrate: CommandRun = async ({ flags }, io) =>
  (await calibrateJudge(flagOptions<CalibrateJudgeOptions>(flags), io)).exitCode;
