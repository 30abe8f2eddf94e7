/// <reference path="./jstat.d.ts" />
import jStat from 'jstat';
import { assertCounts, type Interval } from './interval.js';

/**
 * Wilson score interval for k successes in n trials. Unlike the normal (Wald) interval it
 * stays inside [0, 1] and does not collapse to a point at k = 0 or k = n, which matters
 * for suites of a few dozen cases.
 */
export function wilson(k: number, n: number, level = 0.95): Interval {
  assertCounts('wilson', k, n, level);
  const z = jStat.normal.inv(1 - (1 - level) / 2, 0, 1);
  const z2 = z * z;
  const p = k / n;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At k = 0 and k = n the closed form is exactly 0 and 1; rounding would leave ~1e-17.
  const lower = k === 0 ? 0 : Math.max(0, center - half);
  const upper = k === n ? 1 : Math.min(1, center + half);
  return { k, n, level, estimate: p, lower, upper };
}
