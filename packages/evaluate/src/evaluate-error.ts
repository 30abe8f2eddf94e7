import { EXIT, type ExitCode } from './exit-codes.js';

/**
 * A refusal of `evaluate()` (and of the CLI that wraps it): one message and the exit code it
 * stands for, never a stack trace. Messages name an option by its command-line flag
 * (`--max-cost`), which is how a user of either reads them (decisions/evaluate-api.md).
 */
export class EvaluateError extends Error {
  override readonly name: string = 'EvaluateError';
  /**
   * `cause`: the typed error this reports (a ProposalReviewError, a SuiteFormatError ...), kept
   * for a caller that prints its refusals as JSON with their fields.
   */
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/** The options (the command line) are wrong (exit 2). */
export const usageError = (message: string, cause?: unknown) =>
  new EvaluateError(message, EXIT.usage, cause);

/** The environment or configuration is wrong (exit 3). */
export const configError = (message: string, cause?: unknown) =>
  new EvaluateError(message, EXIT.config, cause);
