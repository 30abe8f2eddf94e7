import { describe, expect, it } from 'vitest';
import { byCase, type CaseRun, caseEntries, caseKey, GateInputError } from '../src/index.js';

describe('caseKey', () => {
  it('is the case id without a role and caseId@role with one', () => {
    expect(caseKey({ caseId: 'chinook_001' })).toBe('chinook_001');
    expect(caseKey({ caseId: 'chinook_001', role: 'analyst' })).toBe('chinook_001@analyst');
  });
});

describe('byCase', () => {
  it('groups by case and role, each group ordered by pass', () => {
    const runs: CaseRun[] = [
      { caseId: 'a', role: 'sales', pass: 2, passed: false },
      { caseId: 'a', role: 'sales', pass: 1, passed: true },
      { caseId: 'a', role: 'admin', pass: 1, passed: true },
    ];
    const groups = byCase(runs);
    expect([...groups.keys()]).toEqual(['a@sales', 'a@admin']);
    expect(groups.get('a@sales')?.map((run) => run.pass)).toEqual([1, 2]);
  });

  it('rejects a case that appears twice in one pass, naming where', () => {
    const runs: CaseRun[] = [
      { caseId: 'a', pass: 1, passed: true },
      { caseId: 'a', pass: 1, passed: false },
    ];
    expect(() => byCase(runs, 'current config gpt')).toThrow(
      'current config gpt[1]: case a appears twice in pass 1',
    );
  });

  it('rejects two different (case, role) pairs that share a key', () => {
    const runs: CaseRun[] = [
      { caseId: 'a@b', pass: 1, passed: true },
      { caseId: 'a', role: 'b', pass: 1, passed: true },
    ];
    expect(() => byCase(runs)).toThrow(/has the same key "a@b"/);
  });

  it.each([
    [{ caseId: '', pass: 1, passed: true }, /caseId must be a non-empty string/],
    [{ caseId: 'a', pass: 0, passed: true }, /pass must be an integer from 1/],
    [{ caseId: 'a', pass: 1.5, passed: true }, /pass must be an integer from 1/],
    [{ caseId: 'a', pass: 1, passed: 'yes' }, /passed must be a boolean/],
    [{ caseId: 'a', pass: 1, passed: true, costUsd: -0.01 }, /costUsd must be a finite number/],
    [{ caseId: 'a', pass: 1, passed: true, costUsd: Number.NaN }, /costUsd must be a finite/],
    [{ caseId: 'a', pass: 1, passed: true, passedGenerated: 1 }, /passedGenerated must be/],
  ])('rejects a malformed run %o', (run, message) => {
    const attempt = () => byCase([run as unknown as CaseRun]);
    expect(attempt).toThrow(GateInputError);
    expect(attempt).toThrow(message);
  });
});

describe('caseEntries', () => {
  it('reads a Map and a plain object alike', () => {
    const runs = [{ passed: true }];
    expect(caseEntries(new Map([['a', runs]]))).toEqual([['a', runs]]);
    expect(caseEntries({ a: runs })).toEqual([['a', runs]]);
  });
});
