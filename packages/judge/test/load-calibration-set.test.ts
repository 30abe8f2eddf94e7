import { CHINOOK_CALIBRATION_PATH } from '@nl2sql/datasets';
import { describe, expect, it } from 'vitest';
import { composition } from '../src/calibration-set.js';
import { CalibrationSetError } from '../src/calibration-set-error.js';
import { loadCalibrationSet, parseCalibrationSet } from '../src/load-calibration-set.js';

const PAIR = `  - id: p1
    question: How many tracks?
    category: count-star-vs-count-key
    label: equivalent
    order_matters: false
    gold: SELECT COUNT(*) FROM Track
    candidate: SELECT COUNT(TrackId) FROM Track
    reason: TrackId is the key and never NULL.
`;

const HEAD = 'name: t\nversion: 1\ndatabase: chinook\ndialect: sqlite\npairs:\n';

function error(text: string): CalibrationSetError {
  try {
    parseCalibrationSet(text, 'labels.yaml');
  } catch (e) {
    if (e instanceof CalibrationSetError) return e;
    throw e;
  }
  throw new Error('expected an error');
}

describe('parseCalibrationSet', () => {
  it('reads a set and digests its bytes with line endings made LF', () => {
    const lf = parseCalibrationSet(HEAD + PAIR, 'labels.yaml');
    const crlf = parseCalibrationSet((HEAD + PAIR).replace(/\n/g, '\r\n'), 'labels.yaml');
    expect(lf.set.pairs[0]).toMatchObject({ id: 'p1', label: 'equivalent', order_matters: false });
    expect(lf.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(crlf.sha256).toBe(lf.sha256);
  });

  it('names the file and line of a YAML error', () => {
    const e = error(`${HEAD}  - id: [unclosed\n`);
    expect(e.code).toBe('CALIBRATION_YAML');
    expect(e.message).toMatch(/^labels\.yaml:\d+: /);
  });

  it('refuses YAML aliases, naming their line', () => {
    const e = error(
      `${HEAD}${PAIR.replace('reason: TrackId is the key and never NULL.', 'reason: &r TrackId is the key and never NULL.')}  - id: p2\n    question: q\n    category: c\n    label: equivalent\n    order_matters: false\n    gold: SELECT 1\n    candidate: SELECT 1\n    reason: *r\n`,
    );
    expect(e.code).toBe('CALIBRATION_YAML');
    expect(e.line).toBe(21);
  });

  it('names the pair, field and line of a format error', () => {
    const bad = error(HEAD + PAIR.replace('label: equivalent', 'label: same'));
    expect(bad).toMatchObject({
      code: 'CALIBRATION_SCHEMA',
      pairId: 'p1',
      field: 'label',
      line: 9,
    });
    expect(bad.message).toBe(
      'labels.yaml:9, pair p1, field label: must be one of "equivalent", "not_equivalent"',
    );
    const missing = error(
      HEAD + PAIR.replace('    reason: TrackId is the key and never NULL.\n', ''),
    );
    expect(missing).toMatchObject({ pairId: 'p1', field: 'reason', line: 6 });
    expect(missing.problem).toBe("missing required field 'reason'");
    const unknown = error(`${HEAD + PAIR}    extra: 1\n`);
    expect(unknown).toMatchObject({ pairId: 'p1', field: 'extra', line: 14 });
    const short = error(HEAD + PAIR.replace('TrackId is the key and never NULL.', 'same'));
    expect(short).toMatchObject({ pairId: 'p1', field: 'reason' });
  });

  it('refuses a repeated id and a witness on an equivalent pair', () => {
    const twice = error(HEAD + PAIR + PAIR);
    expect(twice).toMatchObject({
      code: 'CALIBRATION_INVALID',
      pairId: 'p1',
      field: 'id',
      line: 14,
    });
    expect(twice.problem).toBe('id p1 is used twice (first at line 6)');
    const witnessed = error(`${HEAD + PAIR}    witness: DELETE FROM Track\n`);
    expect(witnessed).toMatchObject({ code: 'CALIBRATION_INVALID', field: 'witness' });
  });

  it('refuses a file it cannot read', async () => {
    await expect(loadCalibrationSet('/nonexistent/labels.yaml')).rejects.toMatchObject({
      code: 'CALIBRATION_READ',
      file: '/nonexistent/labels.yaml',
    });
  });
});

describe('the shipped Chinook set', () => {
  it('loads, and its make-up is what the decision record reports', async () => {
    const { set } = await loadCalibrationSet(CHINOOK_CALIBRATION_PATH);
    const c = composition(set);
    expect(c).toMatchObject({ pairs: 125, equivalent: 80, notEquivalent: 45 });
    expect(
      Object.values(c.categories).reduce((n, x) => n + x.equivalent + x.notEquivalent, 0),
    ).toBe(125);
    // every not-equivalent pair built on data Chinook lacks comes with a witness or is caught by
    // a variant: checked by execution in calibration-set.integration.test.ts
    expect(set.pairs.filter((p) => p.witness !== undefined).length).toBeGreaterThan(0);
  });
});
