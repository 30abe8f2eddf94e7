import { byCase, caseKey } from './by-case.js';
import { assertComparable } from './comparability.js';
import { type Flips, groupFlips } from './flips.js';
import { IncomparableRunsError } from './incomparable-runs-error.js';
import { clarifyChecks, executionsCheck, type ProcessCheck } from './process-checks.js';
import type { CaseRef, CaseRun, RunSummary, Score } from './run-summary.js';
import { checkThresholds, type GateThresholds } from './thresholds.js';

/** The checks the gate runs; the names match the evals.yaml gate keys they read. */
export type GateCheckName =
  | 'max_regressions'
  | 'significant_loss'
  | 'max_cost_increase'
  | ProcessCheck['name'];

/** One named check on one config (and, for flips, one score). */
export interface GateCheck {
  readonly name: GateCheckName;
  readonly config: string;
  /** The pass/fail compared; absent for the cost check, which is per config. */
  readonly score?: Score;
  readonly pass: boolean;
  /**
   * What was measured: cases lost, McNemar's p, or the relative rise in cost per case run
   * (Infinity from a zero-cost baseline). null when it could not be measured (no flips to
   * test, or no cost recorded), in which case the check passes and says why.
   */
  readonly value: number | null;
  /** The limit it was held to: maxRegressions, alpha or maxCostIncrease. */
  readonly threshold: number;
  /** One sentence a person can act on, naming the cases that moved. */
  readonly explanation: string;
}

/** The gate's verdict: it passes only when every check passes. */
export interface GateResult {
  readonly pass: boolean;
  /** The mode both runs are of. */
  readonly mode: string;
  readonly thresholds: GateThresholds;
  /** Checks in config order, then score, then name. */
  readonly checks: readonly GateCheck[];
  /** The flips behind the checks, one per config and score. */
  readonly flips: readonly Flips[];
  /** The configs both runs name: the ones gated. */
  readonly configs: readonly string[];
  /** Configs only one run names, which the gate cannot compare. */
  readonly baselineOnlyConfigs: readonly string[];
  readonly currentOnlyConfigs: readonly string[];
}

// Explanations list this many cases, then count the rest: a person reads a handful.
const LISTED_CASES = 10;
// Relative cost rises are ratios of sums of dollars; ignore float noise at the threshold.
const COST_EPSILON = 1e-9;

/**
 * The regression gate: compares a current run with a comparable baseline, config by
 * config, and fails when too many cases regressed, when the loss is significant (only with
 * an `alpha`), or when cost per case rose too much. Throws `IncomparableRunsError` when the
 * runs differ in mode, suite, schema, stated roles or curated setting, or share no config,
 * since a flip between such runs means nothing.
 */
export function gate(
  baseline: RunSummary,
  current: RunSummary,
  thresholds: GateThresholds,
): GateResult {
  assertComparable(baseline, current);
  const mode = current.mode;
  const limits = checkThresholds(thresholds);
  const configs = Object.keys(current.configs).filter((c) => Object.hasOwn(baseline.configs, c));
  const baselineOnlyConfigs = Object.keys(baseline.configs).filter(
    (c) => !Object.hasOwn(current.configs, c),
  );
  const currentOnlyConfigs = Object.keys(current.configs).filter(
    (c) => !Object.hasOwn(baseline.configs, c),
  );
  if (configs.length === 0) {
    throw new IncomparableRunsError([
      {
        field: 'configs',
        baseline: listConfigs(Object.keys(baseline.configs)),
        current: listConfigs(Object.keys(current.configs)),
      },
    ]);
  }
  // With curated answers on, a run is held to both the accuracy users see and the generated
  // path, so a verified query cannot hide a planner regression.
  const scores: Score[] = current.curated === true ? ['execution', 'generated'] : ['execution'];

  const checks: GateCheck[] = [];
  const allFlips: Flips[] = [];
  for (const config of configs) {
    const before = baseline.configs[config] ?? [];
    const after = current.configs[config] ?? [];
    const groupsBefore = byCase(before, `baseline config ${config}`);
    const groupsAfter = byCase(after, `current config ${config}`);
    for (const score of scores) {
      const moved = groupFlips(groupsBefore, groupsAfter, config, score);
      allFlips.push(moved);
      checks.push(regressionsCheck(moved, limits.maxRegressions));
      if (limits.alpha !== null) checks.push(significantLossCheck(moved, limits.alpha));
    }
    checks.push(costCheck(config, before, after, limits.maxCostIncrease));
    // How the answers were got: executions per question (with a limit) and clarify verdicts.
    const process = [
      ...(limits.maxExecutionsIncrease === undefined
        ? []
        : [executionsCheck(config, before, after, limits.maxExecutionsIncrease)]),
      ...clarifyChecks(config, before, after, limits.maxRegressions),
    ];
    for (const check of process) if (check !== null) checks.push({ ...check, config });
  }
  return {
    pass: checks.every((check) => check.pass),
    mode,
    thresholds: limits,
    checks,
    flips: allFlips,
    configs,
    baselineOnlyConfigs,
    currentOnlyConfigs,
  };
}

