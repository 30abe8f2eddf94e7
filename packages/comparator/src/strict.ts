/**
 * The strict score: the same columns in the same order (names ignored), the same rows,
 * row order only when it matters; numbers within tolerance, a number equal to a string
 * that spells it, other strings exactly equal.
 */
import { identity, rowReason } from './explanation.js';
import { resolveOptions } from './options.js';
import { type PreparedTable, prepareTable, readShape } from './prepared-table.js';
import { matchRows, pairingCouldMatch } from './row-match.js';
import { proveRowsMatch } from './row-proof.js';
import type { CompareOptions, TableLike } from './table.js';
import { planTies, type TiePlan } from './ties.js';
import { specRules } from './value-rules.js';
import type { Score, Verdict } from './verdict.js';

export function compareStrict(gold: TableLike, result: TableLike, opts?: CompareOptions): Verdict {
  const o = resolveOptions(opts);
  const plan = planTies(gold, result, opts?.ties, o.orderMatters, specRules(o.tolerance, false));
  const g = plan?.gold ?? gold;
  return withTies(
    strictByProof(g, result, o.orderMatters, o.tolerance) ??
      strictVerdict(
        prepareTable(g),
        prepareTable(result),
        o.orderMatters,
        o.tolerance,
        'strict',
        true,
        false,
        plan?.labels,
      ),
    plan,
  );
}

/** The verdict with its tie note when it was reached under a tie order. */
export function withTies<V extends Verdict>(v: V, plan: TiePlan | null): V {
  return plan === null ? v : { ...v, ties: plan.note };
}

/**
 * The strict pass, proven straight from the source rows without reading any cell into
 * typed arrays (row-proof.ts); null when not proven (the caller runs strictVerdict).
 */
export function strictByProof(
  gold: TableLike,
  result: TableLike,
  orderMatters: boolean,
  tolerance: number,
): Verdict | null {
  const g = readShape(gold);
  const r = readShape(result);
  if (g.width !== r.width || g.rows.length !== r.rows.length) return null;
  const mapping = identity(g.width);
  const rules = specRules(tolerance, false);
  if (!proveRowsMatch(gold, result, mapping, mapping, rules, orderMatters)) return null;
  return { score: 'strict', pass: true, emptyMatch: false, mapping };
}

export function strictVerdict(
  gold: PreparedTable,
  result: PreparedTable,
  orderMatters: boolean,
  tolerance: number,
  score: Score = 'strict',
  explain = true,
  tryProof = true,
  labels?: Int32Array,
): Verdict {
  // Empty against empty passes whatever the columns (there is nothing to compare), flagged.
  if (gold.height === 0 && result.height === 0) {
    return { score, pass: true, emptyMatch: true, mapping: identity(gold.width) };
  }
  if (gold.width !== result.width) {
    return fail(score, null, { code: 'column_count', gold: gold.width, result: result.width });
  }
  const mapping = identity(gold.width);
  if (gold.height !== result.height) {
    return fail(score, mapping, { code: 'row_count', gold: gold.height, result: result.height });
  }
  const pairing = {
    gold,
    result,
    goldCols: mapping,
    resultCols: mapping,
    rules: specRules(tolerance, false),
    ...(labels ? { labels } : {}),
  };
  // Without an explanation to give, signatures that already differ skip the proof.
  if (
    tryProof &&
    (explain || pairingCouldMatch(pairing)) &&
    proveRowsMatch(gold.source, result.source, mapping, mapping, pairing.rules, orderMatters)
  ) {
    return { score, pass: true, emptyMatch: false, mapping };
  }
  const outcome = matchRows(pairing, orderMatters, !explain);
  if (outcome.ok) return { score, pass: true, emptyMatch: false, mapping };
  return fail(score, mapping, rowReason(outcome, gold, result));
}

function fail(score: Score, mapping: number[] | null, reason: Verdict['reason']): Verdict {
  return { score, pass: false, emptyMatch: false, mapping, ...(reason ? { reason } : {}) };
}
