import { byCase } from './by-case.js';
import { mcnemarExact } from './mcnemar.js';
import type { CaseRef, CaseRun, RunSummary, Score } from './run-summary.js';

/** How the cases of one config moved between a baseline and a current run. */
export interface Flips {
  readonly config: string;
  readonly score: Score;
  /** Cases present in both runs: the only ones compared. */
  readonly paired: number;
  /** Cases that went pass -> fail, sorted by case id then role. */
  readonly lost: readonly CaseRef[];
  /** Cases that went fail -> pass, sorted by case id then role. */
  readonly gained: readonly CaseRef[];
  readonly bothPassed: number;
  readonly bothFailed: number;
  /** Cases only one run has (a run stopped by its cost cap covers fewer cases). */
  readonly onlyInBaseline: readonly CaseRef[];
  readonly onlyInCurrent: readonly CaseRef[];
  /** McNemar's exact two-sided p-value on lost vs gained. */
  readonly pValue: number;
}

/** Options for `configFlips`. */
export interface FlipsOptions {
  /** The config name to report (default `default`). */
  readonly config?: string;
  /** Which pass/fail to compare (default `execution`). */
  readonly score?: Score;
}

/**
 * Compares one config's case runs case by case. A case counts as passed only when every
 * pass passed, so a case that became flaky over three passes reads as lost.
 */
export function configFlips(
  baseline: readonly CaseRun[],
  current: readonly CaseRun[],
  options: FlipsOptions = {},
): Flips {
  const config = options.config ?? 'default';
  const score = options.score ?? 'execution';
  return groupFlips(
    byCase(baseline, `baseline config ${config}`),
    byCase(current, `current config ${config}`),
    config,
    score,
  );
}

/**
 * `configFlips` on runs already grouped by `byCase`, so the gate groups each config once
 * for both scores. Internal: not re-exported from the package.
 */
export function groupFlips(
  before: ReadonlyMap<string, readonly CaseRun[]>,
  after: ReadonlyMap<string, readonly CaseRun[]>,
  config: string,
  score: Score,
): Flips {
  const lost: CaseRef[] = [];
  const gained: CaseRef[] = [];
  const onlyInBaseline: CaseRef[] = [];
  const onlyInCurrent: CaseRef[] = [];
  let bothPassed = 0;
  let bothFailed = 0;
  for (const [key, runsBefore] of before) {
    const runsAfter = after.get(key);
    if (runsAfter === undefined) {
      onlyInBaseline.push(refOf(runsBefore));
      continue;
    }
    const passedBefore = casePassed(runsBefore, score);
    const passedAfter = casePassed(runsAfter, score);
    if (passedBefore && passedAfter) bothPassed++;
    else if (!passedBefore && !passedAfter) bothFailed++;
    else if (passedBefore) lost.push(refOf(runsAfter));
    else gained.push(refOf(runsAfter));
  }
  for (const [key, runsAfter] of after) {
    if (!before.has(key)) onlyInCurrent.push(refOf(runsAfter));
  }
  for (const list of [lost, gained, onlyInBaseline, onlyInCurrent]) list.sort(compareRefs);
  return {
    config,
    score,
    paired: bothPassed + bothFailed + lost.length + gained.length,
    lost,
    gained,
    bothPassed,
    bothFailed,
    onlyInBaseline,
    onlyInCurrent,
    pValue: mcnemarExact(lost.length, gained.length),
  };
}

/** `configFlips` for every config both runs name, in the current run's order. */
export function flips(
  baseline: RunSummary,
  current: RunSummary,
  score: Score = 'execution',
): Flips[] {
  return Object.keys(current.configs)
    .filter((config) => Object.hasOwn(baseline.configs, config))
    .map((config) =>
      configFlips(baseline.configs[config] ?? [], current.configs[config] ?? [], { config, score }),
    );
}

function casePassed(runs: readonly CaseRun[], score: Score): boolean {
  return runs.every((run) =>
    score === 'generated' ? (run.passedGenerated ?? run.passed) : run.passed,
  );
}

function refOf(runs: readonly CaseRun[]): CaseRef {
  const run = runs[0]!;
  return run.role === undefined ? { caseId: run.caseId } : { caseId: run.caseId, role: run.role };
}

// Code-unit order, not localeCompare: the same runs must list the same way on every machine.
function compareRefs(a: CaseRef, b: CaseRef): number {
  if (a.caseId !== b.caseId) return a.caseId < b.caseId ? -1 : 1;
  const ra = a.role ?? '';
  const rb = b.role ?? '';
  return ra < rb ? -1 : ra > rb ? 1 : 0;
}
