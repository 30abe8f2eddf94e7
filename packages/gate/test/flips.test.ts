import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CaseRun, configFlips, flips, mcnemarExact } from '../src/index.js';
import { runsOf, summaryOf } from './fixtures.js';

describe('configFlips', () => {
  it('lists the cases that went pass -> fail and fail -> pass, sorted by case id', () => {
    const baseline = runsOf({ c3: 'P', c1: 'P', c2: 'F', c4: 'P', c5: 'F' });
    const current = runsOf({ c3: 'F', c1: 'F', c2: 'P', c4: 'P', c5: 'F' });
    const moved = configFlips(baseline, current, { config: 'gpt-5.4' });
    expect(moved).toEqual({
      config: 'gpt-5.4',
      score: 'execution',
      paired: 5,
      lost: [{ caseId: 'c1' }, { caseId: 'c3' }],
      gained: [{ caseId: 'c2' }],
      bothPassed: 1,
      bothFailed: 1,
      onlyInBaseline: [],
      onlyInCurrent: [],
      pValue: mcnemarExact(2, 1),
    });
  });

  it('reads a case that became flaky over three passes as lost', () => {
    const moved = configFlips(runsOf({ a: 'PPP' }), runsOf({ a: 'PFP' }));
    expect(moved.lost).toEqual([{ caseId: 'a' }]);
  });

  it('counts a case per role', () => {
    const baseline: CaseRun[] = [
      { caseId: 'c1', role: 'sales', pass: 1, passed: true },
      { caseId: 'c1', role: 'admin', pass: 1, passed: true },
    ];
    const current: CaseRun[] = [
      { caseId: 'c1', role: 'sales', pass: 1, passed: false },
      { caseId: 'c1', role: 'admin', pass: 1, passed: true },
    ];
    expect(configFlips(baseline, current).lost).toEqual([{ caseId: 'c1', role: 'sales' }]);
  });

  it('compares only the cases both runs have, listing the others', () => {
    const moved = configFlips(runsOf({ a: 'P', b: 'P' }), runsOf({ a: 'P', c: 'F' }));
    expect(moved.paired).toBe(1);
    expect(moved.onlyInBaseline).toEqual([{ caseId: 'b' }]);
    expect(moved.onlyInCurrent).toEqual([{ caseId: 'c' }]);
  });

  it('reads the generated path from passedGenerated, falling back to passed', () => {
    const baseline: CaseRun[] = [
      { caseId: 'curated', pass: 1, passed: true, passedGenerated: true },
      { caseId: 'plain', pass: 1, passed: true },
    ];
    const current: CaseRun[] = [
      { caseId: 'curated', pass: 1, passed: true, passedGenerated: false },
      { caseId: 'plain', pass: 1, passed: true },
    ];
    expect(configFlips(baseline, current).lost).toEqual([]);
    expect(configFlips(baseline, current, { score: 'generated' }).lost).toEqual([
      { caseId: 'curated' },
    ]);
  });

  it('accounts for every paired case, and swapping the runs swaps lost and gained', () => {
    const table = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 4 }),
      fc.tuple(fc.boolean(), fc.boolean()),
    );
    fc.assert(
      fc.property(table, (cases) => {
        const before = runsOf(
          Object.fromEntries(Object.entries(cases).map(([id, [b]]) => [id, b ? 'P' : 'F'])),
        );
        const after = runsOf(
          Object.fromEntries(Object.entries(cases).map(([id, [, a]]) => [id, a ? 'P' : 'F'])),
        );
        const forward = configFlips(before, after);
        const backward = configFlips(after, before);
        expect(
          forward.lost.length + forward.gained.length + forward.bothPassed + forward.bothFailed,
        ).toBe(forward.paired);
        expect(backward.lost).toEqual(forward.gained);
        expect(backward.gained).toEqual(forward.lost);
        expect(backward.pValue).toBe(forward.pValue);
      }),
    );
  });
});

describe('flips', () => {
  it('compares every config both runs name, in the current run order', () => {
    const baseline = summaryOf({
      old: runsOf({ a: 'P' }),
      mini: runsOf({ a: 'P' }),
      big: runsOf({ a: 'P' }),
    });
    const current = summaryOf({
      big: runsOf({ a: 'F' }),
      mini: runsOf({ a: 'P' }),
      fresh: runsOf({ a: 'F' }),
    });
    const result = flips(baseline, current);
    expect(result.map((f) => [f.config, f.lost.length])).toEqual([
      ['big', 1],
      ['mini', 0],
    ]);
  });
});
