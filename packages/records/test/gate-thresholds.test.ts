import { GateInputError } from '@nl2sql/gate';
import { describe, expect, it } from 'vitest';
import { gateThresholds, recordGateThresholds } from '../src/gate-thresholds.js';
import type { RunRecord } from '../src/index.js';
import { RUN_MODES } from '../src/run-mode.js';
import { fixture } from './fixtures.js';

describe('gateThresholds', () => {
  it('allows two regressions and tests significance in mode full only; no model, no flip', () => {
    expect(gateThresholds('full')).toEqual({
      maxRegressions: 2,
      alpha: 0.05,
      maxCostIncrease: 0.2,
      maxExecutionsIncrease: 0.25,
    });
    expect(gateThresholds('plans')).toEqual({
      maxRegressions: 0,
      alpha: null,
      maxCostIncrease: 0.2,
      maxExecutionsIncrease: 0.25,
    });
    // A retrieval run executes no SQL of an agent's: nothing to hold executions to.
    expect(gateThresholds('retrieval')).toEqual({
      maxRegressions: 0,
      alpha: null,
      maxCostIncrease: 0.2,
    });
  });

  it('has limits for every mode', () => {
    for (const mode of RUN_MODES) expect(gateThresholds(mode).maxCostIncrease).toBe(0.2);
  });

  it('overrides only what is set, and checks the result', () => {
    expect(gateThresholds('full', { alpha: 0.01, maxRegressions: undefined })).toEqual({
      maxRegressions: 2,
      alpha: 0.01,
      maxCostIncrease: 0.2,
      maxExecutionsIncrease: 0.25,
    });
    expect(() => gateThresholds('plans', { maxRegressions: -1 })).toThrow(GateInputError);
    expect(() => gateThresholds('full', { alpha: 1 })).toThrow(/alpha must be strictly between/);
  });
});

describe('recordGateThresholds', () => {
  const plans = fixture('plansNew');
  const engine = (mode: 'plans' | 'full'): RunRecord => ({
    ...plans,
    kind: 'engine',
    config: { name: 'sql.example.com', nodes: {} },
    engine: { name: 'acme-sql', version: '2.3.1', models: null },
    scoreboard: { ...plans.scoreboard, settings: { ...plans.scoreboard.settings, mode } },
  });

  it("runs McNemar at 0.05 on an external engine's run, with the count of the mode that scored it", () => {
    expect(recordGateThresholds(engine('plans'))).toEqual({
      maxRegressions: 0,
      alpha: 0.05,
      maxCostIncrease: 0.2,
      maxExecutionsIncrease: 0.25,
    });
    expect(recordGateThresholds(engine('full'))).toEqual(gateThresholds('full'));
  });

  it("is the mode's limits for the reference engine's runs", () => {
    expect(recordGateThresholds(plans)).toEqual(gateThresholds('plans'));
    expect(recordGateThresholds(fixture('full'))).toEqual(gateThresholds('full'));
  });

  it('keeps an alpha the caller set, null (no test) included', () => {
    expect(recordGateThresholds(engine('plans'), { alpha: null }).alpha).toBeNull();
    expect(recordGateThresholds(engine('plans'), { alpha: 0.01 }).alpha).toBe(0.01);
    expect(recordGateThresholds(engine('plans'), { maxRegressions: 3 })).toEqual({
      maxRegressions: 3,
      alpha: 0.05,
      maxCostIncrease: 0.2,
      maxExecutionsIncrease: 0.25,
    });
  });
});
