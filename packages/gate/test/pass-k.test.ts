import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byCase, GateInputError, meanAccuracy, passK } from '../src/index.js';
import { runsOf } from './fixtures.js';

describe('passK', () => {
  it('counts a case only when every pass passed', () => {
    const runs = runsOf({
      chinook_001: 'PPP',
      chinook_002: 'PPF',
      chinook_003: 'FFF',
      chinook_004: 'P',
    });
    expect(passK(byCase(runs))).toEqual({ count: 2, total: 4, rate: 0.5 });
  });

  it('reads a plain object keyed by case', () => {
    expect(passK({ a: [{ passed: true }], b: [{ passed: true }, { passed: false }] }).rate).toBe(
      0.5,
    );
  });

  it('is an error on no cases or a case with no runs', () => {
    expect(() => passK(new Map())).toThrow(GateInputError);
    expect(() => passK({ a: [] })).toThrow('passK: case a has no runs');
  });

  it('never exceeds mean accuracy when every case ran the same number of passes', () => {
    const table = fc.integer({ min: 1, max: 5 }).chain((passes) =>
      fc.dictionary(
        fc.string({ minLength: 1, maxLength: 6 }),
        fc
          .array(fc.constantFrom('P', 'F'), { minLength: passes, maxLength: passes })
          .map((letters) => letters.join('')),
        { minKeys: 1 },
      ),
    );
    fc.assert(
      fc.property(table, (outcomes) => {
        const groups = byCase(runsOf(outcomes));
        expect(passK(groups).rate).toBeLessThanOrEqual(meanAccuracy(groups).rate);
      }),
    );
  });

  it('can exceed mean accuracy when pass counts differ (a run stopped by its cost cap)', () => {
    const groups = byCase(runsOf({ a: 'P', b: 'FF' }));
    expect(passK(groups).rate).toBe(0.5);
    expect(meanAccuracy(groups).rate).toBe(1 / 3);
  });

  it('equals mean accuracy with one pass per case', () => {
    const groups = byCase(runsOf({ a: 'P', b: 'F', c: 'P' }));
    expect(passK(groups)).toEqual(meanAccuracy(groups));
  });
});
