/**
 * One entry point for every comparison, so a user can reproduce a leaderboard's number or
 * the spec's scores with the same call.
 */
import { birdVerdict } from './bird.js';
import { ComparatorError } from './comparator-error.js';
import { lenientByProof, lenientVerdict } from './lenient.js';
import { resolveOptions } from './options.js';
import { hasTopLevelOrderBy } from './order-by.js';
import { prepareTable } from './prepared-table.js';
import { spiderVerdict } from './spider.js';
import { strictByProof, strictVerdict, withTies } from './strict.js';
import { subsetVerdict } from './subset.js';
import type { CompareOptions, TableLike } from './table.js';
import { planTies } from './ties.js';
import { specRules } from './value-rules.js';
import type { Score, Verdict } from './verdict.js';

export type Policy = Score;

export const POLICIES: readonly Policy[] = ['strict', 'lenient', 'bird', 'spider', 'subset'];

export interface PolicyOptions extends CompareOptions {
  /**
   * The gold SQL. Spider orders rows only when it has a top-level ORDER BY; an explicit
   * orderMatters wins over it.
   */
  readonly goldSql?: string;
}

export function comparePolicy(
  policy: Policy,
  gold: TableLike,
  result: TableLike,
  opts?: PolicyOptions,
): Verdict {
  const o = resolveOptions(opts);
  const orderMatters =
    opts?.orderMatters !== undefined
      ? opts.orderMatters === true
      : typeof opts?.goldSql === 'string' && hasTopLevelOrderBy(opts.goldSql);
  if (policy === 'strict' || policy === 'lenient') {
    // The spec's scores honour the gold's tie order; the peer policies keep their own rules.
    const lenient = policy === 'lenient';
    const plan = planTies(gold, result, opts?.ties, orderMatters, specRules(o.tolerance, lenient));
    const g = plan?.gold ?? gold;
    const proven = lenient
      ? lenientByProof(g, result, orderMatters, o.tolerance)
      : strictByProof(g, result, orderMatters, o.tolerance);
    if (proven) return withTies(proven, plan);
    const pg = prepareTable(g);
    const pr = prepareTable(result);
    return withTies(
      lenient
        ? lenientVerdict(pg, pr, orderMatters, o.tolerance, true, plan?.labels)
        : strictVerdict(pg, pr, orderMatters, o.tolerance, 'strict', true, false, plan?.labels),
      plan,
    );
  }
  const g = prepareTable(gold);
  const r = prepareTable(result);
  switch (policy) {
    case 'bird':
      return birdVerdict(g, r);
    case 'spider':
      return spiderVerdict(g, r, orderMatters);
    case 'subset':
      return subsetVerdict(g, r, orderMatters);
    default:
      throw new ComparatorError(
        'unknown_policy',
        `comparator: unknown policy ${JSON.stringify(policy)}; expected one of ${POLICIES.join(', ')}`,
      );
  }
}
