import { describe, expect, it } from 'vitest';
import { defaultThresholds, GateInputError, resolveThresholds } from '../src/index.js';

describe('defaultThresholds', () => {
  it('allows two regressions in mode full and none in plans and retrieval', () => {
    expect(defaultThresholds('full')).toEqual({
      maxRegressions: 2,
      alpha: 0.05,
      maxCostIncrease: 0.2,
    });
    expect(defaultThresholds('plans').maxRegressions).toBe(0);
    expect(defaultThresholds('retrieval').maxRegressions).toBe(0);
  });
});

describe('resolveThresholds', () => {
  it('overrides only what is set', () => {
    expect(resolveThresholds('full', { alpha: 0.01, maxRegressions: undefined })).toEqual({
      maxRegressions: 2,
      alpha: 0.01,
      maxCostIncrease: 0.2,
    });
  });

  it.each([
    [{ maxRegressions: -1 }, /maxRegressions must be a non-negative integer, got -1/],
    [{ maxRegressions: 1.5 }, /maxRegressions/],
    [{ alpha: 0 }, /alpha must be strictly between 0 and 1, got 0/],
    [{ alpha: 1 }, /alpha/],
    [{ maxCostIncrease: -0.1 }, /maxCostIncrease must be a finite number >= 0/],
    [{ maxCostIncrease: Number.POSITIVE_INFINITY }, /maxCostIncrease/],
  ])('rejects %o', (overrides, message) => {
    expect(() => resolveThresholds('full', overrides)).toThrow(GateInputError);
    expect(() => resolveThresholds('full', overrides)).toThrow(message);
  });
});
