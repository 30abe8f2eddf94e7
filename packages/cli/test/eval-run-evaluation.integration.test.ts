import { chinookForTests } from '@nl2sql/datasets';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

const run = async (...args: string[]) => {
  const c = captureIo();
  const code = await main(args, c.io);
  return { code, out: c.out(), err: c.err() };
};

describe('eval run beyond EX', () => {
  test.skipIf(noChinook)(
    '--efficiency adds VES and R-VES as a secondary row; without it there is none',
    async () => {
      const base = ['eval', 'run', '--cases', 'chinook_002,chinook_039', '--roles', 'admin'];
      const timed = await run(...base, '--efficiency', '--efficiency-repeats', '2');
      expect(timed.code).toBe(EXIT.ok);
      expect(timed.out).toMatch(
        /efficiency\s+VES \d\.\d{3}, R-VES \d\.\d{3} over 2 measured \(0 incorrect, 0 timeouts, 0 unmeasured\)/,
      );
      // The gate's figures are the same with or without it.
      expect(timed.out).toMatch(/accuracy strict\s+2\/2/);
      const plain = await run(...base);
      expect(plain.out).not.toMatch(/^efficiency/m);
      expect(plain.out).toMatch(/verdict \(3 tiers\)\s+2\/2/);
    },
    300_000,
  );
});
