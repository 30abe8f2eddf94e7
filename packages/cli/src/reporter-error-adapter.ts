import type { ReporterError } from '@nl2sql/reporters';
import { CliError } from './cli-error.js';

/**
 * `run()`, with a reporter's refusal (@nl2sql/reporters' ReporterError) as the CliError the
 * command line prints: same message, same exit code.
 */
export function asCliError<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof Error && error.name === 'ReporterError') {
      throw new CliError(error.message, (error as ReporterError).exitCode, error);
    }
    throw error;
  }
}
