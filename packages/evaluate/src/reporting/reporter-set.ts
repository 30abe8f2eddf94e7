import type { Redactor } from '@nl2sql/llm';
import { openReporters, type Reporting } from '@nl2sql/reporters';
import type { EvaluateOptions } from '../evaluate-options.js';
import type { Io } from '../io.js';
import { policiesFlag } from '../run/policies-board.js';
import { asEvaluateError } from './reporter-error.js';
import { type ReporterOptions, reporterSpecs } from './reporter-specs.js';

/**
 * The reporters `eval run` and `eval merge` were asked for (`--reporter`, `--json`,
 * `--report`): usage errors exit 2, an output file that can never be written exit 3,
 * before the run asks anything.
 */
export function reportersFor(
  options: ReporterOptions &
    Pick<EvaluateOptions, 'predictions' | 'diagnostics' | 'methods' | 'policies'>,
  io: Io,
  redactor: Redactor,
): Reporting {
  const specs = reporterSpecs(options, io.cwd);
  const predictions = typeof options.predictions === 'string';
  // openReporters checks each output file first; its refusals become evaluate's own.
  return asEvaluateError(() =>
    openReporters(specs, {
      io,
      redactor,
      diagnostics: options.diagnostics === true,
      candidates: predictions,
      policies: policiesFlag(options, predictions),
      comparison: options.methods !== undefined,
    }),
  );
}
