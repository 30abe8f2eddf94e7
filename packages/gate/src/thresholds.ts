import { GateInputError } from './gate-input-error.js';

/**
 * The gate's limits, all explicit: the gate has no defaults of its own, because the right
 * limit depends on what kind of run is gated (@nl2sql/records' `gateThresholds(mode)` has the
 * defaults per mode; decisions/gate-thresholds.md says why).
 */
export interface GateThresholds {
  /** Most cases allowed to go pass -> fail, per config and score. */
  readonly maxRegressions: number;
  /**
   * Fail when more were lost than gained and McNemar's exact p is below this; null runs no
   * significance test (a run without a model, where any flip is a bug, has the count alone).
   */
  readonly alpha: number | null;
  /** Most relative rise in cost per case run (0.2 = 20%). */
  readonly maxCostIncrease: number;
  /**
   * Most relative rise in SQL executions per question (0.5 = 50%), over case runs whose engine
   * reported a trajectory; absent runs no such check.
   */
  readonly maxExecutionsIncrease?: number;
}

/** `thresholds`, checked: a limit that cannot be meant is a GateInputError, not a verdict. */
export function checkThresholds(thresholds: GateThresholds): GateThresholds {
  const { maxRegressions, alpha, maxCostIncrease } = thresholds;
  if (!Number.isInteger(maxRegressions) || maxRegressions < 0) {
    throw new GateInputError(
      'INVALID_THRESHOLDS',
      `gate: maxRegressions must be a non-negative integer, got ${maxRegressions}`,
    );
  }
  if (alpha !== null && !(alpha > 0 && alpha < 1)) {
    throw new GateInputError(
      'INVALID_THRESHOLDS',
      `gate: alpha must be strictly between 0 and 1 (or null for no test), got ${alpha}`,
    );
  }
  if (!(Number.isFinite(maxCostIncrease) && maxCostIncrease >= 0)) {
    throw new GateInputError(
      'INVALID_THRESHOLDS',
      `gate: maxCostIncrease must be a finite number >= 0, got ${maxCostIncrease}`,
    );
  }
  const { maxExecutionsIncrease } = thresholds;
  if (
    maxExecutionsIncrease !== undefined &&
    !(Number.isFinite(maxExecutionsIncrease) && maxExecutionsIncrease >= 0)
  ) {
    throw new GateInputError(
      'INVALID_THRESHOLDS',
      `gate: maxExecutionsIncrease must be a finite number >= 0, got ${maxExecutionsIncrease}`,
    );
  }
  return {
    maxRegressions,
    alpha,
    maxCostIncrease,
    ...(maxExecutionsIncrease === undefined ? {} : { maxExecutionsIncrease }),
  };
}