function regressionsCheck(moved: Flips, maxRegressions: number): GateCheck {
  const lost = moved.lost.length;
  const pass = lost <= maxRegressions;
  const where = `${moved.config} (${moved.score})`;
  const unpaired =
    moved.onlyInBaseline.length > 0
      ? `; ${moved.onlyInBaseline.length} baseline case(s) missing from the current run were not compared`
      : '';
  const explanation =
    lost === 0
      ? `${where}: no case went pass -> fail out of ${moved.paired} compared${unpaired}`
      : `${where}: ${lost} case(s) went pass -> fail (${listCases(moved.lost)}), ${pass ? 'within' : 'more than'} max_regressions ${maxRegressions}${unpaired}`;
  return {
    name: 'max_regressions',
    config: moved.config,
    score: moved.score,
    pass,
    value: lost,
    threshold: maxRegressions,
    explanation,
  };
}

function significantLossCheck(moved: Flips, alpha: number): GateCheck {
  const lost = moved.lost.length;
  const gained = moved.gained.length;
  const where = `${moved.config} (${moved.score})`;
  const base = {
    name: 'significant_loss' as const,
    config: moved.config,
    score: moved.score,
    threshold: alpha,
  };
  if (lost + gained === 0) {
    return {
      ...base,
      pass: true,
      value: null,
      explanation: `${where}: no case flipped, nothing to test`,
    };
  }
  const p = moved.pValue;
  const pass = !(lost > gained && p < alpha);
  const counts = `${lost} lost, ${gained} gained, McNemar exact p = ${formatP(p)}`;
  const explanation =
    lost <= gained
      ? `${where}: ${counts}; not more lost than gained`
      : pass
        ? `${where}: ${counts}; more lost than gained but p >= alpha ${alpha}, so the drop may be noise`
        : `${where}: ${counts}; more lost than gained and p < alpha ${alpha}, a significant drop`;
  return { ...base, pass, value: p, explanation };
}

function costCheck(
  config: string,
  before: readonly CaseRun[],
  after: readonly CaseRun[],
  maxCostIncrease: number,
): GateCheck {
  const base = { name: 'max_cost_increase' as const, config, threshold: maxCostIncrease };
  const costBefore = costPerCaseRun(before);
  const costAfter = costPerCaseRun(after);
  if (costBefore === null || costAfter === null) {
    const missing =
      costBefore === null && costAfter === null
        ? 'either run'
        : costBefore === null
          ? 'the baseline'
          : 'the current run';
    return {
      ...base,
      pass: true,
      value: null,
      explanation: `${config}: no cost recorded in ${missing}, so cost per case was not compared`,
    };
  }
  const rise =
    costBefore === 0
      ? costAfter === 0
        ? 0
        : Number.POSITIVE_INFINITY
      : costAfter / costBefore - 1;
  const pass = rise <= maxCostIncrease + COST_EPSILON;
  const change = `cost per case run went from $${formatUsd(costBefore)} to $${formatUsd(costAfter)}`;
  const percent = Number.isFinite(rise) ? `${formatSigned(rise * 100)}%` : 'up from nothing';
  return {
    ...base,
    pass,
    value: rise,
    explanation: `${config}: ${change} (${percent}), ${pass ? 'within' : 'more than'} max_cost_increase ${formatSigned(maxCostIncrease * 100)}%`,
  };
}

// Dollars per case run (one case asked once), so a run with more passes is not dearer.
function costPerCaseRun(runs: readonly CaseRun[]): number | null {
  let recorded = false;
  let total = 0;
  for (const run of runs) {
    if (run.costUsd !== undefined) {
      recorded = true;
      total += run.costUsd;
    }
  }
  return recorded ? total / runs.length : null;
}

function listCases(refs: readonly CaseRef[]): string {
  const shown = refs.slice(0, LISTED_CASES).map(caseKey).join(', ');
  return refs.length > LISTED_CASES ? `${shown} and ${refs.length - LISTED_CASES} more` : shown;
}

function listConfigs(configs: readonly string[]): string {
  return configs.length === 0 ? '(no configs)' : `[${configs.join(', ')}]`;
}

function formatP(p: number): string {
  return p >= 0.001 ? p.toFixed(3) : p.toExponential(1);
}

function formatUsd(usd: number): string {
  return usd.toFixed(4);
}

function formatSigned(value: number): string {
  const text = value.toFixed(1);
  return value > 0 ? `+${text}` : text;
}
