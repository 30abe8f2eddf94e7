// Review: the draft cases (`approved: false`) a person still has to read, and marking the ones
// they have read as approved. Approving is all or nothing: one id that is not a case in the
// suite refuses the whole request, so a typo never approves a different set than was meant.
// `all` approves every draft. A draft whose gold rows are missing (its SQL failed when they
// were computed) is never approved, by id or by `all`: it could not be scored, and an
// approved case without rows blocks every run (lint's rows-missing).

import { type EvalCase, type EvalSuite, isApproved } from './case.js';

/** The cases that wait for review, in suite order. */
export function unapprovedCases(suite: EvalSuite): EvalCase[] {
  return suite.cases.filter((c) => !isApproved(c));
}

/** An approve request named ids the suite does not have; nothing was approved. */
export class UnknownCaseError extends Error {
  readonly code = 'UNKNOWN_CASE';
  readonly ids: readonly string[];
  constructor(suiteName: string, ids: readonly string[]) {
    super(
      `suite ${suiteName} has no case ${ids.join(', ')}; nothing was approved (nl2sql suite review lists the drafts)`,
    );
    this.name = 'UnknownCaseError';
    this.ids = ids;
    this.stack = `${this.name}: ${this.message}`;
  }
}

export interface ApproveResult {
  /** The suite with those cases approved (the input is not changed). */
  readonly suite: EvalSuite;
  /** The ids that were drafts and are approved now, in suite order. */
  readonly approved: string[];
  /** The ids that were approved already. */
  readonly already: string[];
  /** Drafts left unapproved, and why (their gold rows are missing). */
  readonly refused: Array<{ readonly id: string; readonly reason: string }>;
}

/** The word `--approve` takes for every draft of the suite. */
export const APPROVE_ALL = 'all';

/** Why a draft cannot be approved, or undefined when it can. */
export function unapprovableReason(c: EvalCase): string | undefined {
  if (c.sql !== undefined && c.rows === undefined)
    return 'its gold rows are missing (nl2sql suite regenerate writes them; a SQL that fails there needs fixing)';
  return undefined;
}

/**
 * Marks the cases `ids` (or every draft, for APPROVE_ALL) approved (`approved: true`), except
 * drafts without gold rows (`refused`). Throws UnknownCaseError.
 */
export function approveCases(
  suite: EvalSuite,
  ids: readonly string[] | typeof APPROVE_ALL,
): ApproveResult {
  const all = ids === APPROVE_ALL;
  const wanted = new Set(all ? [] : ids);
  const known = new Set(suite.cases.map((c) => c.id));
  const unknown = [...wanted].filter((id) => !known.has(id));
  if (unknown.length > 0) throw new UnknownCaseError(suite.name, unknown);
  const approved: string[] = [];
  const already: string[] = [];
  const refused: ApproveResult['refused'] = [];
  const cases = suite.cases.map((c) => {
    if (!all && !wanted.has(c.id)) return c;
    if (isApproved(c)) {
      if (!all) already.push(c.id);
      return c;
    }
    const reason = unapprovableReason(c);
    if (reason !== undefined) {
      refused.push({ id: c.id, reason });
      return c;
    }
    approved.push(c.id);
    return { ...c, approved: true };
  });
  return { suite: { ...suite, cases }, approved, already, refused };
}
