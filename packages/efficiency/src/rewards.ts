// The per-case rewards of BIRD's efficiency scores, from the time ratio
// time(gold) / time(prediction) of a correct prediction (0 for an incorrect one):
// - VES (BIRD, Li et al. 2023): R = sqrt(ratio).
// - R-VES (BIRD Mini-Dev, bird-bench/mini_dev evaluation/evaluation_ves.py): a reward by
//   ratio bucket, below. Mini-Dev's score averages sqrt(reward), as its code does.

/** R-VES buckets, highest first: a ratio at or above `atLeast` earns `reward`. */
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
