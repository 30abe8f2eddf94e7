/** Why an input to the statistics or the gate was rejected. */
export type GateInputErrorCode =
  | 'INVALID_COUNTS'
  | 'INVALID_LEVEL'
  | 'INVALID_RUN'
  | 'INVALID_THRESHOLDS'
  | 'NO_RUNS';

/**
 * Thrown when a statistic cannot be computed from what it was given (n = 0, k > n, a
 * level outside (0, 1), a malformed case run). These are caller bugs or empty runs, not
 * verdicts, so the program cannot go on with a number.
 */
export class GateInputError extends Error {
  override readonly name = 'GateInputError';
  readonly code: GateInputErrorCode;

  constructor(code: GateInputErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
