import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  test.skipIf(noChinook)(
    '--efficiency budgets correct predictions against 10x their gold; --max-over-budget gates it',
    async () => {
      // chinook_039 answered correctly but with InvoiceLine's index defeated (a scan per
      // track); chinook_002 answered with its gold; chinook_010 answered wrongly (not costed)
      const dir = mkdtempSync(join(tmpdir(), 'nl2sql-budget-'));
      const preds = [
        {
          id: 'chinook_039',
          sql: 'SELECT COUNT(*) AS tracks FROM Track t WHERE NOT EXISTS (SELECT 1 FROM InvoiceLine il WHERE il.TrackId + 0 = t.TrackId)',
        },
        {
          id: 'chinook_002',
          sql: 'SELECT g.Name, COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId, g.Name ORDER BY tracks DESC, g.GenreId LIMIT 5',
        },
        { id: 'chinook_010', sql: 'SELECT 1' },
      ];
      writeFileSync(join(dir, 'preds.jsonl'), preds.map((p) => JSON.stringify(p)).join('\n'));
      const budget = async (...extra: string[]) => {
        const c = captureIo({ cwd: dir });
        const args = ['eval', 'run', '--predictions', 'preds.jsonl', '--roles', 'admin'];
        args.push('--cases', 'chinook_002,chinook_010,chinook_039', '--skip-testsuite');
        const code = await main([...args, ...extra], c.io);
        return { code, out: c.out(), err: c.err() };
      };
      const timed = ['--efficiency', '--efficiency-repeats', '1'];
      const over = await budget(...timed, '--max-over-budget', '0');
      expect(over.out).toMatch(
        /over budget\s+1 of 2 correct over 10x the gold's cost: chinook_039/,
      );
      expect(over.err).toContain(
        'nl2sql: FAIL max over budget: config preds.jsonl has 1 of 2 correct case run(s) over budget (chinook_039), more than 0',
      );
      expect(over.code).toBe(EXIT.failed);
      // the same run within a looser budget passes the guardrail
      const kept = await budget(...timed, '--budget-x', '1000000000', '--max-over-budget', '0');
      expect(kept.err).toMatch(/ok max over budget: .* 0 of 2 correct/);
      expect(kept.code).toBe(EXIT.ok);
      // a budget flag without the pass that measures it is refused
      const refused = await budget('--max-over-budget', '0');
      expect(refused.code).toBe(EXIT.usage);
      expect(refused.err).toContain('--max-over-budget needs --efficiency');
    },
    300_000,
  );
});
