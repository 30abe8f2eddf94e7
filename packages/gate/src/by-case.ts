import { GateInputError } from './gate-input-error.js';
import type { CaseRef, CaseRun } from './run-summary.js';

/**
 * The key a case is counted under: the case id, or `caseId@role` when the run has roles.
 * In mode full a case is asked once per role, and each (case, role) passes or fails alone.
 */
export function caseKey(ref: CaseRef): string {
  return ref.role === undefined ? ref.caseId : `${ref.caseId}@${ref.role}`;
}

/**
 * Groups case runs by case (see `caseKey`), each group ordered by pass, checking each run
 * on the way so every statistic downstream can trust its input. `where` names the runs in
 * error messages (e.g. `current config gpt-5.4`).
 */
export function byCase<R extends CaseRun>(runs: readonly R[], where = 'runs'): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  const refs = new Map<string, CaseRef>();
  runs.forEach((run, index) => {
    assertCaseRun(run, `${where}[${index}]`);
    const key = caseKey(run);
    const ref = refs.get(key);
    if (ref === undefined) {
      refs.set(key, { caseId: run.caseId, role: run.role });
    } else if (ref.caseId !== run.caseId || ref.role !== run.role) {
      throw new GateInputError(
        'INVALID_RUN',
        `${where}[${index}]: case ${JSON.stringify(run.caseId)} as role ${JSON.stringify(run.role)} has the same key ${JSON.stringify(key)} as case ${JSON.stringify(ref.caseId)} as role ${JSON.stringify(ref.role)}`,
      );
    }
    const group = groups.get(key);
    // Groups hold one run per pass, a handful at most, so a scan beats a keyed set.
    if (group?.some((other) => other.pass === run.pass)) {
      throw new GateInputError(
        'INVALID_RUN',
        `${where}[${index}]: case ${key} appears twice in pass ${run.pass}`,
      );
    }
    if (group === undefined) groups.set(key, [run]);
    else group.push(run);
  });
  for (const group of groups.values()) group.sort((a, b) => a.pass - b.pass);
  return groups;
}

function assertCaseRun(run: CaseRun, where: string): void {
  const fail = (what: string): never => {
    throw new GateInputError('INVALID_RUN', `${where}: ${what}`);
  };
  if (typeof run.caseId !== 'string' || run.caseId === '') {
    fail(`caseId must be a non-empty string, got ${JSON.stringify(run.caseId)}`);
  }
  if (run.role !== undefined && typeof run.role !== 'string') {
    fail(`role must be a string when present, got ${JSON.stringify(run.role)}`);
  }
  if (!Number.isInteger(run.pass) || run.pass < 1) {
    fail(`pass must be an integer from 1 (case ${run.caseId}), got ${run.pass}`);
  }
  if (typeof run.passed !== 'boolean') {
    fail(`passed must be a boolean (case ${run.caseId}), got ${JSON.stringify(run.passed)}`);
  }
  if (run.passedGenerated !== undefined && typeof run.passedGenerated !== 'boolean') {
    fail(`passedGenerated must be a boolean when present (case ${run.caseId})`);
  }
  if (run.costUsd !== undefined && !(Number.isFinite(run.costUsd) && run.costUsd >= 0)) {
    fail(`costUsd must be a finite number >= 0 (case ${run.caseId}), got ${run.costUsd}`);
  }
}

/** Runs grouped by case: what `byCase` returns, or a plain object keyed by case. */
export type RunsByCase<T> =
  | ReadonlyMap<string, readonly T[]>
  | Readonly<Record<string, readonly T[]>>;

/** The (key, runs) pairs of either form of `RunsByCase`. */
export function caseEntries<T>(runsByCase: RunsByCase<T>): [string, readonly T[]][] {
  return runsByCase instanceof Map
    ? [...(runsByCase as ReadonlyMap<string, readonly T[]>).entries()]
    : Object.entries(runsByCase as Readonly<Record<string, readonly T[]>>);
}
