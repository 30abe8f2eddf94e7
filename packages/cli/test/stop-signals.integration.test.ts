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

/**
 * A SELECT of about 30 KB, well within what an engine may answer: each static check of it
 * and each of its diagnostics takes a good part of a second, so scoring is long work on the
 * event loop, the kind that kept a signal waiting.
 */
const LONG_SQL = `SELECT ${Array.from({ length: 1875 }, (_, i) => `'v${i}' AS c${i}`).join(', ')} FROM Artist LIMIT 1`;

const longAnswer = () => ({
  status: 'success',
  sql: LONG_SQL,
  results: [{ columns: ['n'], rows: [[275]], truncated: false }],
  answer: null,
  error: null,
  usage: [],
  trace: {},
});

interface Timed {
  code: number | null;
  stdout: string;
  stderr: string;
  /** From the first signal to the exit. */
  stopMs: number;
}

/**
 * The CLI in a child process against `url`; `when(stderr)`, or `when` settling, says when to
 * send SIGTERM, `delayMs` after (the second one, if `twice`, 100 ms later). Resolves with the
 * exit and the time it took.
 */
function timedStop(
  url: string,
  args: readonly string[],
  when: ((stderr: string) => boolean) | Promise<void>,
  options: { delayMs?: number; twice?: boolean } = {},
) {
  return new Promise<Timed>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=@nl2sql/source',
        '--import',
        'tsx',
        bin,
        'eval',
        'run',
        '--engine',
        url,
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    let sentAt = 0;
    const send = () => {
      sentAt = performance.now();
      child.kill('SIGTERM');
      if (options.twice) setTimeout(() => child.kill('SIGTERM'), 100);
    };
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('utf8');
    });
    const arm = () => {
      if (sentAt !== 0) return;
      sentAt = -1;
      setTimeout(send, options.delayMs ?? 0);
    };
    if (typeof when !== 'function') void when.then(arm);
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
      if (typeof when === 'function' && when(stderr)) arm();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout, stderr, stopMs: Math.round(performance.now() - sentAt) }),
    );
  });
}

/** Time to stop, with the machine shared by other work: the aim is under a second. */
const STOP_MS = 1500;

describe('a signal stops the run within a second, whatever it is doing', () => {
  test.skipIf(noChinook)(
    'during scoring of a long SQL, in the asks and in the evaluation pass after them',
    async () => {
      const server = await startEngineServer(longAnswer);
      try {
        const args = ['--cases', 'chinook_001,chinook_002', '--passes', '2', '--concurrency', '1'];
        // While the asks are scored (the static checks of each answer) ...
        const asks = await timedStop(server.url, args, (s) => s.includes('[3/12]'), {
          delayMs: 100,
        });
        // ... and in the evaluation pass after them (its diagnostics, about 2 s a case run).
        const pass = await timedStop(server.url, args, (s) => s.includes('[12/12]'), {
          delayMs: 200,
        });
        console.log(
          `SIGTERM to exit: ${asks.stopMs} ms while scoring the asks, ${pass.stopMs} ms in the evaluation pass (SQL of ${LONG_SQL.length} characters)`,
        );
        for (const stopped of [asks, pass]) {
          expect(stopped.code, stopped.stderr).toBe(EXIT.stopped);
          expect(stopped.stderr).toContain('nl2sql: SIGTERM: stopping the run');
          expect(stopped.stdout).toContain('config ');
          expect(stopped.stopMs).toBeLessThan(STOP_MS);
        }
        expect(asks.stdout).toMatch(/CANCELLED: \d+ of 12 case runs completed/);
        // Every case run was asked, but not every one evaluated: still a stopped run.
        expect(pass.stdout).toMatch(/CANCELLED: 12 of 12 case runs completed/);
      } finally {
        await server.close();
      }
    },
    180_000,
  );

  // The second signal's exit is shown where the first stop cannot end by itself (an engine
  // that ignores SIGTERM holds it): eval-run-process.integration.test.ts. Here the first
  // stop ends within ~100 ms, before any second signal could come.

  test.skipIf(noChinook)(
    'during a slow engine ask',
    async () => {
      const slow = await startEngineServer(failReply('late'), { delayMs: 60_000 });
      try {
        // The child writes nothing while it waits: the engine says when it was asked.
        const asked = (async () => {
          while (slow.asks === 0) await new Promise((r) => setTimeout(r, 20));
        })();
        const stopped = await timedStop(slow.url, ['--cases', 'chinook_001'], asked, {
          delayMs: 300,
        });
        console.log(`SIGTERM to exit during a slow ask: ${stopped.stopMs} ms`);
        expect(stopped.code).toBe(EXIT.stopped);
        expect(stopped.stdout).toMatch(/CANCELLED: 0 of 3 case runs completed/);
        expect(stopped.stopMs).toBeLessThan(STOP_MS);
      } finally {
        await slow.close();
      }
    },
    120_000,
  );
});
