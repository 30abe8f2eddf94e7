import { GateInputError } from './gate-input-error.js';

/**
 * McNemar's exact two-sided test on the discordant pairs of two paired runs: under "the
 * runs are equally good" each flip is a fair coin, so the p-value is twice the smaller
 * binomial(lost + gained, 1/2) tail, capped at 1. No flips at all gives p = 1.
 */
export function mcnemarExact(lost: number, gained: number): number {
  for (const [name, value] of [
    ['lost', lost],
    ['gained', gained],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) {
      throw new GateInputError(
        'INVALID_COUNTS',
        `mcnemarExact: ${name} must be a non-negative integer (a count of cases), got ${value}`,
      );
    }
  }
  const n = lost + gained;
  const m = Math.min(lost, gained);
  if (2 * m >= n) return 1;
  // Sum the tail in log space: 2^-n underflows past n = 1074 flips. Terms grow with i up
  // to m < n/2, so scale by the last (largest) one.
  const logs: number[] = new Array(m + 1);
  logs[0] = -n * Math.LN2;
  for (let i = 0; i < m; i++) logs[i + 1] = logs[i]! + Math.log((n - i) / (i + 1));
  const largest = logs[m]!;
  let scaled = 0;
  for (let i = 0; i <= m; i++) scaled += Math.exp(logs[i]! - largest);
  return Math.min(1, 2 * Math.exp(largest) * scaled);
}
