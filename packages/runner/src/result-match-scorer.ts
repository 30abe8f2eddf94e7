import { compareAny, formatTies, formatVerdict } from '@nl2sql/comparator';
import { goldTiesFor } from '@nl2sql/suite';
import { goldTables } from './gold-tables.js';
import { type ScoreResult, type Scorer, verdict } from './scorer.js';

/**
 * result_match: an allowed run's one result set against the gold rows or any alternative,
 * strict and lenient (spec "How a run is scored", "Strict and lenient accuracy"). Applies
 * only where the role's outcome is allowed; refusals are the outcome scorer's. `engine` is the
 * datasource's (default sqlite): on PostgreSQL a case's `rows_by_engine.postgres` is the gold.
 */
export function resultMatchScorer(options: { tolerance?: number; engine?: string } = {}): Scorer {
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
        return verdict(false, `no rows to compare: the engine answered ${why}`, {
          engine_status: response.status,
        });
      }
      const [result, ...more] = response.results;
      if (result === undefined || more.length > 0) {
        return verdict(false, `expected one result set, got ${response.results.length}`, {
          result_sets: response.results.length,
        });
      }
      const golds = goldTables(input.case, result.columns.length, options.engine);
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
      const explanation = strict.pass
        ? null
        : lenient.pass
          ? `${formatVerdict(strict)} (lenient passes: ${formatVerdict(lenient)})`
          : `${formatVerdict(strict)}; ${formatVerdict(lenient)}`;
      return {
        pass: strict.pass,
        lenient: lenient.pass,
        explanation,
        detail: {
          strict: {
            pass: strict.pass,
            matched_gold: strict.matchedGold,
            reason: strict.reason ?? null,
            // How order was compared, when up to the gold's ties (and a LIMIT's cut).
            ...(strict.ties ? { ties: strict.ties, ties_rule: formatTies(strict.ties) } : {}),
          },
          lenient: {
            pass: lenient.pass,
            matched_gold: lenient.matchedGold,
            mapping: lenient.mapping,
            reason: lenient.reason ?? null,
          },
          empty_match: strict.emptyMatch,
          truncated: result.truncated,
        },
      };
    },
  };
}
