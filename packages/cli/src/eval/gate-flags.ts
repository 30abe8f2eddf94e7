// The gate's limits from the flags: @nl2sql/evaluate's gateOverrides over the flags as options.
import { type EvaluateOptions, gateOverrides as overrides } from '@nl2sql/evaluate';
import type { ProjectGate } from '@nl2sql/project';
import type { Flags } from '../command.js';
import { flagOptions } from '../flag-options.js';

/** The limits the project and the flags set; the rest stays the mode's default. */
export const gateOverrides = (flags: Flags, gate?: ProjectGate) =>
  overrides(flagOptions<EvaluateOptions>(flags), gate);
