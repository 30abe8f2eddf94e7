// How `nl2sql suite review` shows a pending alt_sql proposal: what a reviewer needs to decide
// "this SQL answers the question as the gold does" without opening two files: the label to
// approve or reject it by, the question, the gold SQL, the proposed SQL, the judge's reason,
// which judge proposed it, when, and for which roles.

import type { AltSqlProposal, EvalCase } from '@nl2sql/suite';
import { printable } from './review-text.js';

/** A pending proposal as `suite review --json` prints it. */
export interface ProposalView {
  /** The label to approve or reject it by (`CASE_ID#N`). */
  id: string;
  case_id: string;
  /** The case's question, or null when the suite has no such case any more. */
  question: string | null;
  gold_sql: string | null;
  /** The alternatives the case already has. */
  alt_sql_now: string[];
  alt_sql: string;
  reason: string;
  judge: string;
  proposed_at: string;
  roles: string[];
  /**
   * `sql` or `alt_sql[N]` when the case already holds this SQL (an approval stopped before the
   * queue was written, or added by hand): the next settling review drops it. Else null.
   */
  already_gold: string | null;
}

/** The view of proposal `p` labelled `id`, for the case `c` it names (if the suite has it). */
export function proposalView(
  id: string,
  p: AltSqlProposal,
  c: EvalCase | undefined,
  alreadyGold: string | null = null,
): ProposalView {
  return {
    id,
    case_id: p.case_id,
    question: c?.question ?? null,
    gold_sql: c?.sql ?? null,
    alt_sql_now: c?.alt_sql ?? [],
    alt_sql: p.alt_sql,
    reason: p.reason,
    judge: p.judge,
    proposed_at: p.proposed_at,
    roles: p.roles,
    already_gold: alreadyGold,
  };
}

function sqlLines(label: string, sql: string): string[] {
  return [`  ${label}:`, ...sql.split('\n').map((line) => `    ${printable(line)}`)];
}

/** One proposal as lines of text. */
export function proposalText(v: ProposalView): string {
  const roles = v.roles.length > 0 ? ` for ${v.roles.join(', ')}` : '';
  const lines = [`${v.id}  (proposed ${v.proposed_at} by ${printable(v.judge)}${roles})`];
  if (v.question === null) {
    lines.push(
      `  case ${printable(v.case_id)} is not in the suite any more: reject it (--reject-proposal ${printable(v.id)})`,
    );
  } else {
    lines.push(`  question: ${printable(v.question)}`);
    if (v.gold_sql !== null) lines.push(...sqlLines('gold sql', v.gold_sql));
    if (v.alt_sql_now.length > 0) lines.push(`  alt_sql already: ${v.alt_sql_now.length}`);
    if (v.already_gold !== null)
      lines.push(
        `  the case already holds this SQL as its ${v.already_gold} (approved before the queue was written, or added by hand): the next --approve-proposal or --reject-proposal drops it`,
      );
  }
  lines.push(...sqlLines('proposed alt_sql', v.alt_sql));
  lines.push(`  judge's reason: ${printable(v.reason.replace(/\s*\n\s*/g, ' '))}`);
  return lines.join('\n');
}
