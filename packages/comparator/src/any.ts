/**
 * Alternative answers: a run passes when its rows match the gold rows or any alternative.
 * The result is read once and compared with each gold in turn.
 */
import { ComparatorError } from './comparator-error.js';
import { lenientByProof, lenientVerdict } from './lenient.js';
import { resolveOptions } from './options.js';
import { type PreparedTable, prepareTable } from './prepared-table.js';
import { strictByProof, strictVerdict, withTies } from './strict.js';
import type { CompareOptions, TableLike } from './table.js';
import { planTies } from './ties.js';
import { specRules } from './value-rules.js';
import type { Verdict } from './verdict.js';

export interface AnyOptions extends CompareOptions {
  /** Which score to apply to every gold. Default 'strict'. */
  readonly score?: 'strict' | 'lenient';
}

export interface AnyVerdict extends Verdict {
  /** Index into golds of the first gold that matched, or null when none did. */
  readonly matchedGold: number | null;
  /** One verdict per gold tried, in order (stops at the first match). */
  readonly attempts: readonly Verdict[];
}

/**
 * Passes with the first gold that matches. On failure the verdict carries the primary
 * gold's (index 0) reason, and `attempts` every gold's.
 */
export function compareAny(
  golds: readonly TableLike[],
  result: TableLike,
  opts?: AnyOptions,
): AnyVerdict {
  if (!Array.isArray(golds) || golds.length === 0) {
    throw new ComparatorError('no_gold', 'comparator: compareAny needs at least one gold table');
  }
  const o = resolveOptions(opts);
  const lenient = opts?.score === 'lenient';
  // The result is prepared once, and only when some gold needs the full comparison.
  let r: PreparedTable | null = null;
  const attempts: Verdict[] = [];
  for (let i = 0; i < golds.length; i++) {
    // The tie order describes the first gold; an alternative's rows keep exact order.
    const plan =
      i === 0
        ? planTies(golds[0]!, result, opts?.ties, o.orderMatters, specRules(o.tolerance, lenient))
        : null;
    const gold = plan?.gold ?? golds[i]!;
    let v = lenient
      ? lenientByProof(gold, result, o.orderMatters, o.tolerance)
      : strictByProof(gold, result, o.orderMatters, o.tolerance);
    if (v === null) {
      r ??= prepareTable(result);
      const g = prepareTable(gold);
      v = lenient
        ? lenientVerdict(g, r, o.orderMatters, o.tolerance, true, plan?.labels)
        : strictVerdict(g, r, o.orderMatters, o.tolerance, 'strict', true, false, plan?.labels);
    }
    v = withTies(v, plan);
    attempts.push(v);
    if (v.pass) return { ...v, matchedGold: i, attempts };
  }
  return { ...attempts[0]!, matchedGold: null, attempts };
}
