import type { AccessPolicy } from '@nl2sql/access-policy';
import { compareAny, formatTies, formatVerdict, softF1, type TableLike } from '@nl2sql/comparator';
import { goldTiesFor } from '@nl2sql/suite';
import { type RoleGolds, roleGolds } from './role-golds.js';
import { type ScoreResult, type Scorer, verdict } from './scorer.js';

/**
 * result_match: an allowed run's one result set against the gold rows or any alternative,
 * strict and lenient (spec "How a run is scored", "Strict and lenient accuracy"). Applies
 * only where the role's outcome is allowed; refusals are the outcome scorer's. `engine` is the
 * datasource's (default sqlite): on PostgreSQL a case's `rows_by_engine.postgres` is the gold.
 * Under `policy` an alternative counts only for a role that may read all it reads.
 */
export function resultMatchScorer(
  options: { tolerance?: number; engine?: string; policy?: AccessPolicy } = {},
): Scorer {
  return {
    name: 'result_match',
    kind: 'execution',
    score(input): ScoreResult | null {
      if (input.kind !== 'ask' || input.expected !== 'allowed') return null;
      if (input.case.rows === undefined) return null;
      const { response } = input;
      if (response.status !== 'success') {
        const why = response.error
          ? `${response.error.code}: ${response.error.message}`
          : `status ${response.status}`;
        // BIRD's script scores a query that fails to run 0 (its error path).
        return verdict(false, `no rows to compare: the engine answered ${why}`, {
          engine_status: response.status,
          soft_f1: 0,
        });
      }
      const [result, ...more] = response.results;
      if (result === undefined || more.length > 0) {
        return verdict(false, `expected one result set, got ${response.results.length}`, {
          result_sets: response.results.length,
          soft_f1: 0,
        });
      }
      // Only the alternatives the role may read all of count (alt_reads; role-golds.ts).
      const role = roleGolds(
        input.case,
        input.role,
        options.policy,
        result.columns.length,
        options.engine,
      );
      const golds = role.tables;
      // Rows the gold's ORDER BY leaves tied may come in any order (decisions/order-ties.md).
      const ties = goldTiesFor(input.case, options.engine ?? 'sqlite');
      const compare = {
        orderMatters: input.case.order_matters,
        tolerance: options.tolerance,
        ...(ties ? { ties } : {}),
      };
      const strict = compareAny(golds, result, { ...compare, score: 'strict' });
      // Lenient is a superset of strict, so a strict pass needs no second search.
      const lenient = strict.pass
        ? strict
        : compareAny(golds, result, { ...compare, score: 'lenient' });
      // A matched gold is named by its place in the case (i + 1 for alt_sql[i]), not among
      // the role's golds.
      const place = (matched: number | null) =>
        matched === null ? null : (role.indexes[matched] ?? null);
      const said = (v: typeof strict) => formatVerdict({ ...v, matchedGold: place(v.matchedGold) });
      const explanation = strict.pass
        ? null
        : lenient.pass
          ? `${said(strict)} (lenient passes: ${said(lenient)})`
          : `${said(strict)}; ${said(lenient)}${withheldMatch(role, result, compare, input.role)}`;
      return {
        pass: strict.pass,
        lenient: lenient.pass,
        explanation,
        detail: {
          strict: {
            pass: strict.pass,
            matched_gold: place(strict.matchedGold),
            reason: strict.reason ?? null,
            // How order was compared, when up to the gold's ties (and a LIMIT's cut).
            ...(strict.ties ? { ties: strict.ties, ties_rule: formatTies(strict.ties) } : {}),
          },
          lenient: {
            pass: lenient.pass,
            matched_gold: place(lenient.matchedGold),
            mapping: lenient.mapping,
            reason: lenient.reason ?? null,
          },
          empty_match: strict.emptyMatch,
          ...(role.withheld.length > 0 ? { alternatives_withheld: role.withheld } : {}),
          truncated: result.truncated,
          soft_f1: softF1Of(golds, strict.matchedGold ?? lenient.matchedGold, result),
        },
      };
    },
  };
}

/**
 * BIRD mini-dev's Soft-F1 (a diagnostic, decisions/soft-f1.md) against the gold the result
 * matched, else the first (the case's rows for this engine). Null when the result was cut at
 * the row cap: a score over part of the rows is not the result's.
 */
function softF1Of(
  golds: readonly TableLike[],
  matched: number | null,
  result: TableLike & { truncated: boolean },
): number | null {
  const gold = golds[matched ?? 0];
  if (gold === undefined || result.truncated) return null;
  return softF1(gold, result);
}

/**
 * A failing result that an alternative held back from the role would have matched: said, so
 * a reader sees why the right-looking rows fail (the alternative reads what the role may not).
 */
function withheldMatch(
  role: RoleGolds,
  result: TableLike,
  compare: { orderMatters: boolean; tolerance: number | undefined },
  asked: string | null,
): string {
  if (role.withheld.length === 0) return '';
  const found = compareAny(role.withheldTables, result, { ...compare, score: 'lenient' });
  if (found.matchedGold === null) return '';
  const index = role.withheld[found.matchedGold] as number;
  return ` (the rows match alt_sql[${index}], which does not count for role ${asked}: it reads what the role may not read)`;
}
