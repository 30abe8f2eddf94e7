// Queued proposals whose SQL the suite already holds as a gold of their case. Approving writes
// the suite first and the queue second (write-reviewed-suite.ts), so a review stopped between
// the two leaves exactly this: the alternative in the suite and its proposal still queued. A
// person may also have added the alternative by hand. Either way nothing is left to decide:
// review drops such a proposal with a note instead of approving it twice or refusing it
// (decisions/suite-review-queue.md).

import type { AltSqlProposal, AltSqlProposals } from './alt-sql-proposals.js';
import type { EvalSuite } from './case.js';
import { proposalLabels } from './proposal-label.js';
import { sameSql } from './same-sql.js';

/** A queued proposal the suite already answers, and which gold it already is. */
export interface ProposalAlreadyGold {
  /** Its index in the queue as read. */
  index: number;
  /** Its label in the queue as read (`CASE_ID#N`). */
  label: string;
  proposal: AltSqlProposal;
  /** `sql` or `alt_sql[N]`: the field of the case that holds the same SQL. */
  gold: string;
}

/** Every proposal of `queue` whose SQL is the same (sameSql) as one of its case's golds. */
export function proposalsAlreadyGold(
  suite: EvalSuite,
  queue: AltSqlProposals,
): ProposalAlreadyGold[] {
  const byId = new Map(suite.cases.map((c) => [c.id, c]));
  const labels = proposalLabels(queue);
  return queue.proposals.flatMap((proposal, index) => {
    const c = byId.get(proposal.case_id);
    if (c?.sql === undefined) return [];
    const golds = [c.sql, ...(c.alt_sql ?? [])];
    const at = golds.findIndex((g) => sameSql(g, proposal.alt_sql));
    if (at === -1) return [];
    const gold = at === 0 ? 'sql' : `alt_sql[${at - 1}]`;
    return [{ index, label: labels[index] as string, proposal, gold }];
  });
}
