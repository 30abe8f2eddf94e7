import { createHash } from 'node:crypto';
import type { Mode } from '@nl2sql/records';
import { type EvalCase, type EvalSuite, isAnswerable, type Outcome } from '@nl2sql/suite';
import { type CaseSelection, selectCases } from './case-selection.js';
import type { EvalConfig } from './eval-config.js';
import { RunnerError } from './runner-error.js';

/** One ask of a case: a role (null when the case has no roles) and a pass. */
export interface PlannedRun {
  readonly caseId: string;
  readonly role: string | null;
  readonly pass: number;
  /** What this role's run must end in. */
  readonly expected: Outcome;
}

/** One unit of work: a case run under one config, in the run's order. */
export interface CaseTask {
  /** Identifies the task in the journal and among results (see taskKey). */
  readonly key: string;
  /** Position in the run: passes first, then configs, then suite order. */
  readonly order: number;
  readonly config: EvalConfig;
  readonly case: EvalCase;
  readonly role: string | null;
  readonly pass: number;
  readonly expected: Outcome;
}

/** What a run will do. */
export interface TaskList {
  /** The approved cases the selection keeps, in suite order. */
  readonly cases: readonly EvalCase[];
  /** The case runs of one config (every pass). */
  readonly runs: readonly PlannedRun[];
  /** Every config's case runs, in the order they are started. */
  readonly tasks: readonly CaseTask[];
  /** The roles asked as, sorted (empty when the cases have no roles). */
  readonly roles: readonly string[];
  /** SHA-256 of the task keys in order: a journal resumes only the same task list. */
  readonly digest: string;
}

function outcomeWithoutRoles(c: EvalCase): Outcome {
  return isAnswerable(c) ? 'allowed' : 'unanswerable';
}

/**
 * The case runs of a selection: each case once per role in its outcome map (a case with no
 * roles once, role null), repeated per pass. Mode retrieval asks only answerable cases, once
 * per role allowed to read them: a refused role's retrieval would be scored against tables
 * it may not see.
 */
export function plannedRuns(
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

/** The key a case run of a config is journalled and found under. */
export function taskKey(
  config: string,
  run: { readonly caseId: string; readonly role: string | null; readonly pass: number },
): string {
  return JSON.stringify([config, run.caseId, run.role, run.pass]);
}

/**
 * Suite x selection x roles x passes x configs -> the run's tasks: pass 1 of every config,
 * then pass 2, ... so a stopped run has covered whole passes first. NO_CASES when the
 * selection keeps nothing.
 */
export function listTasks(
  suite: EvalSuite,
  selection: CaseSelection,
  mode: Mode,
  passes: number,
  configs: readonly EvalConfig[],
): TaskList {
  const cases = selectCases(suite, selection);
  const runs = plannedRuns(cases, mode, passes, selection.roles);
  if (runs.length === 0) {
    throw new RunnerError(
      'NO_CASES',
      `no approved case of suite ${suite.name} matches the selection`,
    );
  }
  const byId = new Map(cases.map((c) => [c.id, c]));
  const tasks: CaseTask[] = [];
  for (let pass = 1; pass <= passes; pass++) {
    for (const config of configs) {
      for (const run of runs) {
        if (run.pass !== pass) continue;
        tasks.push({
          key: taskKey(config.name, run),
          order: tasks.length,
          config,
          case: byId.get(run.caseId) as EvalCase,
          role: run.role,
          pass,
          expected: run.expected,
        });
      }
    }
  }
  const roles = [...new Set(runs.flatMap((r) => (r.role === null ? [] : [r.role])))].sort();
  const digest = createHash('sha256')
    .update(JSON.stringify(tasks.map((t) => t.key)))
    .digest('hex');
  return { cases, runs, tasks, roles, digest };
}

/** The resume filter: the tasks whose key is not among the finished ones, in order. */
export function pendingTasks(
  tasks: readonly CaseTask[],
  finished: ReadonlySet<string>,
): CaseTask[] {
  return tasks.filter((t) => !finished.has(t.key));
}
