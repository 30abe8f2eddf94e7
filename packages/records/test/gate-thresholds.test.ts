import { GateInputError } from '@nl2sql/gate';
import { describe, expect, it } from 'vitest';
import { gateThresholds } from '../src/gate-thresholds.js';
import { RUN_MODES } from '../src/run-mode.js';

describe('gateThresholds', () => {
  it('allows two regressions and tests significance in mode full only; no model, no flip', () => {
    expect(gateThresholds('full')).toEqual({
      maxRegressions: 2,
      alpha: 0.05,
      maxCostIncrease: 0.2,
    });
    expect(gateThresholds('plans')).toEqual({
      maxRegressions: 0,
      alpha: null,
      maxCostIncrease: 0.2,
    });
    expect(gateThresholds('retrieval')).toEqual(gateThresholds('plans'));
  });

  it('has limits for every mode', () => {
    for (const mode of RUN_MODES) expect(gateThresholds(mode).maxCostIncrease).toBe(0.2);
  });

  it('overrides only what is set, and checks the result', () => {
    expect(gateThresholds('full', { alpha: 0.01, maxRegressions: undefined })).toEqual({
      maxRegressions: 2,
      alpha: 0.01,
      maxCostIncrease: 0.2,
    });
    expect(() => gateThresholds('plans', { maxRegressions: -1 })).toThrow(GateInputError);
    expect(() => gateThresholds('full', { alpha: 1 })).toThrow(/alpha must be strictly between/);
  });
});
