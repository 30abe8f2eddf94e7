// `--predictions FILE`: @nl2sql/evaluate's predictions engine, its refusals over the flags.
import { checkPredictionFlags as check, type EvaluateOptions } from '@nl2sql/evaluate';
import type { Flags } from '../command.js';
import { flagOptions } from '../flag-options.js';

export {
  loadPredictions,
  NO_PREDICTION,
  predictionsConfig,
  predictionsEngine,
} from '@nl2sql/evaluate';

/** The flags a predictions run refuses (exit 2). */
export const checkPredictionFlags = (mode: string, flags: Flags): void =>
  check(mode, flagOptions<EvaluateOptions>(flags));
