// The calibration record: what a judge scored on which labels, written once as JSON and read
// by `eval run` before it may use that judge. It names the judge exactly (provider, model,
// temperature, prompt version), the labels (name, version, SHA-256), the thresholds it was
// measured against, the counts, both rates with Wilson intervals, and each pair's outcome.
// The date is the caller's: the library reads no clock.
import {
  defineFormat,
  EnumOf,
  inDocumentOrder,
  type JsonSchema,
  locatedMessage,
  locateIssue,
  parseWithPositions,
  type Static,
  Type,
} from '@nl2sql/format';
import { EquivalenceLabelSchema } from './calibration-set.js';
import { CalibrationThresholdsSchema } from './calibration-thresholds.js';
import { JudgeIdentitySchema } from './judge.js';
import { UncalibratedJudgeError } from './uncalibrated-judge-error.js';

/** The tag in a record's `format` field; it changes only when the format does. */
export const CALIBRATION_RECORD_FORMAT = 'nl2sql-judge-calibration/1';

const Count = () => Type.Integer({ minimum: 0 });

/** `k` of `n`, the share `estimate` = k / n, and its Wilson interval at confidence `level`. */
const RateIntervalSchema = (description: string) =>
  Type.Object(
    {
      k: Count(),
      n: Count(),
      estimate: Type.Number(),
      lower: Type.Number(),
      upper: Type.Number(),
      level: Type.Number(),
    },
    { additionalProperties: false, description },
  );

const PairOutcomeSchema = Type.Object(
  {
    id: Type.String(),
    category: Type.String(),
    label: EquivalenceLabelSchema(),
    verdict: EnumOf(['equivalent', 'not_equivalent', null] as const, {
      description:
        'What the judge said, or null when it gave no verdict (an error: counted as wrong).',
    }),
    correct: Type.Boolean(),
    reason: Type.String(),
    error: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const CalibrationRecordSchema = Type.Object(
  {
    format: Type.Literal(CALIBRATION_RECORD_FORMAT),
    date: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'YYYY-MM-DD, supplied by the caller.',
    }),
    judge: JudgeIdentitySchema,
    labels: Type.Object(
      {
        name: Type.String(),
        version: Type.Integer(),
        sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
        pairs: Count(),
        equivalent: Count(),
        notEquivalent: Count(),
      },
      {
        additionalProperties: false,
        description: 'The calibration set: its name, version, SHA-256 and make-up.',
      },
    ),
    inputs: Type.Object(
      { schema: Type.Boolean(), resultHeads: Type.Boolean() },
      { additionalProperties: false, description: 'What the judge was shown besides the queries.' },
    ),
    thresholds: CalibrationThresholdsSchema,
    counts: Type.Object(
      {
        truePositive: Count(),
        falseNegative: Count(),
        trueNegative: Count(),
        falsePositive: Count(),
        errors: Type.Integer({
          minimum: 0,
          description: 'Pairs the judge gave no verdict on (counted among the wrong ones).',
        }),
      },
      { additionalProperties: false },
    ),
    tpr: RateIntervalSchema('Share of equivalent pairs called equivalent.'),
    tnr: RateIntervalSchema('Share of not-equivalent pairs called not equivalent.'),
    passed: Type.Boolean(),
    failures: Type.Array(Type.String(), {
      description: 'Why it did not pass (empty when it did).',
    }),
    costUsd: Type.Number({ minimum: 0, description: "Dollars the judge's calls cost." }),
    pairs: Type.Array(PairOutcomeSchema),
  },
  { additionalProperties: false },
);

/** A rate with its Wilson interval: `k` of `n`, `estimate` = k / n, at confidence `level`. */
export interface RateInterval extends Static<ReturnType<typeof RateIntervalSchema>> {}
/** What the judge said on one pair (`verdict` null: no verdict, counted as wrong). */
export interface PairOutcome extends Static<typeof PairOutcomeSchema> {}
/**
 * The record: the judge, the labels (name, version, SHA-256, make-up), what the judge was
 * shown, the thresholds, the counts, TPR and TNR with Wilson intervals, whether it passed and
 * why not, the cost and each pair's outcome.
 */
export interface CalibrationRecord extends Static<typeof CalibrationRecordSchema> {}

/**
 * The record file's format (`CALIBRATION_RECORD_FORMAT` is the tag it holds): the
 * definition, the published `judge-calibration-record-1.schema.json` and the validator
 * parseCalibrationRecord runs.
 */
export const CALIBRATION_RECORD_FILE_FORMAT = defineFormat(CalibrationRecordSchema, {
  id: 'https://nl2sql-evals.dev/schemas/judge-calibration-record-1.json',
  title: 'nl2sql judge calibration record, format 1',
  description:
    'What an LLM equivalence judge scored on which labelled pairs: `nl2sql judge calibrate` writes it, `eval run --judge` reads it before using that judge.',
});

/** The JSON Schema (2020-12) of the record file, as published. */
export const CALIBRATION_RECORD_JSON_SCHEMA: JsonSchema = CALIBRATION_RECORD_FILE_FORMAT.document;

/**
 * The error for a record that is JSON but not the format: every problem, in the order of the
 * file, as `file:line: path: message` (JSON is YAML, so its positions give the lines); the
 * message is the first and how many more there are; `failures` lists them all.
 */
function invalidRecord(text: string, file: string, data: unknown): UncalibratedJudgeError {
  const { positions } = parseWithPositions(text);
  const issues = inDocumentOrder(data, CALIBRATION_RECORD_FILE_FORMAT.issues(data)).map((issue) =>
    locatedMessage(locateIssue(issue, file, positions), issue.path, issue.message),
  );
  const first = issues[0] ?? `${file}: does not match the format`;
  const rest = issues.length - 1;
  const more = rest > 0 ? `; ${rest} more problem${rest === 1 ? '' : 's'}` : '';
  return new UncalibratedJudgeError(
    'record_invalid',
    `${first} (not a calibration record${more})`,
    issues.length > 0 ? issues : [first],
  );
}

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
  if (!CALIBRATION_RECORD_FILE_FORMAT.check(data)) throw invalidRecord(text, file, data);
  const record: CalibrationRecord = data;
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
