import { GateInputError } from './gate-input-error.js';
import type { Mode } from './run-summary.js';

/** The gate's limits (the `gate` section of evals.yaml). */
export interface GateThresholds {
  /** Most cases allowed to go pass -> fail, per config and score. */
  readonly maxRegressions: number;
  /** Mode full: fail when more were lost than gained and McNemar's p is below this. */
  readonly alpha: number;
  /** Most relative rise in cost per case run (0.2 = 20%). */
  readonly maxCostIncrease: number;
}

/**
 * The defaults for a mode: two regressions in mode full, none in plans and retrieval
 * (no model runs there, so any flip is a bug); alpha 0.05; cost +20%.
 * See decisions/gate-thresholds.md.
 */
export function defaultThresholds(mode: Mode): GateThresholds {
  return { maxRegressions: mode === 'full' ? 2 : 0, alpha: 0.05, maxCostIncrease: 0.2 };
}

/** The mode's defaults overridden by what the caller set, checked. */
export function resolveThresholds(
  mode: Mode,
  overrides: Partial<GateThresholds> = {},
): GateThresholds {
  const defined = Object.fromEntries(
    Object.entries(overrides).filter(([, value]) => value !== undefined),
  ) as Partial<GateThresholds>;
  const thresholds = { ...defaultThresholds(mode), ...defined };
  const { maxRegressions, alpha, maxCostIncrease } = thresholds;
  if (!Number.isInteger(maxRegressions) || maxRegressions < 0) {
    throw new GateInputError(
      'INVALID_THRESHOLDS',
      `gate: maxRegressions must be a non-negative integer, got ${maxRegressions}`,
    );
  }
  if (!(alpha > 0 && alpha < 1)) {
    throw new GateInputError(
      'INVALID_THRESHOLDS',
      `gate: alpha must be strictly between 0 and 1, got ${alpha}`,
    );
  }
  if (!(Number.isFinite(maxCostIncrease) && maxCostIncrease >= 0)) {
    throw new GateInputError(
      'INVALID_THRESHOLDS',
      `gate: maxCostIncrease must be a finite number >= 0, got ${maxCostIncrease}`,
    );
  }
  return thresholds;
}
