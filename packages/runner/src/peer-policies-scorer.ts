// What each public leaderboard's own rule says of a case run's rows, beside ours: Spider's
// `result_eq` (multiset, column permutations, order only when the gold has a top-level ORDER
// BY), BIRD's set equality, Defog's `compare_df`-or-`subset_df`. The same executed rows and
// the same golds (the case's rows and each alternative, as result_match compares them); a
// diagnostic, so it never changes a case run's status. Where the rules disagree, the board
// names the rule that decided each failure (decisions/peer-policies-board.md).
import { comparePolicy, type Policy } from '@nl2sql/comparator';
import { goldTables } from './gold-tables.js';
import { type ScoreResult, type Scorer, verdict } from './scorer.js';

/** The peers' rules the scorer applies, by the name boards use, and the comparator's policy. */
export const PEER_POLICIES = [
  ['spider', 'spider'],
  ['bird', 'bird'],
  ['defog', 'subset'],
] as const satisfies ReadonlyArray<readonly [string, Policy]>;

export type PeerPolicyName = (typeof PEER_POLICIES)[number][0];

/** One peer's verdict of a case run: passed, or the comparator's reason code for the failure. */
export interface PeerVerdict {
  readonly pass: boolean;
  /** Why it failed (`row_count`, `order`, `row_mismatch` ..., or `no_rows`); null on a pass. */
  readonly reason: string | null;
}

/**
 * peer_policies: the peers' verdicts of an allowed case run with gold rows, in `detail`
 * (`{spider: {pass, reason}, bird: ..., defog: ...}`). An answer with no result set fails
 * every rule (`no_rows`), as it does in their scripts. `pass` is true when every rule passed.
 */
export function peerPoliciesScorer(options: { engine?: string } = {}): Scorer {
  return {
    name: 'peer_policies',
    kind: 'diagnostic',
    score(input): ScoreResult | null {
      if (input.kind !== 'ask' || input.expected !== 'allowed') return null;
      if (input.case.rows === undefined) return null;
      const { response } = input;
      const [result, ...more] = response.results;
      const detail: Record<string, PeerVerdict> = {};
      for (const [name, policy] of PEER_POLICIES) {
        if (response.status !== 'success' || result === undefined || more.length > 0) {
          detail[name] = { pass: false, reason: 'no_rows' };
          continue;
        }
        const golds = goldTables(input.case, result.columns.length, options.engine);
        // Spider decides order from the gold SQL; BIRD never orders; Defog by the case.
        const order =
          policy === 'spider'
            ? input.case.sql === undefined
              ? { orderMatters: input.case.order_matters }
              : { goldSql: input.case.sql }
            : policy === 'bird'
              ? {}
              : { orderMatters: input.case.order_matters };
        let reason: string | null = 'row_mismatch';
        for (const gold of golds) {
          const v = comparePolicy(policy, gold, result, order);
          if (v.pass) {
            reason = null;
            break;
          }
          if (gold === golds[0]) reason = v.reason?.code ?? 'row_mismatch';
        }
        detail[name] = { pass: reason === null, reason };
      }
      const all = Object.values(detail).every((v) => v.pass);
      return verdict(all, all ? null : 'a peer rule fails it', detail);
    },
  };
}
