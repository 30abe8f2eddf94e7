// Review: the draft cases (`approved: false`) a person still has to read, and marking the ones
// they have read as approved. Approving is all or nothing: one id that is not a case in the
// suite refuses the whole request, so a typo never approves a different set than was meant.

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
}

/** Marks the cases `ids` approved (`approved: true`). Throws UnknownCaseError. */
export function approveCases(suite: EvalSuite, ids: readonly string[]): ApproveResult {
  const wanted = new Set(ids);
  const known = new Set(suite.cases.map((c) => c.id));
  const unknown = [...wanted].filter((id) => !known.has(id));
  if (unknown.length > 0) throw new UnknownCaseError(suite.name, unknown);
  const approved: string[] = [];
  const already: string[] = [];
  const cases = suite.cases.map((c) => {
    if (!wanted.has(c.id)) return c;
    if (isApproved(c)) {
      already.push(c.id);
      return c;
    }
    approved.push(c.id);
    return { ...c, approved: true };
  });
  return { suite: { ...suite, cases }, approved, already };
}
