import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LoginSettings, memoryKb, transactionPrologue } from '../src/session-limits.js';

const login = (over: Partial<LoginSettings> = {}): LoginSettings => ({
  statementTimeoutMs: 0,
  workMemKb: 4096,
  tempFileLimitKb: -1,
  canSetTempFileLimit: false,
  ...over,
});
const caps = { workMemKb: 16384, tempFileLimitKb: 262144 };

/** The value a prologue sets for `name`, as a number, or undefined when it sets none. */
function setting(statements: string[], name: string): number | undefined {
  const line = statements.find((s) => s.startsWith(`SET LOCAL ${name} = `));
  return line === undefined ? undefined : Number(line.split(' = ')[1]);
}

describe('memoryKb', () => {
  it('reads sizes with a unit as kB', () => {
    expect([memoryKb('16MB', 'x'), memoryKb('512kB', 'x'), memoryKb(' 1GB ', 'x')]).toEqual([
      16384,
      512,
      1024 ** 2,
    ]);
  });

  it.each(['16', '16 mb', '1.5MB', '-1MB', '10kB', '4TB', ''])('refuses %j', (value) => {
    expect(() => memoryKb(value, 'workMem')).toThrow(/^workMem must be a size/);
  });
});

describe('transactionPrologue', () => {
  it('opens a read-only transaction and sets its limits for it only', () => {
    expect(transactionPrologue(login(), caps, 5000)).toEqual([
      'BEGIN READ ONLY',
      'SET LOCAL statement_timeout = 5000',
      'SET LOCAL work_mem = 4096',
    ]);
    expect(transactionPrologue(login({ canSetTempFileLimit: true }), caps, 250.2)).toEqual([
      'BEGIN READ ONLY',
      'SET LOCAL statement_timeout = 251',
      'SET LOCAL work_mem = 4096',
      'SET LOCAL temp_file_limit = 262144',
    ]);
  });

  it('never raises a limit the login has, and always sets one where the login has none', () => {
    const limit = fc.oneof(fc.constant(-1), fc.integer({ min: 64, max: 2 ** 31 - 1 }));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 64, max: 2 ** 31 - 1 }),
        limit,
        fc.double({ min: 0.001, max: 1e12, noNaN: true }),
        fc.integer({ min: 64, max: 2 ** 31 - 1 }),
        fc.integer({ min: 64, max: 2 ** 31 - 1 }),
        (timeout, workMem, tempFiles, deadline, capMem, capFiles) => {
          const own = login({
            statementTimeoutMs: timeout,
            workMemKb: workMem,
            tempFileLimitKb: tempFiles,
            canSetTempFileLimit: true,
          });
          const set = transactionPrologue(
            own,
            { workMemKb: capMem, tempFileLimitKb: capFiles },
            deadline,
          );
          const st = setting(set, 'statement_timeout')!;
          const wm = setting(set, 'work_mem')!;
          const tf = setting(set, 'temp_file_limit')!;
          expect(st).toBeGreaterThan(0);
          if (timeout > 0) expect(st).toBeLessThanOrEqual(timeout);
          expect(st).toBeLessThanOrEqual(Math.max(1, Math.ceil(deadline)));
          expect(wm).toBe(Math.min(workMem, capMem));
          expect(tf).toBeGreaterThan(0);
          expect(tf).toBeLessThanOrEqual(capFiles);
          if (tempFiles > 0) expect(tf).toBeLessThanOrEqual(tempFiles);
        },
      ),
    );
  });
});
