import type { Redactor } from '@nl2sql/llm';
import { openReporters, type Reporting } from '@nl2sql/reporters';
import type { Flags } from '../command.js';
import { policiesFlag } from '../eval/policies-board.js';
import type { Io } from '../io.js';
import { asCliError } from '../reporter-error-adapter.js';
import { reporterSpecs } from './reporter-option.js';

/**
 * The reporters `eval run` and `eval merge` were asked for (`--reporter`, `--json`,
 * `--report`): usage errors exit 2, an output file that can never be written exit 3,
 * before the run asks anything.
 */
export function reportersFor(flags: Flags, io: Io, redactor: Redactor): Reporting {
  const specs = reporterSpecs(flags, io.cwd);
  const predictions = typeof flags.predictions === 'string';
  // openReporters checks each output file first; its refusals become the CLI's own.
  return asCliError(() =>
    openReporters(specs, {
      io,
      redactor,
      diagnostics: flags.diagnostics === true,
      candidates: predictions,
      policies: policiesFlag(flags, predictions),
      comparison: flags.methods !== undefined,
    }),
  );
}
