import { describe, expect, it } from 'vitest';
import {
  type CalibrationRecord,
  formatCalibrationRecord,
  parseCalibrationRecord,
} from '../src/calibration-record.js';
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

  it('refuse JSON of another shape, naming the file, line and field', () => {
    const { tnr: _, ...withoutTnr } = record;
    expect(parseError(formatCalibrationRecord(withoutTnr as CalibrationRecord)).message).toBe(
      "judge.json:1: tnr: missing required field 'tnr' (not a calibration record)",
    );
    const misdated = parseError(formatCalibrationRecord({ ...record, date: '30.11.2026' }));
    expect(misdated.message).toBe(
      'judge.json:3: date: must match pattern "^\\d{4}-\\d{2}-\\d{2}$" (not a calibration record)',
    );
    const extra = parseError(formatCalibrationRecord({ ...record, extra: 1 } as CalibrationRecord));
    expect(extra.code).toBe('record_invalid');
    expect(extra.message).toMatch(
      /^judge\.json:\d+: extra: unknown field 'extra' \(allowed: format, /,
    );
  });

  it('list every problem in the order of the file, the first in the message', () => {
    const broken = {
      ...record,
      judge: { ...record.judge, temperature: 'zero' },
      pairs: record.pairs.map((p, i) => (i === 2 ? { ...p, verdict: 'maybe' } : p)),
      costUsd: -1,
    };
    const text = formatCalibrationRecord(broken as unknown as CalibrationRecord);
    const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    const error = parseError(text);
    expect(error.failures).toEqual([
      `judge.json:${lineOf('"temperature"')}: judge.temperature: must be number or null; got string`,
      `judge.json:${lineOf('"costUsd"')}: costUsd: must be >= 0`,
      `judge.json:${lineOf('"maybe"')}: pairs[2].verdict: must be one of: "equivalent", "not_equivalent", null; got "maybe"`,
    ]);
    expect(error.message).toBe(`${error.failures[0]} (not a calibration record; 2 more problems)`);
  });

  it('refuse every value of a field that is not of its kind', () => {
    // Each field of the record replaced by a value of another JSON type is refused at that
    // field; the record stays a record when no value is replaced.
    const wrong: Record<string, unknown> = {
      string: 1,
      number: 'x',
      integer: 1.5,
      boolean: 'true',
      object: [],
      array: {},
    };
    const fields = Object.keys(record) as Array<keyof CalibrationRecord>;
    for (const field of fields) {
      const value = record[field];
      const kind = Array.isArray(value)
        ? 'array'
        : typeof value === 'number' && Number.isInteger(value) && field !== 'costUsd'
          ? 'integer'
          : typeof value;
      const edited = { ...record, [field]: wrong[kind] ?? null };
      const error = parseError(formatCalibrationRecord(edited as CalibrationRecord));
      expect(error.failures[0], field).toMatch(new RegExp(`^judge\\.json:\\d+: ${field}: `));
    }
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
