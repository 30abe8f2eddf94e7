// Run-level VES and R-VES (001 §5.3): the mean per-case reward over the cases scored, where an
// incorrect prediction or one that timed out scores 0 (as in BIRD), and a measurement that
// failed for another reason is left out and counted as `unmeasured` (a harness failure is
// not the system's score). Values are fractions: BIRD prints them times 100.
import type { EfficiencyStatus } from './measure-efficiency.js';
import type { RvesReward } from './rewards.js';
import { rvesReward, vesReward } from './rewards.js';

/** What the aggregations read of a measurement (an EfficiencyMeasurement fits). */
export interface EfficiencyCase {
  status: EfficiencyStatus;
  timeRatio: number;
}

export interface EfficiencySummary {
  /** Mean reward over the scored cases; null when none was scored. */
  value: number | null;
  /** Cases in the mean: measured + incorrect + timeouts. */
  scored: number;
  measured: number;
  incorrect: number;
  timeouts: number;
  /** Measurements that failed (status `error`): not in the mean. */
  unmeasured: number;
}

export interface RvesSummary extends EfficiencySummary {
  /** How many scored cases earned each reward (0 for incorrect and timed-out ones). */
  rewards: Record<`${RvesReward}`, number>;
}

function summarize(
  cases: readonly EfficiencyCase[],
  reward: (c: EfficiencyCase) => number,
): EfficiencySummary {
  let total = 0;
  const counts = { measured: 0, incorrect: 0, timeouts: 0, unmeasured: 0 };
  for (const c of cases) {
    if (c.status === 'error') {
      counts.unmeasured += 1;
      continue;
    }
    if (c.status === 'measured') {
      counts.measured += 1;
      total += reward(c);
    } else if (c.status === 'incorrect') counts.incorrect += 1;
    else counts.timeouts += 1;
  }
  const scored = counts.measured + counts.incorrect + counts.timeouts;
  return { value: scored === 0 ? null : total / scored, scored, ...counts };
}

/** VES = (1/N) Σ 1[correct] · sqrt(time_gold / time_pred), over the N scored cases. */
export function ves(cases: readonly EfficiencyCase[]): EfficiencySummary {
  return summarize(cases, (c) => vesReward(c.timeRatio));
}

/**
 * R-VES = (1/N) Σ sqrt(reward), the reward from Mini-Dev's ratio buckets (1.25, 1, 0.75, 0.5,
 * 0.25; 0 when incorrect). The square root is Mini-Dev's code (compute_ves), kept so figures
 * compare with its published ones.
 */
export function rves(cases: readonly EfficiencyCase[]): RvesSummary {
  const rewards: Record<`${RvesReward}`, number> = {
    '1.25': 0,
    '1': 0,
    '0.75': 0,
    '0.5': 0,
    '0.25': 0,
    '0': 0,
  };
  for (const c of cases) {
    if (c.status === 'error') continue;
    const r = c.status === 'measured' ? rvesReward(c.timeRatio) : 0;
    rewards[`${r}`] += 1;
  }
  return { ...summarize(cases, (c) => Math.sqrt(rvesReward(c.timeRatio))), rewards };
}
