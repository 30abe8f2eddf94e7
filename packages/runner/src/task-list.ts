import { createHash } from 'node:crypto';
import type { Mode } from '@nl2sql/records';
import { type EvalCase, type EvalSuite, isAnswerable, type Outcome } from '@nl2sql/suite';
import { type CaseSelection, selectCases } from './case-selection.js';
import type { EvalConfig } from './eval-config.js';
import { RunnerError } from './runner-error.js';
import { type Shard, shardOfCase } from './shard.js';

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

/**
 * What a shard's task list knows of the whole run it is part of: enough for `mergeShards`
 * to check that the shards cover the run exactly and to put their case runs back in the
 * run's order, without the suite.
 */
export interface ShardPart extends Shard {
  /** The whole run's task-list digest (every shard's tasks, in the run's order). */
  readonly runDigest: string;
  /** Case runs the whole run plans, over every config, pass and shard. */
  readonly runPlannedCases: number;
  /** Each of this shard's cases by id: its position in the suite (the run's case order). */
  readonly casePositions: ReadonlyMap<string, number>;
}

/** What a run (or one shard of it) will do. */
export interface TaskList {
  /** The approved cases the selection keeps (in a shard: those of the shard), in suite order. */
  readonly cases: readonly EvalCase[];
  /** The case runs of one config (every pass). */
  readonly runs: readonly PlannedRun[];
  /** Every config's case runs, in the order they are started. */
  readonly tasks: readonly CaseTask[];
  /**
   * The roles the run asks as, sorted (empty when the cases have no roles). In a shard, the
   * whole run's: a board's settings name the run, whichever shard made it.
   */
  readonly roles: readonly string[];
  /** SHA-256 of the task keys in order: a journal resumes only the same task list. */
  readonly digest: string;
  /** The shard this list is, with what it knows of the whole run; null for a whole run. */
  readonly shard: ShardPart | null;
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

function tasksDigest(tasks: readonly CaseTask[]): string {
  return taskKeysDigest(
    (function* () {
      for (const task of tasks) yield task.key;
    })(),
  );
}

/**
 * Suite x selection x roles x passes x configs -> the run's tasks: pass 1 of every config,
 * then pass 2, ... so a stopped run has covered whole passes first. NO_CASES when the
 * selection keeps nothing.
 *
 * With a shard, only the cases `shardOfCase` puts in it, with every role, pass and config of
 * each, in the same order as in the whole run. A shard may be empty (a small selection over
 * many shards): its run has nothing to ask and still reports, so the merge finds every shard.
 */
export function listTasks(
  suite: EvalSuite,
  selection: CaseSelection,
  mode: Mode,
  passes: number,
  configs: readonly EvalConfig[],
  shard?: Shard,
): TaskList {
  const whole = wholeTaskList(suite, selection, mode, passes, configs);
  if (shard === undefined) return whole;
  const mine = (id: string) => shardOfCase(id, shard.count) === shard.index;
  const cases = whole.cases.filter((c) => mine(c.id));
  const tasks = whole.tasks.filter((t) => mine(t.case.id)).map((t, order) => ({ ...t, order }));
  const positions = new Map(suite.cases.map((c, i) => [c.id, i]));
  return {
    cases,
    runs: whole.runs.filter((r) => mine(r.caseId)),
    tasks,
    roles: whole.roles,
    digest: tasksDigest(tasks),
    shard: {
      index: shard.index,
      count: shard.count,
      runDigest: whole.digest,
      runPlannedCases: whole.tasks.length,
      casePositions: new Map(cases.map((c) => [c.id, positions.get(c.id) as number])),
    },
  };
}

function wholeTaskList(
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
  return { cases, runs, tasks, roles, digest: tasksDigest(tasks), shard: null };
}

/**
 * SHA-256 of the JSON array of task keys, in order: `TaskList.digest`, and what the merge
 * recomputes over the shards' case runs. Fed key by key, so no string of the whole list is
 * built.
 */
export function taskKeysDigest(keys: Iterable<string>): string {
  const hash = createHash('sha256');
  let first = true;
  hash.update('[');
  for (const key of keys) {
    hash.update(first ? JSON.stringify(key) : `,${JSON.stringify(key)}`);
    first = false;
  }
  return hash.update(']').digest('hex');
}

/** The resume filter: the tasks whose key is not among the finished ones, in order. */
export function pendingTasks(
  tasks: readonly CaseTask[],
  finished: ReadonlySet<string>,
): CaseTask[] {
  return tasks.filter((t) => !finished.has(t.key));
}
