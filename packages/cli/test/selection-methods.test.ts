import { chinookForTests } from '@nl2sql/datasets';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it.
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

interface MethodsReport {
  report: {
    settings: { retrieval: { by_config?: Record<string, { path_completion?: boolean }> } };
    configs: {
      config: { name: string };
      metrics: { retrieval: { cases: number; complete?: { count: number; total: number } } };
    }[];
  };
}

describe("eval run --mode retrieval --methods (spec 003's comparison from the CLI)", () => {
  test.skipIf(noChinook)(
    "runs both methods on the same cases and prints 003's table from the same figures",
    async () => {
      // chinook_017 is complete only with path completion (it adds the join the retriever
      // missed); chinook_002 is complete either way.
      const cases = ['--cases', 'chinook_002,chinook_017', '--roles', 'admin'];
      const args = ['eval', 'run', '--mode', 'retrieval', '--methods', 'candidates,completion'];
      const json = captureIo();
      expect(await main([...args, ...cases, '--json'], json.io)).toBe(EXIT.ok);
      const { report } = JSON.parse(json.out()) as MethodsReport;
      expect(report.configs.map((c) => c.config.name)).toEqual([
        'candidates only',
        'candidates + path completion',
      ]);
      const byConfig = report.settings.retrieval.by_config;
      expect(byConfig?.['candidates only']?.path_completion).toBe(false);
      expect(byConfig?.['candidates + path completion']?.path_completion).toBe(true);
      const [only, completed] = report.configs.map((c) => c.metrics.retrieval);
      expect(only?.cases).toBe(completed?.cases);

      const text = captureIo();
      expect(await main([...args, ...cases], text.io)).toBe(EXIT.ok);
      const lines = text.out().split('\n');
      const heading = lines.findIndex((l) => l.startsWith("spec 003's comparison"));
      expect(heading).toBeGreaterThan(0);
      const table = lines.slice(heading + 1, heading + 4).map((l) => l.trim().split(/\s{2,}/));
      expect(table[0]).toEqual([
        'method',
        'mean necessary-column recall',
        'mean candidate columns',
        'complete strategy',
        'reference SQL match',
        'boundary states as expected',
      ]);
      // The table's tallies are the board's: complete strategies out of the case runs.
      const tally = (m: typeof only) => `${m?.complete?.count} / ${m?.complete?.total}`;
      expect(table[1]?.[0]).toBe('candidates only');
      expect(table[1]?.[3]).toBe(tally(only));
      expect(table[2]?.[0]).toBe('candidates + path completion');
      expect(table[2]?.[3]).toBe(tally(completed));
      expect(completed!.complete!.count).toBeGreaterThan(only!.complete!.count);
    },
    120_000,
  );

  test('refuses --methods outside mode retrieval, beside --k, unknown, repeated or for another engine', async () => {
    const refused = async (args: string[], says: string) => {
      const c = captureIo();
      expect(await main(['eval', 'run', ...args], c.io)).toBe(EXIT.usage);
      expect(c.err()).toContain(says);
    };
    await refused(['--methods', 'candidates'], '--methods compares mode retrieval, not mode plans');
    await refused(['--mode', 'retrieval', '--methods', 'completion', '--k', '4,8'], '--k');
    await refused(['--mode', 'retrieval', '--methods', 'bm25'], '--methods: bm25 is not a method');
    await refused(
      ['--mode', 'retrieval', '--methods', 'completion,completion'],
      '--methods lists completion twice',
    );
    await refused(
      ['--mode', 'retrieval', '--engine', 'http://127.0.0.1:9/', '--methods', 'completion'],
      "--methods compares the reference engine's retriever",
    );
  });
});
