import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCalibrationRecord } from '../src/calibration-record.js';
import { checkCalibration, requireCalibratedJudge } from '../src/check-calibration.js';
import type { Judge } from '../src/judge.js';
import { UncalibratedJudgeError } from '../src/uncalibrated-judge-error.js';
import { IDENTITY, recordWith } from './records.js';

const PASSING = { equivalent: 80, notEquivalent: 45, truePositive: 76, trueNegative: 41 };

function refusal(run: () => unknown): UncalibratedJudgeError {
  try {
    run();
  } catch (error) {
    if (error instanceof UncalibratedJudgeError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkCalibration', () => {
  it('accepts a record of this judge that meets the defaults', () => {
    const record = recordWith(PASSING);
    expect(checkCalibration(record, IDENTITY)).toBe(record);
  });

  it('refuses a judge with no record', () => {
    expect(refusal(() => checkCalibration(undefined, IDENTITY)).code).toBe('no_record');
  });

  it.each([
    ['model', { model: 'gpt-5.4-mini' }],
    ['provider', { provider: 'openrouter' }],
    ['temperature', { temperature: 0.7 }],
    ['prompt version', { promptVersion: 'sql-equivalence/0' }],
  ])('refuses a record made for another %s', (_, change) => {
    const error = refusal(() => checkCalibration(recordWith(PASSING), { ...IDENTITY, ...change }));
    expect(error.code).toBe('identity_mismatch');
    expect(error.message).toContain('openai:gpt-5.4 (temperature 0, prompt sql-equivalence/1)');
  });

  it('refuses TPR or TNR under 0.90, too few pairs, and non-equivalent counts outside 30-50', () => {
    const cases = [
      [{ ...PASSING, truePositive: 71 }, /TPR 0.88\d below 0.900/],
      [{ ...PASSING, trueNegative: 40 }, /TNR 0.889 below 0.900/],
      [
        { equivalent: 60, notEquivalent: 35, truePositive: 60, trueNegative: 35 },
        /95 labelled pairs/,
      ],
      [
        { equivalent: 90, notEquivalent: 25, truePositive: 90, trueNegative: 25 },
        /25 not-equivalent pairs/,
      ],
      [
        { equivalent: 60, notEquivalent: 55, truePositive: 60, trueNegative: 55 },
        /55 not-equivalent pairs/,
      ],
    ] as const;
    for (const [counts, message] of cases) {
      const error = refusal(() => checkCalibration(recordWith(counts), IDENTITY));
      expect(error.code).toBe('below_threshold');
      expect(error.message).toMatch(message);
    }
  });

  it('recomputes the rates from the counts instead of trusting `passed`', () => {
    const record = { ...recordWith({ ...PASSING, trueNegative: 30 }), passed: true, failures: [] };
    expect(refusal(() => checkCalibration(record, IDENTITY)).code).toBe('below_threshold');
  });

  it('applies the thresholds of the check, not those the record was made with', () => {
    const record = recordWith(PASSING); // TPR 0.95, TNR 0.911
    expect(refusal(() => checkCalibration(record, IDENTITY, { minTnr: 0.95 })).code).toBe(
      'below_threshold',
    );
    expect(checkCalibration(record, IDENTITY, { minTpr: 0.95 })).toBe(record);
  });

  it('passes exactly when both rates reach their thresholds (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 70 }),
        fc.integer({ min: 30, max: 50 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (tpMissing, notEquivalent, tpShare, tnShare) => {
          const equivalent = 70 + tpMissing;
          const truePositive = Math.round(tpShare * equivalent);
          const trueNegative = Math.round(tnShare * notEquivalent);
          const record = recordWith({ equivalent, notEquivalent, truePositive, trueNegative });
          const ok = truePositive / equivalent >= 0.9 && trueNegative / notEquivalent >= 0.9;
          let passed = true;
          try {
            checkCalibration(record, IDENTITY);
          } catch {
            passed = false;
          }
          expect(passed).toBe(ok);
        },
      ),
    );
  });
});

describe('requireCalibratedJudge', () => {
  let dir: string;
  const judge = { identity: IDENTITY } as Judge;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nl2sql-judge-record-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a record file and checks it', async () => {
    const file = join(dir, 'ok.json');
    await writeFile(file, formatCalibrationRecord(recordWith(PASSING)));
    await expect(requireCalibratedJudge(file, judge)).resolves.toMatchObject({ passed: true });
  });

  it('refuses a missing file, naming it', async () => {
    const error = await requireCalibratedJudge(join(dir, 'none.json'), judge).catch((e) => e);
    expect(error).toMatchObject({ code: 'no_record' });
    expect(error.message).toContain('none.json');
  });

  it('refuses a file that is not a calibration record, naming it', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, '{"format": "something else"}');
    const error = await requireCalibratedJudge(file, judge).catch((e) => e);
    expect(error).toMatchObject({ code: 'record_invalid' });
    expect(error.message).toContain('bad.json');
  });
});
