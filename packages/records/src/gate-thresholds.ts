// What each kind of run is gated by. The gate (@nl2sql/gate) takes explicit limits and knows
// no modes; the defaults per mode are decided here, beside the list of modes, and explained in
// decisions/gate-thresholds.md.

import { checkThresholds, type GateThresholds } from '@nl2sql/gate';
import { type RunRecord, scoredMode } from './record.js';
import type { Mode } from './run-mode.js';

/**
 * Mode full runs a real model: a case or two flips between identical runs, so two
 * regressions pass and McNemar's test at 0.05 catches a significant drop. Modes plans and
 * retrieval run no model: any flip is a bug, so none passes and there is nothing to test.
 * SQL executions per question may rise by a quarter (decisions/gate-executions-threshold.md);
 * a retrieval run executes no SQL.
 */
const DEFAULTS: Readonly<Record<Mode, GateThresholds>> = {
  full: { maxRegressions: 2, alpha: 0.05, maxCostIncrease: 0.2, maxExecutionsIncrease: 0.25 },
  plans: { maxRegressions: 0, alpha: null, maxCostIncrease: 0.2, maxExecutionsIncrease: 0.25 },
  retrieval: { maxRegressions: 0, alpha: null, maxCostIncrease: 0.2 },
};

/**
 * The limits a run of `mode` is gated by: the mode's defaults, with what the caller set (the
 * `gate` section of evals.yaml, the CLI's flags) replacing them; undefined keeps a default.
 * Checked: a limit that cannot be meant throws the gate's GateInputError.
 */
export function gateThresholds(
  mode: Mode,
  overrides: Partial<GateThresholds> = {},
): GateThresholds {
  const set = Object.fromEntries(
    Object.entries(overrides).filter(([, value]) => value !== undefined),
  ) as Partial<GateThresholds>;
  return checkThresholds({ ...DEFAULTS[mode], ...set });
}

/**
 * An external engine (kind engine) is a system whose flips may be model noise as in mode
 * full, whatever mode scored it, so McNemar's test runs on it by default; the count limit
 * stays the scoring mode's, so no default gets looser (decisions/gate-thresholds.md).
 */
const ENGINE_ALPHA = 0.05;

/**
 * The limits `record`'s run is gated by: gateThresholds of the mode that scored it, with
 * McNemar at 0.05 for a record of kind engine unless the caller set an alpha (null included).
 */
export function recordGateThresholds(
  record: RunRecord,
  overrides: Partial<GateThresholds> = {},
): GateThresholds {
  const engine = record.kind === 'engine' && overrides.alpha === undefined;
  return gateThresholds(scoredMode(record), {
    ...overrides,
    ...(engine ? { alpha: ENGINE_ALPHA } : {}),
  });
}
