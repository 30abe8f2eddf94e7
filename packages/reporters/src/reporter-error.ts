/**
 * Why a reporter refused, as the exit code a command line reports it with: 2 when the
 * reporters asked for are wrong (`junit` without a file), 3 when the environment is (an
 * output path through a file). Callers branch on `exitCode`, never on the message.
 */
export class ReporterError extends Error {
  override readonly name = 'ReporterError';
  constructor(
    message: string,
    readonly exitCode: 2 | 3,
  ) {
    super(message);
  }
}

/** The reporters asked for are wrong (exit 2). */
export const reporterUsageError = (message: string) => new ReporterError(message, 2);

/** An output the reporters must write can never be written (exit 3). */
export const reporterConfigError = (message: string) => new ReporterError(message, 3);
