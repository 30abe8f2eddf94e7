import { describe, expect, it } from 'vitest';
import { gateOverrides } from '../src/eval/gate-flags.js';

describe('gateOverrides', () => {
  it("is evals.yaml's gate section with each flag given replacing its value", () => {
    const gate = { maxRegressions: 2, alpha: null, maxCostIncrease: 0.1 };
    expect(gateOverrides({}, gate)).toEqual(gate);
    expect(gateOverrides({ 'max-regressions': 0 }, gate)).toEqual({ ...gate, maxRegressions: 0 });
    expect(gateOverrides({ alpha: 0.01, 'max-cost-increase': 0.5 }, gate)).toEqual({
      maxRegressions: 2,
      alpha: 0.01,
      maxCostIncrease: 0.5,
    });
  });

  it('reads the executions limit from evals.yaml, the flag replacing it', () => {
    const gate = { maxExecutionsIncrease: 0.5 };
    expect(gateOverrides({}, gate)).toEqual({ maxExecutionsIncrease: 0.5 });
    expect(gateOverrides({ 'max-executions-increase': 0 }, gate)).toEqual({
      maxExecutionsIncrease: 0,
    });
  });

  it("keeps the run's exit rules (min_accuracy, allow_partial) out of the gate's limits", () => {
    const gate = { maxRegressions: 1, minAccuracy: 0.9, allowPartial: true };
    expect(gateOverrides({}, gate)).toEqual({ maxRegressions: 1 });
  });

  it('leaves unset what neither sets, so the mode keeps its default', () => {
    expect(gateOverrides({})).toEqual({});
    expect(gateOverrides({ alpha: 0.1 })).toEqual({ alpha: 0.1 });
  });
});
