import { EXIT, type ExitCode } from './exit-codes.js';

/** An error the CLI reports as one message and an exit code, never as a stack trace. */
export class CliError extends Error {
  override readonly name = 'CliError';
  /**
   * `cause`: the typed error this reports (a ProposalReviewError, a SuiteFormatError ...), kept
   * for a command that prints its refusals as JSON with their fields.
   */
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/** The command line itself is wrong (exit 2). */
export const usageError = (message: string, cause?: unknown) =>
  new CliError(message, EXIT.usage, cause);

/** The environment or configuration is wrong (exit 3). */
export const configError = (message: string, cause?: unknown) =>
  new CliError(message, EXIT.config, cause);
