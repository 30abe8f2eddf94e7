import type { RunnerError } from '@nl2sql/runner';
import { configError, EvaluateError } from '../evaluate-error.js';
import { EXIT } from '../exit-codes.js';

// The runner's codes that a user's options caused (exit 2); the rest are the project's (exit 3).
const USAGE_CODES = ['UNKNOWN_ROLE', 'UNKNOWN_CASE', 'NO_CASES', 'INVALID_OPTIONS', 'NO_COST_CAP'];

/** A RunnerError as the CLI reports it: a usage error, a configuration error or a bug. */
export function runnerFailure(error: RunnerError): EvaluateError {
  if (error.code === 'INTERNAL_ERROR') {
    return new EvaluateError(
      `internal error (a bug in nl2sql; please report it): ${error.message}`,
      EXIT.internal,
    );
  }
  if (error.code === 'JOURNAL_EXISTS') {
    return configError(`${error.message} (--resume continues it, --fresh replaces it)`);
  }
  return new EvaluateError(
    error.message,
    USAGE_CODES.includes(error.code) ? EXIT.usage : EXIT.config,
  );
}
