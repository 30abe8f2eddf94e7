import type { CaseRun, GateThresholds, RunSummary } from '../src/index.js';

/** Limits for a run without a model (mode plans' defaults): any flip fails, no McNemar. */
export const NO_MODEL_LIMITS: GateThresholds = {
  maxRegressions: 0,
  alpha: null,
  maxCostIncrease: 0.2,
};

/** Limits for a run on a real model (mode full's defaults). */
export const MODEL_LIMITS: GateThresholds = {
  maxRegressions: 2,
  alpha: 0.05,
  maxCostIncrease: 0.2,
};

/**
 * Case runs from a compact table: each case maps to one letter per pass, P for passed and
 * F for failed (`{ chinook_001: 'PPF' }` is three passes, the last one failed).
 */
export function runsOf(
  outcomes: Readonly<Record<string, string>>,
  extra: Partial<Omit<CaseRun, 'caseId' | 'pass' | 'passed'>> = {},
): CaseRun[] {
  return Object.entries(outcomes).flatMap(([caseId, letters]) =>
    [...letters].map((letter, i) => ({ caseId, pass: i + 1, passed: letter === 'P', ...extra })),
  );
}

/** A mode plans summary on the Chinook suite with one config. */
export function summaryOf(
  configs: Readonly<Record<string, readonly CaseRun[]>>,
  overrides: Partial<Omit<RunSummary, 'configs'>> = {},
): RunSummary {
  return {
    mode: 'plans',
    suiteDigest: 'sha256:5a1d',
    schemaFingerprint: 'fp:chinook-11-tables',
    ...overrides,
    configs,
  };
}
