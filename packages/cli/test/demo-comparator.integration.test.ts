import { chinookForTests } from '@nl2sql/datasets';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

describe('nl2sql demo comparator (the comparator on Chinook)', () => {
  test.skipIf(noChinook)(
    'prints the board with each case, the accuracies and why verdicts failed',
    async () => {
      const c = captureIo();
      expect(await main(['demo', 'comparator'], c.io)).toBe(EXIT.ok);
      const out = c.out();
      expect(out).toMatch(/demo_01\s+pass\s+pass/);
      expect(out).toMatch(/demo_02\s+FAIL\s+pass/);
      expect(out).toMatch(/demo_05\s+FAIL\s+FAIL/);
      expect(out).toMatch(/strict accuracy {3}1\/7 {2}14\.3% {2}\(Wilson 95% 2\.6%-51\.3%\)/);
      expect(out).toMatch(/lenient accuracy {2}4\/7 {2}57\.1% {2}\(Wilson 95% 25\.0%-84\.2%\)/);
      expect(out).toContain('too many columns: result has 9, at most 3 allowed');
      expect(out).toContain('same rows, wrong order');
      // Progress lines on a non-terminal, one per case.
      expect(out).toContain('[7/7] demo_07');
    },
  );

  test.skipIf(noChinook)('--json gives the verdicts a script can read', async () => {
    const c = captureIo();
    expect(await main(['demo', 'comparator', '--json'], c.io)).toBe(EXIT.ok);
    const report = JSON.parse(c.out()) as {
      cases: {
        id: string;
        strict: { pass: boolean };
        lenient: { pass: boolean; reason?: { code: string } };
      }[];
      accuracy: { strict: { estimate: number }; lenient: { estimate: number; lower: number } };
    };
    expect(report.cases).toHaveLength(7);
    expect(report.accuracy.lenient.estimate).toBeCloseTo(4 / 7);
    expect(report.accuracy.lenient.lower).toBeCloseTo(0.25, 3);
    expect(report.cases.find((x) => x.id === 'demo_06')?.lenient.reason?.code).toBe(
      'unmatched_gold_column',
    );
  });

  test('a missing --db file is a configuration error (exit 3)', async () => {
    const c = captureIo();
    expect(await main(['demo', 'comparator', '--db', '/nonexistent/chinook.sqlite'], c.io)).toBe(
      EXIT.config,
    );
    expect(c.err()).toContain('/nonexistent/chinook.sqlite');
  });
});
