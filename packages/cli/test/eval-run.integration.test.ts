import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { writeRecord } from '@nl2sql/records';
import { describe, expect, test } from 'vitest';
import { readSavedReport } from '../src/eval/saved-report.js';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

describe('nl2sql eval run', () => {
  test.skipIf(noChinook)(
    'mode plans on Chinook passes every case for every role and prints the board',
    async () => {
      const c = captureIo();
      expect(await main(['eval', 'run'], c.io)).toBe(EXIT.ok);
      const out = c.out();
      expect(out).toContain('mode plans, suite chinook.yaml');
      expect(out).toMatch(/case runs\s+141\/141/);
      expect(out).toMatch(/accuracy strict\s+141\/141 {2}100\.0% {2}\(Wilson 95% 97\.3%-100\.0%\)/);
      expect(out).toMatch(/answerability\s+141\/141/);
      expect(out).not.toContain('Failing case runs');
      // Plain progress lines when stdout is not a terminal.
      expect(out).toContain('[141/141] plans');
    },
    120_000,
  );

  test.skipIf(noChinook)(
    '--json prints the report a script can read, with --cases and --roles applied',
    async () => {
      const c = captureIo();
      const code = await main(
        ['eval', 'run', '--json', '--cases', 'chinook_001,chinook_002', '--roles', 'admin'],
        c.io,
      );
      expect(code).toBe(EXIT.ok);
      const { report } = JSON.parse(c.out()) as {
        report: {
          planned_cases: number;
          configs: { cases: { case_id: string; role: string; status: string }[] }[];
        };
      };
      expect(report.planned_cases).toBe(2);
      expect(report.configs[0]?.cases.map((r) => [r.case_id, r.role, r.status])).toEqual([
        ['chinook_001', 'admin', 'pass'],
        ['chinook_002', 'admin', 'pass'],
      ]);
    },
    60_000,
  );

  test.skipIf(noChinook)(
    'a live progress line on a terminal, cleared before the board',
    async () => {
      const lines: string[] = [];
      const c = captureIo({ isTty: true, status: (t) => lines.push(t) });
      expect(await main(['eval', 'run', '--cases', 'chinook_001'], c.io)).toBe(EXIT.ok);
      expect(lines[0]).toMatch(/^\[1\/3\] 100\.0% passed, \$0\.0000 {2}chinook_001$/);
      expect(lines.at(-1)).toBe('');
      expect(c.out()).not.toContain('[1/3] plans');
    },
    60_000,
  );

  test.skipIf(noChinook)(
    'mode retrieval reports recall and the settings used',
    async () => {
      const c = captureIo();
      expect(await main(['eval', 'run', '--mode', 'retrieval', '--json'], c.io)).toBe(EXIT.ok);
      const { report } = JSON.parse(c.out()) as {
        report: {
          settings: { retrieval: Record<string, unknown> };
          configs: {
            config: { name: string };
            metrics: { retrieval: { cases: number; table_recall: number } };
          }[];
        };
      };
      expect(report.configs[0]?.config.name).toBe('retrieval');
      expect(report.configs[0]?.metrics.retrieval.cases).toBeGreaterThan(40);
      expect(report.configs[0]?.metrics.retrieval.table_recall).toBeGreaterThan(0.5);
      expect(report.settings.retrieval).toMatchObject({
        full_snapshot_max_tables: 0,
        k_tables: 8,
        k_columns: 12,
      });
    },
    60_000,
  );

  test.skipIf(noChinook)(
    '--save writes the report and its records; --baseline gates against them',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'nl2sql-eval-'));
      const saved = join(dir, 'report.json');
      const c = captureIo();
      expect(await main(['eval', 'run', '--cases', 'chinook_001', '--save', saved], c.io)).toBe(
        EXIT.ok,
      );
      const report = readSavedReport(saved);
      expect(report.records).toHaveLength(1);
      expect(report.records[0]).toMatchObject({
        schema: 2,
        kind: 'plans',
        config: { name: 'plans' },
      });
      const benchmarks = join(dir, 'benchmarks');
      const first = report.records[0];
      if (!first) throw new Error('no record');
      writeRecord(benchmarks, first);
      const g = captureIo();
      expect(
        await main(['eval', 'run', '--cases', 'chinook_001', '--baseline', benchmarks], g.io),
      ).toBe(EXIT.ok);
      expect(g.out()).toContain('gate: PASS');
      expect(readFileSync(saved, 'utf8')).toContain('"format": "nl2sql-eval-report"');
    },
    60_000,
  );

  test.skipIf(noChinook)(
    'usage errors exit 2: a bad mode, an unknown role, mode full without a cap',
    async () => {
      const a = captureIo();
      expect(await main(['eval', 'run', '--mode', 'fast'], a.io)).toBe(EXIT.usage);
      expect(a.err()).toContain('--mode must be one of plans, full, retrieval, got "fast"');
      const b = captureIo();
      expect(await main(['eval', 'run', '--roles', 'ceo'], b.io)).toBe(EXIT.usage);
      expect(b.err()).toContain('role "ceo"');
      const d = captureIo();
      expect(await main(['eval', 'run', '--mode', 'full', '--llm', 'gpt-5.4'], d.io)).toBe(
        EXIT.usage,
      );
      expect(d.err()).toContain('--max-cost');
    },
    60_000,
  );

  test.skipIf(noChinook)(
    'configuration errors exit 3: an unpriced model, a missing key, a missing suite',
    async () => {
      const a = captureIo();
      expect(
        await main(
          ['eval', 'run', '--mode', 'full', '--llm', 'ollama/llama3', '--max-cost', '1'],
          a.io,
        ),
      ).toBe(EXIT.config);
      expect(a.err()).toContain('No price for model "llama3"');
      const b = captureIo({ env: {} });
      expect(
        await main(['eval', 'run', '--mode', 'full', '--llm', 'gpt-5.4', '--max-cost', '1'], b.io),
      ).toBe(EXIT.config);
      expect(b.err()).toContain('OPENAI_API_KEY');
      const d = captureIo();
      expect(await main(['eval', 'run', '--suite', '/nonexistent/suite.yaml'], d.io)).toBe(
        EXIT.config,
      );
    },
    60_000,
  );
});

