import { describe, expect, it } from 'vitest';
import { checkThresholds, GateInputError } from '../src/index.js';
import { MODEL_LIMITS, NO_MODEL_LIMITS } from './fixtures.js';

describe('checkThresholds', () => {
  it('accepts explicit limits, with or without a significance test', () => {
    expect(checkThresholds(MODEL_LIMITS)).toEqual(MODEL_LIMITS);
    expect(checkThresholds(NO_MODEL_LIMITS)).toEqual(NO_MODEL_LIMITS);
  });

  it.each([
    [{ maxRegressions: -1 }, /maxRegressions must be a non-negative integer, got -1/],
    [{ maxRegressions: 1.5 }, /maxRegressions/],
    [{ alpha: 0 }, /alpha must be strictly between 0 and 1 \(or null for no test\), got 0/],
    [{ alpha: 1 }, /alpha/],
    [{ alpha: Number.NaN }, /alpha/],
    [{ maxCostIncrease: -0.1 }, /maxCostIncrease must be a finite number >= 0/],
    [{ maxCostIncrease: Number.POSITIVE_INFINITY }, /maxCostIncrease/],
  ])('rejects %o', (overrides, message) => {
    const limits = { ...MODEL_LIMITS, ...overrides };
    expect(() => checkThresholds(limits)).toThrow(GateInputError);
    expect(() => checkThresholds(limits)).toThrow(message);
  });
});
