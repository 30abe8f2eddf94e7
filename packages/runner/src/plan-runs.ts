import type { Mode } from '@nl2sql/gate';
import { type EvalCase, type EvalSuite, isAnswerable, type Outcome } from '@nl2sql/suite';
import type { PlannedRun } from './case-run.js';
import { RunnerError } from './runner-error.js';

export interface CaseSelection {
  /** Only these roles (each must appear in some case's outcome map). Default: every role. */
  readonly roles?: readonly string[];
  /** Only these case ids (each must be in the suite). Default: every case. */
  readonly cases?: readonly string[];
  /** Only cases carrying at least one of these tags. Default: every case. */
  readonly tags?: readonly string[];
}

/** The approved cases a selection keeps, in suite order. */
export function selectCases(suite: EvalSuite, selection: CaseSelection = {}): EvalCase[] {
  const ids = new Set(suite.cases.map((c) => c.id));
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
      c.approved &&
      (wantIds === null || wantIds.has(c.id)) &&
      (wantTags === null || c.tags.some((t) => wantTags.has(t))),
  );
}

function outcomeWithoutRoles(c: EvalCase): Outcome {
  return isAnswerable(c) ? 'allowed' : 'unanswerable';
}

/**
 * The case runs of one pass: each case once per role in its outcome map (a case with no
 * roles once, role null). Mode retrieval asks only answerable cases, once per role allowed
 * to read them: a refused role's retrieval would be scored against tables it may not see.
 */
export function planRuns(
  cases: readonly EvalCase[],
  mode: Mode,
  passes: number,
  roles?: readonly string[],
): PlannedRun[] {
  const wanted = roles ? new Set(roles) : null;
  const one: Array<Omit<PlannedRun, 'pass'>> = [];
  for (const c of cases) {
    if (mode === 'retrieval' && !isAnswerable(c)) continue;
    const entries = Object.entries(c.outcome);
    if (entries.length === 0) {
      if (wanted === null) one.push({ caseId: c.id, role: null, expected: outcomeWithoutRoles(c) });
      continue;
    }
    for (const [role, expected] of entries) {
      if (wanted !== null && !wanted.has(role)) continue;
      if (mode === 'retrieval' && expected !== 'allowed') continue;
      one.push({ caseId: c.id, role, expected });
    }
  }
  const runs: PlannedRun[] = [];
  for (let pass = 1; pass <= passes; pass++) {
    for (const run of one) runs.push({ ...run, pass });
  }
  return runs;
}

/** The key a case run is journalled and deduplicated under. */
export function runKey(
  config: string,
  run: { caseId: string; role: string | null; pass: number },
): string {
  return JSON.stringify([config, run.caseId, run.role, run.pass]);
}
