// Maximal marginal relevance: pick k items one at a time, each maximising
// lambda * relevance - (1 - lambda) * (highest similarity to an item already picked), so the
// planner gets related tables rather than five near-copies of the best match.

export interface MmrOptions {
  k: number;
  /** Weight of relevance against diversity, in [0, 1]. Default 0.7. */
  lambda?: number;
}

/**
 * Indices of the picked items, in pick order. `relevance[i]` is item i's relevance (any
 * scale; normalised to [0, 1] here), `similarity(i, j)` in [0, 1]. Ties go to the lower index,
 * so the result is deterministic.
 */
export function mmr(
  relevance: readonly number[],
  similarity: (i: number, j: number) => number,
  options: MmrOptions,
): number[] {
  const lambda = options.lambda ?? 0.7;
  const max = Math.max(0, ...relevance);
  const rel = relevance.map((r) => (max > 0 ? r / max : 0));
  const picked: number[] = [];
  const left = new Set(rel.keys());
  const k = Math.min(options.k, rel.length);
  while (picked.length < k) {
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const i of left) {
      let redundancy = 0;
      for (const j of picked) redundancy = Math.max(redundancy, similarity(i, j));
      const score = lambda * (rel[i] ?? 0) - (1 - lambda) * redundancy;
      if (score > bestScore || (score === bestScore && i < best)) {
        best = i;
        bestScore = score;
      }
    }
    picked.push(best);
    left.delete(best);
  }
  return picked;
}
