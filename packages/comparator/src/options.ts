/** Reads CompareOptions once, with the defaults and a clear error for a bad tolerance. */
import { ComparatorError } from './comparator-error.js';
import { type CompareOptions, DEFAULT_TOLERANCE } from './table.js';

export interface ResolvedOptions {
  readonly orderMatters: boolean;
  readonly tolerance: number;
}

export function resolveOptions(opts: CompareOptions | undefined): ResolvedOptions {
  const tolerance = opts?.tolerance ?? DEFAULT_TOLERANCE;
  if (typeof tolerance !== 'number' || !(tolerance >= 0) || !Number.isFinite(tolerance)) {
    throw new ComparatorError(
      'invalid_tolerance',
      `comparator: tolerance must be a finite number >= 0, got ${String(tolerance)}`,
    );
  }
  return { orderMatters: opts?.orderMatters === true, tolerance };
}
