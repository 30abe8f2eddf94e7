// A stopped run never passes: the CLI as a real child process, stopped mid-run by SIGINT or
// SIGTERM, prints its partial board, does not gate, and exits 130.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chinookForTests } from '@nl2sql/datasets';
import { writeRecord } from '@nl2sql/records';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readSavedReport } from '../src/eval/saved-report.js';
import { EXIT, main } from '../src/index.js';
import { failReply, startEngineServer, type TestEngineServer } from './engine-server.js';
import { captureIo } from './io-capture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const CASES = 'chinook_001,chinook_002,chinook_003,chinook_004,chinook_005,chinook_006';

let engine: TestEngineServer;
let benchmarks: string;

beforeAll(async () => {
  if (noChinook) return;
  engine = await startEngineServer(failReply('not implemented yet'), { delayMs: 150 });
  const dir = mkdtempSync(join(tmpdir(), 'nl2sql-stop-'));
  const saved = join(dir, 'baseline.json');
  // The baseline: the same engine over the same cases, run to the end.
  const args = ['eval', 'run', '--cases', CASES, '--engine', engine.url, '--save', saved];
  const code = await main([...args, '--concurrency', '8'], captureIo().io);
  expect([EXIT.ok, EXIT.failed]).toContain(code);
  benchmarks = join(dir, 'benchmarks');
  for (const record of readSavedReport(saved).records) writeRecord(benchmarks, record);
}, 120_000);

afterAll(() => engine?.close());

/** Runs the CLI in a child process and sends `signal` once two case runs have finished. */
function runAndStop(signal: NodeJS.Signals) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=@nl2sql/source',
        '--import',
        'tsx',
        bin,
        'eval',
        'run',
        '--cases',
        CASES,
        '--engine',
        engine.url,
        '--concurrency',
        '1',
        '--baseline',
        benchmarks,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
      if (!sent && /\[2\/\d+\]/.test(stderr)) {
        sent = true;
        child.kill(signal);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a stopped run never passes', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    test.skipIf(noChinook)(
      `${signal}: the partial board, no gate, exit 130`,
      async () => {
        const { code, stdout, stderr } = await runAndStop(signal);
        expect(stderr).toContain(`nl2sql: ${signal}: stopping the run`);
        expect(code).toBe(EXIT.stopped);
        expect(stdout).toMatch(/CANCELLED: \d+ of 18 case runs completed/);
        expect(stdout).toContain('config ');
        expect(stdout).toContain('gate: not run, the run was stopped');
        expect(stdout).not.toContain('gate: PASS');
        expect(stdout).not.toContain('Gate against');
        // Progress went to stderr only.
        expect(stdout).not.toMatch(/\[\d+\/18\]/);
      },
      120_000,
    );
  }
});
