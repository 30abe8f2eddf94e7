import type { ReporterError } from '@nl2sql/reporters';
import { EvaluateError } from '../evaluate-error.js';

/**
 * `run()`, with a reporter's refusal (@nl2sql/reporters' ReporterError) as an EvaluateError: same
 * message, same exit code.
 */
export function asEvaluateError<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof Error && error.name === 'ReporterError') {
      throw new EvaluateError(error.message, (error as ReporterError).exitCode, error);
    }
    throw error;
  }
}
