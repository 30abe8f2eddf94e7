// Distillation (Zhong et al. 2020, section 3.3): keep the few databases that tell the golds
// from the most mutants. Greedy set cover: the original database is always in; then, while
// some database kills a mutant no chosen one kills, add the one that kills the most such
// mutants (ties to the lower pool index), up to the cap.

export interface Distilled {
  /** Chosen candidate ids, in the order chosen (the original is not among them). */
  chosen: string[];
  /** New mutants each chosen database killed when it was added, original first. */
  gains: { id: string; gain: number }[];
  /** Mutants killed by the original or a chosen database. */
  covered: Set<number>;
}

/**
 * @param original mutants the original database kills
 * @param candidates candidate id -> mutants it kills, in pool order
 * @param maxVariants most candidates to choose (the original does not count)
 */
export function distill(
  original: ReadonlySet<number>,
  candidates: ReadonlyMap<string, ReadonlySet<number>>,
  maxVariants: number,
): Distilled {
  const covered = new Set(original);
  const chosen: string[] = [];
  const gains = [{ id: 'original', gain: original.size }];
  const left = new Map(candidates);
  while (chosen.length < maxVariants) {
    let best: string | undefined;
    let bestGain = 0;
    for (const [id, kills] of left) {
      let gain = 0;
      for (const m of kills) if (!covered.has(m)) gain += 1;
      if (gain > bestGain) {
        best = id;
        bestGain = gain;
      }
    }
    if (best === undefined) break;
    for (const m of left.get(best)!) covered.add(m);
    left.delete(best);
    chosen.push(best);
    gains.push({ id: best, gain: bestGain });
  }
  return { chosen, gains, covered };
}
