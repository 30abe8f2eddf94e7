import { describe, expect, it } from 'vitest';
import { formatCalibrationRecord, parseCalibrationRecord } from '../src/calibration-record.js';
import { UncalibratedJudgeError } from '../src/uncalibrated-judge-error.js';
import { recordWith } from './records.js';

const record = recordWith({
  equivalent: 80,
  notEquivalent: 45,
  truePositive: 78,
  trueNegative: 43,
});

function parseError(text: string): UncalibratedJudgeError {
  try {
    parseCalibrationRecord(text, 'judge.json');
  } catch (error) {
    if (error instanceof UncalibratedJudgeError) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('calibration records', () => {
  it('are written as two-space JSON with a final newline and read back equal', () => {
    const text = formatCalibrationRecord(record);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "format": "nl2sql-judge-calibration/1",');
    expect(parseCalibrationRecord(text, 'judge.json')).toEqual(record);
  });

  it('refuse text that is not JSON, naming the file', () => {
    const error = parseError('{ not json');
    expect(error.code).toBe('record_invalid');
    expect(error.message).toMatch(/^judge\.json: not JSON/);
  });

  it('refuse JSON of another shape, naming the field', () => {
    const { tnr: _, ...withoutTnr } = record;
    expect(parseError(JSON.stringify(withoutTnr)).message).toMatch(/tnr/);
    expect(parseError(JSON.stringify({ ...record, date: '30.11.2026' })).message).toMatch(/\/date/);
    expect(parseError(JSON.stringify({ ...record, extra: 1 })).code).toBe('record_invalid');
  });

  it('refuse counts that disagree with each other or with the pairs (a hand edit)', () => {
    const edits = [
      { ...record, counts: { ...record.counts, trueNegative: 45, falsePositive: 0 } },
      { ...record, tnr: { ...record.tnr, k: 45 } },
      { ...record, pairs: record.pairs.slice(1) },
      {
        ...record,
        pairs: record.pairs.map((p) =>
          p.label === 'not_equivalent' ? { ...p, correct: true } : p,
        ),
      },
    ];
    for (const edited of edits) {
      expect(parseError(JSON.stringify(edited)).message).toMatch(/counts disagree/);
    }
  });
});
