// The gate before a run uses a judge (spec 001 section 6: "trust the judge only after it
// passes validation"): the record must be for this very judge (provider, model, temperature,
// prompt version) and meet the thresholds, recomputed from its counts rather than read from
// its `passed` flag.
import { readFile } from 'node:fs/promises';
import { type CalibrationRecord, parseCalibrationRecord } from './calibration-record.js';
import {
  type CalibrationThresholds,
  resolveCalibrationThresholds,
  thresholdFailures,
} from './calibration-thresholds.js';
import { formatJudgeIdentity, type Judge, type JudgeIdentity, sameJudgeIdentity } from './judge.js';
import { UncalibratedJudgeError } from './uncalibrated-judge-error.js';

/** Throws UncalibratedJudgeError unless `record` shows `identity` passing `thresholds`. */
export function checkCalibration(
  record: CalibrationRecord | undefined,
  identity: JudgeIdentity,
  thresholds: Partial<CalibrationThresholds> = {},
): CalibrationRecord {
  if (record === undefined) {
    throw new UncalibratedJudgeError(
      'no_record',
      `no calibration record for the judge ${formatJudgeIdentity(identity)}: run \`nl2sql judge calibrate\` first`,
    );
  }
  if (!sameJudgeIdentity(record.judge, identity)) {
    throw new UncalibratedJudgeError(
      'identity_mismatch',
      `the calibration record is for ${formatJudgeIdentity(record.judge)}, not ${formatJudgeIdentity(identity)}: calibrate this judge`,
    );
  }
  const t = resolveCalibrationThresholds(thresholds);
  const failures = thresholdFailures(
    {
      pairs: record.labels.pairs,
      equivalent: record.labels.equivalent,
      notEquivalent: record.labels.notEquivalent,
      tpr: record.tpr.n === 0 ? 0 : record.counts.truePositive / record.tpr.n,
      tnr: record.tnr.n === 0 ? 0 : record.counts.trueNegative / record.tnr.n,
    },
    t,
  );
  if (failures.length > 0) {
    throw new UncalibratedJudgeError(
      'below_threshold',
      `the judge ${formatJudgeIdentity(identity)} did not pass calibration (${record.date}): ${failures.join('; ')}`,
      failures,
    );
  }
  return record;
}

/** `eval run`'s one call: read the record file and check it for `judge`. */
export async function requireCalibratedJudge(
  recordFile: string,
  judge: Judge,
  thresholds: Partial<CalibrationThresholds> = {},
): Promise<CalibrationRecord> {
  let text: string;
  try {
    text = await readFile(recordFile, 'utf8');
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new UncalibratedJudgeError(
      'no_record',
      `cannot read the calibration record ${recordFile} for the judge ${formatJudgeIdentity(judge.identity)} (${why}): run \`nl2sql judge calibrate\` first`,
    );
  }
  return checkCalibration(parseCalibrationRecord(text, recordFile), judge.identity, thresholds);
}