describe('nl2sql eval run --journal / --resume', () => {
  test.skipIf(noChinook)(
    'a run cut short resumes from its journal and loses nothing',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'nl2sql-journal-'));
      const journal = join(dir, 'run.jsonl');
      const args = [
        'eval',
        'run',
        '--cases',
        'chinook_001,chinook_002,chinook_003',
        '--journal',
        journal,
      ];
      expect(await main(args, captureIo().io)).toBe(EXIT.ok);
      const lines = readFileSync(journal, 'utf8')
        .split('\n')
        .filter((l) => l !== '');
      expect(lines).toHaveLength(1 + 9);
      // As if killed after four case runs, in the middle of writing the fifth.
      writeFileSync(journal, `${lines.slice(0, 5).join('\n')}\n${lines[5]?.slice(0, 20)}`);
      const c = captureIo();
      expect(await main([...args, '--resume', '--json'], c.io)).toBe(EXIT.ok);
      expect(c.err()).toContain('resuming: 4 of 9 case runs already in the journal');
      const { report } = JSON.parse(c.out()) as {
        report: { completed_cases: number; configs: { cases: unknown[] }[] };
      };
      expect(report.completed_cases).toBe(9);
      expect(report.configs[0]?.cases).toHaveLength(9);
      expect(
        readFileSync(journal, 'utf8')
          .split('\n')
          .filter((l) => l !== ''),
      ).toHaveLength(1 + 9);
    },
    60_000,
  );

  test('--resume without --journal is a usage error', async () => {
    const c = captureIo();
    expect(await main(['eval', 'run', '--resume'], c.io)).toBe(EXIT.usage);
  });
});

describe('nl2sql eval run --engine URL', () => {
  test.skipIf(noChinook)(
    'evaluates an HTTP engine; its failures fail mode plans (exit 1) with the reason',
    async () => {
      const { createServer } = await import('node:http');
      const server = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              status: 'error',
              sql: null,
              results: [],
              answer: null,
              error: { code: 'INTERNAL_ERROR', message: 'not implemented yet' },
              usage: [],
              trace: {},
            }),
          );
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      try {
        const c = captureIo();
        const code = await main(
          ['eval', 'run', '--cases', 'chinook_003', '--engine', `http://127.0.0.1:${port}`],
          c.io,
        );
        expect(code).toBe(EXIT.failed);
        expect(c.out()).toContain('config http');
        expect(c.out()).toContain(
          'chinook_003 as admin: error: expected allowed, the engine answered INTERNAL_ERROR: not implemented yet',
        );
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
    60_000,
  );
});
