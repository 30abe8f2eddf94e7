// When a judge may be used (spec 001 section 6: "TPR and TNR >= 0.90 on a held-out set of at
// least 100 labelled pairs with 30-50 non-equivalent pairs"). The rates are compared as point
// estimates; the Wilson intervals are reported beside them (decisions/judge-and-cascade.md
// says why the lower bound is not the test).

import { type Static, Type } from '@nl2sql/format';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

/** The thresholds, defined with TypeBox because a calibration record holds them. */
export const CalibrationThresholdsSchema = Type.Object(
  {
    minTpr: Type.Number({
      description: 'Least share of equivalent pairs the judge must call equivalent.',
    }),
    minTnr: Type.Number({
      description: 'Least share of not-equivalent pairs the judge must call not equivalent.',
    }),
    minPairs: Count('Least number of labelled pairs.'),
    minNotEquivalent: Count(
      'Least not-equivalent pairs: enough to measure TNR, not so many that TPR rests on few.',
    ),
    maxNotEquivalent: Count('Most not-equivalent pairs.'),
  },
  { additionalProperties: false },
);

/**
 * `minTpr` and `minTnr`: the least shares of equivalent (not-equivalent) pairs the judge must
 * get right; `minPairs`: the least labelled pairs; `minNotEquivalent`..`maxNotEquivalent`:
 * enough not-equivalent pairs to measure TNR, not so many that TPR rests on few.
 */
export interface CalibrationThresholds extends Static<typeof CalibrationThresholdsSchema> {}

export const DEFAULT_CALIBRATION_THRESHOLDS: Readonly<CalibrationThresholds> = Object.freeze({
  minTpr: 0.9,
  minTnr: 0.9,
  minPairs: 100,
  minNotEquivalent: 30,
  maxNotEquivalent: 50,
});

/** Defaults with the given fields replaced; throws RangeError for values that make no sense. */
export function resolveCalibrationThresholds(
  overrides: Partial<CalibrationThresholds> = {},
): CalibrationThresholds {
  const t = { ...DEFAULT_CALIBRATION_THRESHOLDS, ...overrides };
  for (const key of ['minTpr', 'minTnr'] as const) {
    if (!(t[key] >= 0 && t[key] <= 1))
      throw new RangeError(`${key} must be within [0, 1], got ${t[key]}`);
  }
  for (const key of ['minPairs', 'minNotEquivalent', 'maxNotEquivalent'] as const) {
    if (!Number.isInteger(t[key]) || t[key] < 0)
      throw new RangeError(`${key} must be a whole number >= 0, got ${t[key]}`);
  }
  if (t.minNotEquivalent > t.maxNotEquivalent)
    throw new RangeError(
      `minNotEquivalent (${t.minNotEquivalent}) is above maxNotEquivalent (${t.maxNotEquivalent})`,
    );
  return t;
}

/** Why counts and rates fall short of the thresholds (empty when they meet them). */
export function thresholdFailures(
  counts: { pairs: number; equivalent: number; notEquivalent: number; tpr: number; tnr: number },
  t: CalibrationThresholds,
): string[] {
  const out: string[] = [];
  const pct = (x: number) => x.toFixed(3);
  if (counts.pairs < t.minPairs)
    out.push(`${counts.pairs} labelled pairs, fewer than ${t.minPairs}`);
  if (counts.notEquivalent < t.minNotEquivalent || counts.notEquivalent > t.maxNotEquivalent) {
    out.push(
      `${counts.notEquivalent} not-equivalent pairs, outside ${t.minNotEquivalent}-${t.maxNotEquivalent}`,
    );
  }
  if (counts.equivalent === 0) out.push('no equivalent pairs: TPR cannot be measured');
  else if (counts.tpr < t.minTpr) out.push(`TPR ${pct(counts.tpr)} below ${pct(t.minTpr)}`);
  if (counts.notEquivalent === 0) out.push('no not-equivalent pairs: TNR cannot be measured');
  else if (counts.tnr < t.minTnr) out.push(`TNR ${pct(counts.tnr)} below ${pct(t.minTnr)}`);
  return out;
}
