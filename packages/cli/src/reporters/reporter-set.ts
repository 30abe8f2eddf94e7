// The reporters `eval run` and `eval merge` were asked for: @nl2sql/evaluate's, over the flags.
import { type EvaluateOptions, reportersFor as open } from '@nl2sql/evaluate';
import type { Redactor } from '@nl2sql/llm';
import type { Reporting } from '@nl2sql/reporters';
import type { Flags } from '../command.js';
import { flagOptions } from '../flag-options.js';
import type { Io } from '../io.js';

/** Usage errors exit 2, an output file that can never be written exit 3, before anything runs. */
export const reportersFor = (flags: Flags, io: Io, redactor: Redactor): Reporting =>
  open(flagOptions<EvaluateOptions>(flags), io, redactor);
