/**
 * The lenient score: every gold column answered by a distinct result column, wherever it
 * sits, with rows still lining up. Guardrails: the column cap max(2g, g+2) and no constant
 * columns once there is more than one row. One extra normalisation: date/period labels.
 * Strict runs first, so lenient accepts everything strict accepts by construction; and
 * the constant rule applies only when the result carries extra columns (see
 * decisions/comparator-tolerance-and-lenient-rules.md), so column order never matters.
 */
import { assignmentVerdict } from './assignment-verdict.js';
import { DEFAULT_MAX_LEAVES, searchAssignment } from './column-assignment.js';
import { proveColumnsMatch } from './column-proof.js';
import { resolveOptions } from './options.js';
import { type PreparedTable, prepareTable, readShape } from './prepared-table.js';
import { strictVerdict, withTies } from './strict.js';
import type { CompareOptions, TableLike } from './table.js';
import { planTies } from './ties.js';
import { specRules } from './value-rules.js';
import type { Verdict } from './verdict.js';

/** The most result columns lenient accepts for a gold answer of `goldColumns` columns. */
export function lenientColumnCap(goldColumns: number): number {
  return Math.max(2 * goldColumns, goldColumns + 2);
}

export function compareLenient(gold: TableLike, result: TableLike, opts?: CompareOptions): Verdict {
  const o = resolveOptions(opts);
  const plan = planTies(gold, result, opts?.ties, o.orderMatters, specRules(o.tolerance, true));
  const g = plan?.gold ?? gold;
  return withTies(
    lenientByProof(g, result, o.orderMatters, o.tolerance) ??
      lenientVerdict(
        prepareTable(g),
        prepareTable(result),
        o.orderMatters,
        o.tolerance,
        true,
        plan?.labels,
      ),
    plan,
  );
}

/**
 * The common right answers, the gold's columns in some order, perhaps beside a few extra
 * columns, proven straight from the source rows (column-proof.ts); null when not proven
 * (the caller runs lenientVerdict). Results the guardrails refuse (too narrow, beyond the
 * cap, another row count) are left to lenientVerdict, which explains them; the constant
 * rule is kept by the proof.
 */
export function lenientByProof(
  gold: TableLike,
  result: TableLike,
  orderMatters: boolean,
  tolerance: number,
): Verdict | null {
  const g = readShape(gold);
  const r = readShape(result);
  if (g.rows.length !== r.rows.length) return null;
  if (r.width < g.width || r.width > lenientColumnCap(g.width)) return null;
  const rules = specRules(tolerance, true);
  const mapping = proveColumnsMatch(gold, result, g.width, r.width, rules, orderMatters);
  if (mapping === null) return null;
  return { score: 'lenient', pass: true, emptyMatch: false, mapping };
}

/**
 * The full lenient comparison. Callers try lenientByProof first, which covers the strict
 * proof (the identity), so the strict step here does not repeat it. `proofs` lets the
 * assignment search prove a mapping's rows from the source rows before its full check
 * (false gives the comparison with no proof at all, as the tests use for reference).
 */
export function lenientVerdict(
  gold: PreparedTable,
  result: PreparedTable,
  orderMatters: boolean,
  tolerance: number,
  proofs = true,
  labels?: Int32Array,
): Verdict {
  const strict = strictVerdict(
    gold,
    result,
    orderMatters,
    tolerance,
    'lenient',
    false,
    false,
    labels,
  );
  if (strict.pass) return strict;
  const score = 'lenient';
  if (gold.height !== result.height) {
    const reason = { code: 'row_count', gold: gold.height, result: result.height } as const;
    return { score, pass: false, emptyMatch: false, mapping: null, reason };
  }
  if (result.width < gold.width) {
    const reason = { code: 'column_count', gold: gold.width, result: result.width } as const;
    return { score, pass: false, emptyMatch: false, mapping: null, reason };
  }
  const cap = lenientColumnCap(gold.width);
  if (result.width > cap) {
    const reason = { code: 'column_cap', gold: gold.width, result: result.width, cap } as const;
    return { score, pass: false, emptyMatch: false, mapping: null, reason };
  }
  const found = searchAssignment({
    gold,
    result,
    rules: specRules(tolerance, true),
    orderMatters,
    // With exactly the gold's width every result column answers one gold column, so the
    // result is the gold up to column order; constants are barred only alongside extra
    // columns. This keeps lenient independent of column order and a superset of strict.
    excludeConstant: result.width > gold.width,
    maxLeaves: DEFAULT_MAX_LEAVES,
    tryProof: proofs,
    ...(labels ? { labels } : {}),
  });
  return assignmentVerdict(score, found, gold, result);
}
