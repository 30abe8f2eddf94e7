/// <reference path="./jstat.d.ts" />
import jStat from 'jstat';
import { assertCounts, type Interval } from './interval.js';

/**
 * Clopper-Pearson ("exact") interval for k successes in n trials, from Beta quantiles.
 * It guarantees at least the nominal coverage, so it is wider than Wilson; use it where
 * a claim must not be overstated.
 */
export function clopperPearson(k: number, n: number, level = 0.95): Interval {
  assertCounts('clopperPearson', k, n, level);
  const tail = (1 - level) / 2;
  const lower = k === 0 ? 0 : jStat.beta.inv(tail, k, n - k + 1);
  const upper = k === n ? 1 : jStat.beta.inv(1 - tail, k + 1, n - k);
  return { k, n, level, estimate: k / n, lower, upper };
}
