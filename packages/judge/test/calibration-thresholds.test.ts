import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CALIBRATION_THRESHOLDS,
  resolveCalibrationThresholds,
  thresholdFailures,
} from '../src/calibration-thresholds.js';

describe('calibration thresholds', () => {
  it('default to spec 001 section 6: TPR and TNR >= 0.90, >= 100 pairs, 30-50 not equivalent', () => {
    expect(DEFAULT_CALIBRATION_THRESHOLDS).toEqual({
      minTpr: 0.9,
      minTnr: 0.9,
      minPairs: 100,
      minNotEquivalent: 30,
      maxNotEquivalent: 50,
    });
    expect(Object.isFrozen(DEFAULT_CALIBRATION_THRESHOLDS)).toBe(true);
  });

  it('take overrides and refuse values that make no sense', () => {
    expect(resolveCalibrationThresholds({ minTnr: 0.95 }).minTnr).toBe(0.95);
    expect(() => resolveCalibrationThresholds({ minTpr: -0.1 })).toThrow(/minTpr/);
    expect(() => resolveCalibrationThresholds({ minTnr: Number.NaN })).toThrow(/minTnr/);
    expect(() => resolveCalibrationThresholds({ minPairs: 2.5 })).toThrow(/minPairs/);
    expect(() => resolveCalibrationThresholds({ minNotEquivalent: 60 })).toThrow(
      /above maxNotEquivalent/,
    );
  });

  it('list every way counts fall short, and nothing when they do not', () => {
    const t = resolveCalibrationThresholds();
    const ok = { pairs: 125, equivalent: 80, notEquivalent: 45, tpr: 0.9, tnr: 0.9 };
    expect(thresholdFailures(ok, t)).toEqual([]);
    expect(
      thresholdFailures({ pairs: 20, equivalent: 20, notEquivalent: 0, tpr: 0.5, tnr: 0 }, t),
    ).toEqual([
      '20 labelled pairs, fewer than 100',
      '0 not-equivalent pairs, outside 30-50',
      'TPR 0.500 below 0.900',
      'no not-equivalent pairs: TNR cannot be measured',
    ]);
  });
});
