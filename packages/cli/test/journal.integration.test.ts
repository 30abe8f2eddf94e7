// `eval run --journal`: one journal, one run (two real processes), and a resume refuses a
// run that is not the journal's (another engine).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chinookForTests } from '@nl2sql/datasets';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { failReply, startEngineServer } from './engine-server.js';
import { captureIo } from './io-capture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const CASES = 'chinook_001,chinook_002,chinook_003,chinook_004';

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI in a child process. */
function cli(args: readonly string[]) {
  const child = spawn(
    process.execPath,
    ['--conditions=@nl2sql/source', '--import', 'tsx', bin, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString('utf8');
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString('utf8');
  });
  const done = new Promise<Finished>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { type: string; record?: { case_id: string; role: string } });

describe('one journal, one run', () => {
  test.skipIf(noChinook)(
    'a second process on the same journal is refused (exit 3) while the first runs on, losing nothing',
    async () => {
      let release = () => {};
      const hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      const engine = await startEngineServer(failReply('held'), { hold });
      try {
        const journal = join(mkdtempSync(join(tmpdir(), 'nl2sql-lock-')), 'run.jsonl');
        const args = [
          'eval',
          'run',
          '--cases',
          CASES,
          '--engine',
          engine.url,
          '--concurrency',
          '1',
        ];
        // The first run's asks wait until the second process has tried the same journal.
        const first = cli([...args, '--journal', journal]);
        let ended = false;
        void first.done.then(() => {
          ended = true;
        });
        while (engine.asks === 0 && !ended) await new Promise((resolve) => setTimeout(resolve, 50));
        if (ended)
          throw new Error(`the first run ended before asking: ${(await first.done).stderr}`);
        const two = await cli([...args, '--journal', journal, '--resume']).done;
        release();
        const one = await first.done;
        expect(two.code).toBe(EXIT.config);
        expect(two.stderr).toContain(`journal ${journal} is in use by process ${first.child.pid}`);
        expect(two.stdout).toBe('');
        expect(one.code).toBe(EXIT.ok);
        // The first run's journal: its header and one line per case run, none twice.
        const written = lines(journal);
        expect(written[0]?.type).toBe('header');
        const cases = written
          .filter((l) => l.type === 'case')
          .map((l) => `${l.record?.case_id}@${l.record?.role}`);
        expect(new Set(cases).size).toBe(cases.length);
        expect(cases).toHaveLength(12);
      } finally {
        release();
        await engine.close();
      }
    },
    120_000,
  );
});

describe('--resume refuses a different run', () => {
  test.skipIf(noChinook)(
    'another --engine URL: exit 3, naming the engine in the journal and the one now',
    async () => {
      const a = await startEngineServer(failReply('a'));
      const b = await startEngineServer(failReply('b'));
      try {
        const journal = join(mkdtempSync(join(tmpdir(), 'nl2sql-resume-')), 'run.jsonl');
        const args = ['eval', 'run', '--cases', CASES, '--name', 'svc', '--journal', journal];
        expect(await main([...args, '--engine', a.url], captureIo().io)).toBe(EXIT.ok);
        // As if killed after five case runs.
        const kept = readFileSync(journal, 'utf8').split('\n').slice(0, 6).join('\n');
        writeFileSync(journal, `${kept}\n`);
        const c = captureIo();
        expect(await main([...args, '--engine', b.url, '--resume'], c.io)).toBe(EXIT.config);
        expect(c.err()).toContain('belongs to another run');
        expect(c.err()).toContain(
          `engine of config svc: unknown unknown at ${a.url} in the journal, unknown unknown at ${b.url} now`,
        );
        expect(b.asks).toBe(0);
        // The same engine resumes.
        const d = captureIo();
        expect(await main([...args, '--engine', a.url, '--resume'], d.io)).toBe(EXIT.ok);
        expect(d.err()).toContain('resuming: 5 of 12 case runs already in the journal');
      } finally {
        await a.close();
        await b.close();
      }
    },
    120_000,
  );
});

describe('an existing journal is never overwritten unasked', () => {
  test.skipIf(noChinook)(
    'without --resume or --fresh: exit 3 naming the file and both ways out, the journal untouched',
    async () => {
      const engine = await startEngineServer(failReply('x'));
      try {
        const journal = join(mkdtempSync(join(tmpdir(), 'nl2sql-overwrite-')), 'run.jsonl');
        const args = [
          'eval',
          'run',
          '--cases',
          CASES,
          '--engine',
          engine.url,
          '--journal',
          journal,
        ];
        expect(await main(args, captureIo().io)).toBe(EXIT.ok);
        const before = readFileSync(journal, 'utf8');
        const asks = engine.asks;
        const again = captureIo();
        expect(await main(args, again.io)).toBe(EXIT.config);
        expect(again.err()).toContain(`journal ${journal} already holds a run`);
        expect(again.err()).toContain('--resume continues it, --fresh replaces it');
        expect(readFileSync(journal, 'utf8')).toBe(before);
        expect(engine.asks).toBe(asks);
        // --fresh starts it afresh: one header, one line per case run of this run.
        expect(await main([...args, '--fresh'], captureIo().io)).toBe(EXIT.ok);
        const written = lines(journal);
        expect(written.filter((l) => l.type === 'header')).toHaveLength(1);
        expect(written.filter((l) => l.type === 'case')).toHaveLength(12);
        const both = captureIo();
        expect(await main([...args, '--fresh', '--resume'], both.io)).toBe(EXIT.usage);
      } finally {
        await engine.close();
      }
    },
    120_000,
  );
});
