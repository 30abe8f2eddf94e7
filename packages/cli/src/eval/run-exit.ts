// How a run exits (a cap stop, nothing scored, --min-accuracy): @nl2sql/evaluate's rules over the flags.
import { type EvaluateOptions, type RunExitRules, runExitRules as rules } from '@nl2sql/evaluate';
import type { ProjectGate } from '@nl2sql/project';
import type { Flags } from '../command.js';
import { flagOptions } from '../flag-options.js';

export { type RunExitRules, type RunExitVerdict, runExitVerdict } from '@nl2sql/evaluate';

/** The rules the flags and the project set (a flag wins). */
export const runExitRules = (
  flags: Flags,
  gate?: ProjectGate,
  options?: { accuracy?: boolean },
): RunExitRules => rules(flagOptions<EvaluateOptions>(flags), gate, options);
