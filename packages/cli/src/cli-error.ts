import { EXIT, type ExitCode } from './exit-codes.js';

/** An error the CLI reports as one message and an exit code, never as a stack trace. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
  }
}

/** The command line itself is wrong (exit 2). */
export const usageError = (message: string) => new CliError(message, EXIT.usage);

/** The environment or configuration is wrong (exit 3). */
export const configError = (message: string) => new CliError(message, EXIT.config);
