// VES and R-VES (001 §5.3; BIRD's formula, Mini-Dev's buckets) over measured case runs: the
// rewards and the summaries, pure arithmetic, which @nl2sql/efficiency measures for and the
// runner's board reports.

export const RVES_BUCKETS = [
  { atLeast: 2, reward: 1.25 },
  { atLeast: 1, reward: 1 },
  { atLeast: 0.5, reward: 0.75 },
  { atLeast: 0.25, reward: 0.5 },
  { atLeast: 0, reward: 0.25 },
] as const;

export type RvesReward = 0 | 0.25 | 0.5 | 0.75 | 1 | 1.25;

/** VES's R(n) = sqrt(time_gold / time_pred); 0 for a ratio of 0 (an incorrect prediction). */
export function vesReward(timeRatio: number): number {
  return timeRatio > 0 ? Math.sqrt(timeRatio) : 0;
}

/** R-VES reward of a time ratio: 0 for 0 (incorrect), else its bucket's reward. */
export function rvesReward(timeRatio: number): RvesReward {
  if (!(timeRatio > 0)) return 0;
  for (const b of RVES_BUCKETS) if (timeRatio >= b.atLeast) return b.reward;
  return 0.25;
}

/**
 * - `measured`: timed; the ratio and rewards are set.
 * - `incorrect`: the prediction's rows did not match the gold's; not timed, scores 0 (as BIRD).
 * - `timeout`: the prediction ran past the timeout while being timed; scores 0 (as BIRD).
 * - `error`: the measurement failed for another reason (the gold failed or timed out, a
 *   result was cut at the row cap, the prediction failed although it had matched): not a
 *   score, and left out of VES and R-VES (counted as `unmeasured`).
 */
export type EfficiencyStatus = 'measured' | 'incorrect' | 'timeout' | 'error';

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
