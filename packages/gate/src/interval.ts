import { GateInputError } from './gate-input-error.js';

/** A two-sided confidence interval for a proportion k of n. */
export interface Interval {
  readonly k: number;
  readonly n: number;
  readonly level: number;
  /** k / n. */
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
}

/**
 * Rejects counts no interval exists for. n = 0 is an error rather than [0, 1]: a board
 * with no scored runs should say so, not print a vacuous interval.
 */
export function assertCounts(method: string, k: number, n: number, level: number): void {
  if (!Number.isInteger(n) || n < 1) {
    throw new GateInputError(
      'INVALID_COUNTS',
      `${method}: n must be a positive integer (the number of runs scored), got ${n}`,
    );
  }
  if (!Number.isInteger(k) || k < 0 || k > n) {
    throw new GateInputError(
      'INVALID_COUNTS',
      `${method}: k must be an integer from 0 to n = ${n} (the runs that passed), got ${k}`,
    );
  }
  if (!(level > 0 && level < 1)) {
    throw new GateInputError(
      'INVALID_LEVEL',
      `${method}: level must be strictly between 0 and 1 (e.g. 0.95), got ${level}`,
    );
  }
}
