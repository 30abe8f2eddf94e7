// What a run says about the cases it does not ask: drafts waiting for review are skipped, and
// the user is told how many and where to approve them, so a short board is never a surprise.

import { type EvalSuite, unapprovedCases } from '@nl2sql/suite';

/** `N unapproved case(s) skipped; nl2sql suite review`, or undefined when every case runs. */
export function unapprovedNote(suite: EvalSuite): string | undefined {
  const n = unapprovedCases(suite).length;
  if (n === 0) return undefined;
  return `${n} unapproved case${n === 1 ? '' : 's'} skipped; nl2sql suite review`;
}
