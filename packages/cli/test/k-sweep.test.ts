import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { describe, expect, test } from 'vitest';
import { readSavedReport } from '../src/eval/saved-report.js';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it.
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

interface SweepReport {
  report: {
    settings: { retrieval: { by_config?: Record<string, { k_columns?: number }> } };
    configs: {
      config: { name: string };
      metrics: {
        retrieval: {
          cases: number;
          table_recall: number;
          columns_sent: number;
          column_precision?: number;
          all_tables_hit?: { count: number; total: number };
        };
      };
    }[];
  };
}

describe('eval run --mode retrieval --k (a sweep over k on one board)', () => {
  test.skipIf(noChinook)(
    'runs one config per k, records each k, and sends more columns as k grows',
    async () => {
      const c = captureIo();
      const cases = ['--cases', 'chinook_002,chinook_017,chinook_041'];
      const args = ['eval', 'run', '--mode', 'retrieval', '--k', '2,12', ...cases];
      expect(await main([...args, '--json'], c.io)).toBe(EXIT.ok);
      const { report } = JSON.parse(c.out()) as SweepReport;
      expect(report.configs.map((r) => r.config.name)).toEqual(['retrieval k=2', 'retrieval k=12']);
      const byConfig = report.settings.retrieval.by_config;
      expect(byConfig?.['retrieval k=2']?.k_columns).toBe(2);
      expect(byConfig?.['retrieval k=12']?.k_columns).toBe(12);
      const [small, large] = report.configs.map((r) => r.metrics.retrieval);
      expect(small?.cases).toBe(large?.cases);
      expect(large!.columns_sent).toBeGreaterThan(small!.columns_sent);
      expect(large!.table_recall).toBeGreaterThanOrEqual(small!.table_recall);
      expect(typeof small?.column_precision).toBe('number');
      expect(small?.all_tables_hit?.total).toBe(small?.cases);

      // Each k is a record of its own, named by its k (records accept `retrieval k=N`).
      const dir = mkdtempSync(join(tmpdir(), 'nl2sql-k-sweep-'));
      const saved = join(dir, 'sweep.json');
      expect(await main([...args, '--save', saved], captureIo().io)).toBe(EXIT.ok);
      expect(readSavedReport(saved).records.map((r) => r.config.name)).toEqual([
        'retrieval k=2',
        'retrieval k=12',
      ]);

      const text = captureIo();
      expect(await main(args, text.io)).toBe(EXIT.ok);
      expect(text.out()).toContain('retrieval k=2');
      expect(text.out()).toContain('retrieval k=12');
      expect(text.out()).toMatch(/column precision@k\s+[\d.]+%/);
    },
    120_000,
  );

  test('refuses a sweep outside mode retrieval, beside --top-k, or with a bad or repeated k', async () => {
    const refused = async (args: string[], says: string) => {
      const c = captureIo();
      expect(await main(['eval', 'run', ...args], c.io)).toBe(EXIT.usage);
      expect(c.err()).toContain(says);
    };
    await refused(['--k', '4,8'], '--k sweeps mode retrieval, not mode plans');
    await refused(['--mode', 'retrieval', '--k', '4', '--top-k', '4'], '--k and --top-k');
    await refused(['--mode', 'retrieval', '--k', '4,0'], '--k must be whole numbers');
    await refused(['--mode', 'retrieval', '--k', '4,x'], '--k must be whole numbers');
    await refused(['--mode', 'retrieval', '--k', '8,8'], '--k lists 8 twice');
    await refused(
      ['--mode', 'retrieval', '--engine', 'http://127.0.0.1:9/', '--k', '4'],
      "--k sweeps the reference engine's retriever",
    );
  });
});
