import { GateInputError } from './gate-input-error.js';

/** count of total, and the rate count / total. */
export interface Proportion {
  readonly count: number;
  readonly total: number;
  readonly rate: number;
}

/** A proportion; an empty total is an error naming the statistic, never NaN on a board. */
export function proportion(count: number, total: number, statistic: string): Proportion {
  if (total === 0) {
    throw new GateInputError('NO_RUNS', `${statistic}: no runs to count`);
  }
  return { count, total, rate: count / total };
}
