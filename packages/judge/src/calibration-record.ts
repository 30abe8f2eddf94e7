// The calibration record: what a judge scored on which labels, written once as JSON and read
// by `eval run` before it may use that judge. It names the judge exactly (provider, model,
// temperature, prompt version), the labels (name, version, SHA-256), the thresholds it was
// measured against, the counts, both rates with Wilson intervals, and each pair's outcome.
// The date is the caller's: the library reads no clock.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { EquivalenceLabel } from './calibration-set.js';
import type { CalibrationThresholds } from './calibration-thresholds.js';
import type { JudgeIdentity } from './judge.js';
import { UncalibratedJudgeError } from './uncalibrated-judge-error.js';

export const CALIBRATION_RECORD_FORMAT = 'nl2sql-judge-calibration/1';

export interface RateInterval {
  k: number;
  n: number;
  estimate: number;
  lower: number;
  upper: number;
  level: number;
}

export interface PairOutcome {
  id: string;
  category: string;
  label: EquivalenceLabel;
  /** What the judge said, or null when it gave no verdict (an error: counted as wrong). */
  verdict: EquivalenceLabel | null;
  correct: boolean;
  reason: string;
  error?: string;
}

export interface CalibrationRecord {
  format: typeof CALIBRATION_RECORD_FORMAT;
  /** YYYY-MM-DD, supplied by the caller. */
  date: string;
  judge: JudgeIdentity;
  labels: {
    name: string;
    version: number;
    sha256: string;
    pairs: number;
    equivalent: number;
    notEquivalent: number;
  };
  /** What the judge was shown besides the queries. */
  inputs: { schema: boolean; resultHeads: boolean };
  thresholds: CalibrationThresholds;
  counts: {
    truePositive: number;
    falseNegative: number;
    trueNegative: number;
    falsePositive: number;
    /** Pairs the judge gave no verdict on (counted among the wrong ones). */
    errors: number;
  };
  /** Share of equivalent pairs called equivalent. */
  tpr: RateInterval;
  /** Share of not-equivalent pairs called not equivalent. */
  tnr: RateInterval;
  passed: boolean;
  /** Why it did not pass (empty when it did). */
  failures: string[];
  /** Dollars the judge's calls cost. */
  costUsd: number;
  pairs: PairOutcome[];
}

const interval = {
  type: 'object',
  required: ['k', 'n', 'estimate', 'lower', 'upper', 'level'],
  additionalProperties: false,
  properties: {
    k: { type: 'integer', minimum: 0 },
    n: { type: 'integer', minimum: 0 },
    estimate: { type: 'number' },
    lower: { type: 'number' },
    upper: { type: 'number' },
    level: { type: 'number' },
  },
} as const;

const count = { type: 'integer', minimum: 0 } as const;

export const CALIBRATION_RECORD_JSON_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: [
    'format',
    'date',
    'judge',
    'labels',
    'inputs',
    'thresholds',
    'counts',
    'tpr',
    'tnr',
    'passed',
    'failures',
    'costUsd',
    'pairs',
  ],
  additionalProperties: false,
  properties: {
    format: { const: CALIBRATION_RECORD_FORMAT },
    date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    judge: {
      type: 'object',
      required: ['provider', 'model', 'temperature', 'promptVersion'],
      additionalProperties: false,
      properties: {
        provider: { type: 'string', minLength: 1 },
        model: { type: 'string', minLength: 1 },
        temperature: { type: ['number', 'null'] },
        promptVersion: { type: 'string', minLength: 1 },
      },
    },
    labels: {
      type: 'object',
      required: ['name', 'version', 'sha256', 'pairs', 'equivalent', 'notEquivalent'],
      additionalProperties: false,
      properties: {
        name: { type: 'string' },
        version: { type: 'integer' },
        sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        pairs: count,
        equivalent: count,
        notEquivalent: count,
      },
    },
    inputs: {
      type: 'object',
      required: ['schema', 'resultHeads'],
      additionalProperties: false,
      properties: { schema: { type: 'boolean' }, resultHeads: { type: 'boolean' } },
    },
    thresholds: {
      type: 'object',
      required: ['minTpr', 'minTnr', 'minPairs', 'minNotEquivalent', 'maxNotEquivalent'],
      additionalProperties: false,
      properties: {
        minTpr: { type: 'number' },
        minTnr: { type: 'number' },
        minPairs: count,
        minNotEquivalent: count,
        maxNotEquivalent: count,
      },
    },
    counts: {
      type: 'object',
      required: ['truePositive', 'falseNegative', 'trueNegative', 'falsePositive', 'errors'],
      additionalProperties: false,
      properties: {
        truePositive: count,
        falseNegative: count,
        trueNegative: count,
        falsePositive: count,
        errors: count,
      },
    },
    tpr: interval,
    tnr: interval,
    passed: { type: 'boolean' },
    failures: { type: 'array', items: { type: 'string' } },
    costUsd: { type: 'number', minimum: 0 },
    pairs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'category', 'label', 'verdict', 'correct', 'reason'],
        additionalProperties: false,
        properties: {
          id: { type: 'string' },
          category: { type: 'string' },
          label: { enum: ['equivalent', 'not_equivalent'] },
          verdict: { enum: ['equivalent', 'not_equivalent', null] },
          correct: { type: 'boolean' },
          reason: { type: 'string' },
          error: { type: 'string' },
        },
      },
    },
  },
} as const;

let validator: ReturnType<Ajv2020['compile']> | undefined;

/** The record as a file holds it: two-space JSON and a final newline. */
export function formatCalibrationRecord(record: CalibrationRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/**
 * Reads a record's text; throws UncalibratedJudgeError (`record_invalid`) naming `file` when
 * it is not JSON or not the format. The counts are checked against each other, so a record
 * edited by hand to pass cannot.
 */
export function parseCalibrationRecord(text: string, file: string): CalibrationRecord {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UncalibratedJudgeError(
      'record_invalid',
      `${file}: not JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  validator ??= new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
    CALIBRATION_RECORD_JSON_SCHEMA,
  );
  if (!validator(data)) {
    const e = validator.errors?.[0];
    throw new UncalibratedJudgeError(
      'record_invalid',
      `${file}: not a calibration record (${e ? `${e.instancePath || '/'} ${e.message}` : 'invalid'})`,
    );
  }
  const record = data as CalibrationRecord;
  const c = record.counts;
  const consistent =
    record.labels.equivalent + record.labels.notEquivalent === record.labels.pairs &&
    record.pairs.length === record.labels.pairs &&
    c.truePositive + c.falseNegative === record.labels.equivalent &&
    c.trueNegative + c.falsePositive === record.labels.notEquivalent &&
    record.tpr.k === c.truePositive &&
    record.tpr.n === record.labels.equivalent &&
    record.tnr.k === c.trueNegative &&
    record.tnr.n === record.labels.notEquivalent &&
    record.pairs.filter((p) => p.label === 'equivalent' && p.correct).length === c.truePositive &&
    record.pairs.filter((p) => p.label === 'not_equivalent' && p.correct).length === c.trueNegative;
  if (!consistent) {
    throw new UncalibratedJudgeError(
      'record_invalid',
      `${file}: the record's counts disagree with each other or with its pairs`,
    );
  }
  return record;
}
