// A process engine as eval run builds it: started before the run, its stderr on the CLI's
// stderr under its name, a command that cannot start one line and exit 3, closed with the
// run's closers. Drives examples/python-process-engine (skipped, with the reason printed,
// where python3 is missing; never under CI).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../src/cli-error.js';
import { processEngineConfig } from '../src/eval/process-engine-config.js';
import { EXIT } from '../src/exit-codes.js';
import { captureIo } from './io-capture.js';

const EXAMPLE = fileURLToPath(
  new URL('../../../examples/python-process-engine/engine.py', import.meta.url),
);
const python = spawnSync('python3', ['--version']);
const noPython = python.error !== undefined || python.status !== 0;
if (noPython) {
  if (!['', '0', 'false', undefined].includes(process.env.CI)) {
    throw new Error('python3 is required under CI to run examples/python-process-engine');
  }
  console.warn('process-engine-config.test.ts: skipped, python3 is not on PATH');
}

let dir = '';
beforeAll(() => {
  if (noPython) return;
  dir = mkdtempSync(join(tmpdir(), 'nl2sql-process-config-'));
  const made = spawnSync('python3', [
    '-c',
    'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("CREATE TABLE t (x INTEGER)"); c.execute("INSERT INTO t VALUES (7)"); c.commit()',
    join(dir, 'shop.sqlite'),
  ]);
  if (made.status !== 0) throw new Error(`could not build the test database: ${made.stderr}`);
  writeFileSync(join(dir, 'answers.json'), JSON.stringify({ 'What is x?': 'SELECT x FROM t' }));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(noPython)('processEngineConfig', () => {
  it('starts the engine in the folder of evals.yaml, its stderr under its name, and closes it with the run', async () => {
    const { io, err } = captureIo();
    const closers: Array<() => Promise<void>> = [];
    const config = await processEngineConfig(
      {
        name: 'py',
        command: ['python3', EXAMPLE, '--db', 'shop.sqlite', '--answers', 'answers.json'],
        cwd: dir,
      },
      { io, closers, place: 'evals.yaml:9: engines.py:' },
    );
    expect(config).toMatchObject({ name: 'py', external: true });
    expect(config.endpoint).toContain('engine.py --db shop.sqlite');
    const reply = await config.engine.ask({ question: 'What is x?', role: 'analyst' });
    expect(reply.results[0]?.rows).toEqual([[7]]);
    expect(await config.engine.describe?.()).toMatchObject({
      name: 'python-process-engine-example',
    });
    // Its stderr is another pipe than its replies: the line may lag them a little.
    for (let i = 0; i < 150 && !err().includes('[py] python-process-engine-example'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(err()).toContain('[py] python-process-engine-example: 1 answers, database shop.sqlite');
    const pid = (config.engine as { pid?: number }).pid as number;
    expect(alive(pid)).toBe(true);
    for (const close of closers) await close();
    expect(alive(pid)).toBe(false);
  });

  it('a command that exits at once is one located line and exit 3', async () => {
    const { io } = captureIo();
    const closers: Array<() => Promise<void>> = [];
    const failed = await processEngineConfig(
      {
        name: 'py',
        command: ['python3', EXAMPLE, '--db', 'missing.sqlite', '--answers', 'answers.json'],
        cwd: dir,
      },
      { io, closers, place: 'evals.yaml:9: engines.py:' },
    ).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(CliError);
    expect((failed as CliError).exitCode).toBe(EXIT.config);
    const message = (failed as CliError).message;
    expect(message).toMatch(
      /^evals\.yaml:9: engines\.py: process engine "python3 .*engine\.py .*" exited with code 2 before answering its first request/,
    );
    expect(message).toContain('--db missing.sqlite: no such file');
    expect(message).not.toContain('\n');
    for (const close of closers) await close();
  });

  it('a command that writes on stdout before its first reply is one line and exit 3', async () => {
    const { io } = captureIo();
    const closers: Array<() => Promise<void>> = [];
    const failed = await processEngineConfig(
      { name: 'chatty', command: ['python3', '-c', 'print("Loading model...")'], cwd: dir },
      { io, closers, place: 'evals.yaml:12: engines.chatty:' },
    ).catch((error: unknown) => error);
    expect((failed as CliError).exitCode).toBe(EXIT.config);
    expect((failed as CliError).message).toContain('a line that is not JSON: "Loading model..."');
    for (const close of closers) await close();
  });
});
