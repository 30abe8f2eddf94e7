// One comparison rule for building the suite and for scoring with it, and the same as EX's:
// a result passes on a database when it matches the gold's rows or any alternative's, under
// the chosen comparator policy. So "killed" during distillation and "fails" during scoring
// are the same verdict.
import {
  compareAny,
  comparePolicy,
  type Policy,
  type TableLike,
  type Verdict,
} from '@nl2sql/comparator';

export interface TestSuitePolicy {
  /** The comparator policy (default `strict`, EX's primary score; `lenient` is EX's second). */
  score?: Policy;
  /** Row order counts (the case's `order_matters`). */
  orderMatters: boolean;
  /** Absolute numeric tolerance (the comparator's default when absent). */
  tolerance?: number;
}

/** Does `result` match the first gold table or any other? `golds` must not be empty. */
export function matchesAnyGold(
  golds: readonly TableLike[],
  result: TableLike,
  policy: TestSuitePolicy,
): Verdict {
  const score = policy.score ?? 'strict';
  const options = {
    orderMatters: policy.orderMatters,
    ...(policy.tolerance !== undefined ? { tolerance: policy.tolerance } : {}),
  };
  if (score === 'strict' || score === 'lenient')
    return compareAny(golds, result, { ...options, score });
  let first: Verdict | undefined;
  for (const gold of golds) {
    const verdict = comparePolicy(score, gold, result, options);
    if (verdict.pass) return verdict;
    first ??= verdict;
  }
  return first!;
}
