import type { RecordRate } from '@nl2sql/records';

/** A count of a total with its share; no total reads a rate of 0. */
export function rate(count: number, total: number): RecordRate {
  return { count, total, rate: total === 0 ? 0 : count / total };
}
