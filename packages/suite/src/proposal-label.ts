// How a person names a proposal in the review queue: `CASE_ID#N`, the case and the proposal's
// place among that case's pending proposals (1 first, in queue order). A bare `CASE_ID` names
// the case's only proposal; with more than one it is refused rather than guessed. Labels
// are counted on the queue as read, so every label of one request names what the listing showed.

import type { AltSqlProposals } from './alt-sql-proposals.js';

/** The label of every proposal of `queue`, in queue order (`chinook_001#1`, ...). */
export function proposalLabels(queue: AltSqlProposals): string[] {
  const seen = new Map<string, number>();
  return queue.proposals.map((p) => {
    const n = (seen.get(p.case_id) ?? 0) + 1;
    seen.set(p.case_id, n);
    return `${p.case_id}#${n}`;
  });
}

/** A selector named no proposal, or more than one. */
export type ProposalSelectorProblem = 'unknown' | 'ambiguous';

/**
 * The queue index `selector` names, or the problem with it. `CASE_ID#N` names one proposal;
 * `CASE_ID` names the case's only one. A case id that itself contains `#` is matched whole
 * first, so such ids stay selectable.
 */
export function selectProposal(
  queue: AltSqlProposals,
  selector: string,
): { index: number } | { problem: ProposalSelectorProblem; choices: string[] } {
  const labels = proposalLabels(queue);
  const exact = labels.indexOf(selector);
  if (exact !== -1) return { index: exact };
  const ofCase = queue.proposals.flatMap((p, i) => (p.case_id === selector ? [i] : []));
  if (ofCase.length === 1) return { index: ofCase[0] as number };
  if (ofCase.length > 1)
    return { problem: 'ambiguous', choices: ofCase.map((i) => labels[i] as string) };
  return { problem: 'unknown', choices: [] };
}
