// Test helper: a calibration record with chosen counts, consistent in every field, as
// `calibrate` would write it for a judge with these results.
import { wilson } from '@nl2sql/gate';
import {
  CALIBRATION_RECORD_FORMAT,
  type CalibrationRecord,
  type PairOutcome,
} from '../src/calibration-record.js';
import {
  DEFAULT_CALIBRATION_THRESHOLDS,
  thresholdFailures,
} from '../src/calibration-thresholds.js';
import type { JudgeIdentity } from '../src/judge.js';
import { JUDGE_PROMPT_VERSION } from '../src/judge-prompt.js';

export const IDENTITY: JudgeIdentity = {
  provider: 'openai',
  model: 'gpt-5.4',
  temperature: 0,
  promptVersion: JUDGE_PROMPT_VERSION,
};

export function recordWith(c: {
  equivalent: number;
  notEquivalent: number;
  truePositive: number;
  trueNegative: number;
  judge?: JudgeIdentity;
}): CalibrationRecord {
  const pairs: PairOutcome[] = [];
  for (let i = 0; i < c.equivalent; i++) {
    const correct = i < c.truePositive;
    pairs.push({
      id: `e${i}`,
      category: 'test',
      label: 'equivalent',
      verdict: correct ? 'equivalent' : 'not_equivalent',
      correct,
      reason: 'r',
    });
  }
  for (let i = 0; i < c.notEquivalent; i++) {
    const correct = i < c.trueNegative;
    pairs.push({
      id: `n${i}`,
      category: 'test',
      label: 'not_equivalent',
      verdict: correct ? 'not_equivalent' : 'equivalent',
      correct,
      reason: 'r',
    });
  }
  const rate = (k: number, n: number) => {
    const w = wilson(k, n);
    return { k, n, estimate: w.estimate, lower: w.lower, upper: w.upper, level: 0.95 };
  };
  const failures = thresholdFailures(
    {
      pairs: c.equivalent + c.notEquivalent,
      equivalent: c.equivalent,
      notEquivalent: c.notEquivalent,
      tpr: c.truePositive / c.equivalent,
      tnr: c.trueNegative / c.notEquivalent,
    },
    DEFAULT_CALIBRATION_THRESHOLDS,
  );
  return {
    format: CALIBRATION_RECORD_FORMAT,
    date: '2026-11-30',
    judge: c.judge ?? IDENTITY,
    labels: {
      name: 'test-labels',
      version: 1,
      sha256: 'a'.repeat(64),
      pairs: pairs.length,
      equivalent: c.equivalent,
      notEquivalent: c.notEquivalent,
    },
    inputs: { schema: true, resultHeads: true },
    thresholds: { ...DEFAULT_CALIBRATION_THRESHOLDS },
    counts: {
      truePositive: c.truePositive,
      falseNegative: c.equivalent - c.truePositive,
      trueNegative: c.trueNegative,
      falsePositive: c.notEquivalent - c.trueNegative,
      errors: 0,
    },
    tpr: rate(c.truePositive, c.equivalent),
    tnr: rate(c.trueNegative, c.notEquivalent),
    passed: failures.length === 0,
    failures,
    costUsd: 0.5,
    pairs,
  };
}
