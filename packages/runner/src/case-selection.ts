import { type EvalCase, type EvalSuite, isApproved } from '@nl2sql/suite';
import { RunnerError } from './runner-error.js';

export interface CaseSelection {
  /** Only these roles (each must appear in some case's outcome map). Default: every role. */
  readonly roles?: readonly string[];
  /** Only these case ids (each must be in the suite). Default: every case. */
  readonly cases?: readonly string[];
  /** Only cases carrying at least one of these tags. Default: every case. */
  readonly tags?: readonly string[];
}

/**
 * The approved cases a selection keeps, in suite order (a case without `approved` is approved). A case id used twice is
 * INVALID_SUITE: a case run is known by its id, so two cases would count as one.
 */
export function selectCases(suite: EvalSuite, selection: CaseSelection = {}): EvalCase[] {
  const ids = new Set<string>();
  for (const c of suite.cases) {
    if (ids.has(c.id)) {
      throw new RunnerError(
        'INVALID_SUITE',
        `suite ${suite.name}: case id ${JSON.stringify(c.id)} is used by more than one case`,
      );
    }
    ids.add(c.id);
  }
  for (const id of selection.cases ?? []) {
    if (!ids.has(id)) {
      throw new RunnerError(
        'UNKNOWN_CASE',
        `case ${JSON.stringify(id)} is not in suite ${suite.name}`,
      );
    }
  }
  const roles = new Set(suite.cases.flatMap((c) => Object.keys(c.outcome)));
  for (const role of selection.roles ?? []) {
    if (!roles.has(role)) {
      throw new RunnerError(
        'UNKNOWN_ROLE',
        `role ${JSON.stringify(role)} is in no case's outcome map (roles: ${[...roles].sort().join(', ')})`,
      );
    }
  }
  const wantIds = selection.cases ? new Set(selection.cases) : null;
  const wantTags = selection.tags ? new Set(selection.tags) : null;
  return suite.cases.filter(
    (c) =>
      isApproved(c) &&
      (wantIds === null || wantIds.has(c.id)) &&
      (wantTags === null || c.tags.some((t) => wantTags.has(t))),
  );
}
