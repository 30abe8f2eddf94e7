// The gate's limits a command line sets: evals.yaml's `gate` section first, each flag
// replacing its value (options > evals.yaml > the mode's defaults in @nl2sql/records, which
// fill whatever is still unset).

import type { GateThresholds } from '@nl2sql/gate';
import type { ProjectGate } from '@nl2sql/project';
import type { EvaluateOptions } from '../evaluate-options.js';

// Numbers arrive parsed and range-checked by the option table (commands/gate-options.ts).
const number = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : undefined;

/** The limits the project and the options set; the rest stays the mode's default. */
export function gateOverrides(
  options: EvaluateOptions,
  gate: ProjectGate = {},
): Partial<GateThresholds> {
  // Only the gate's own limits: min_accuracy and allow_partial are the run's exit rules.
  const thresholds: { -readonly [K in keyof GateThresholds]?: GateThresholds[K] } = {
    ...(gate.maxRegressions !== undefined ? { maxRegressions: gate.maxRegressions } : {}),
    ...(gate.alpha !== undefined ? { alpha: gate.alpha } : {}),
    ...(gate.maxCostIncrease !== undefined ? { maxCostIncrease: gate.maxCostIncrease } : {}),
    ...(gate.maxExecutionsIncrease !== undefined
      ? { maxExecutionsIncrease: gate.maxExecutionsIncrease }
      : {}),
  };
  const maxRegressions = number(options.maxRegressions);
  if (maxRegressions !== undefined) thresholds.maxRegressions = maxRegressions;
  const alpha = number(options.alpha);
  if (alpha !== undefined) thresholds.alpha = alpha;
  const maxCostIncrease = number(options.maxCostIncrease);
  if (maxCostIncrease !== undefined) thresholds.maxCostIncrease = maxCostIncrease;
  const maxExecutionsIncrease = number(options.maxExecutionsIncrease);
  if (maxExecutionsIncrease !== undefined) thresholds.maxExecutionsIncrease = maxExecutionsIncrease;
  return thresholds;
}
