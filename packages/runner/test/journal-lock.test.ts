// One journal, one run: the lock is held across real processes, and the lock of a process
// that died is taken over with a notice.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import { JournalLock, RunnerError, runEval } from '../src/index.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';
import { onTinyDisk, tinyDiskMissing } from './tiny-disk.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const source = fileURLToPath(new URL('../src/journal-lock.ts', import.meta.url));

/** A child process that takes the journal's lock, says so, and holds it until killed. */
async function holder(journal: string): Promise<ChildProcess> {
  const script = `
    const { JournalLock } = await import(${JSON.stringify(source)});
    JournalLock.acquire(${JSON.stringify(journal)});
    process.stdout.write('locked\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(
    process.execPath,
    ['--conditions=@nl2sql/source', '--import', 'tsx', '--input-type=module', '-e', script],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('locked')) resolve();
    });
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('exit', (code) => reject(new Error(`holder exited ${code}: ${err}`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe('JournalLock', () => {
  it('refuses a second process while the first holds the journal, and takes over once it died', async () => {
    const journal = join(mkdtempSync(join(tmpdir(), 'lock-')), 'run.jsonl');
    const child = await holder(journal);
    try {
      expect(() => JournalLock.acquire(journal)).toThrow(RunnerError);
      expect(() => JournalLock.acquire(journal)).toThrow(
        new RegExp(`is in use by process ${child.pid} since `),
      );
      // runEval refuses too, before it reads or writes the journal.
      writeFileSync(journal, 'untouched');
      await expect(
        runEval({
          plugins: PLUGINS,
          suite: SUITE,
          engine: new FakeEngine(SUITE),
          journal,
          resume: true,
        }),
      ).rejects.toMatchObject({ code: 'JOURNAL_LOCKED' });
      expect(readFileSync(journal, 'utf8')).toBe('untouched');
    } finally {
      child.kill('SIGKILL');
      await exited(child);
    }
    // Killed: its lock file is left behind, naming a process that is gone.
    expect(existsSync(`${journal}.lock`)).toBe(true);
    const lock = JournalLock.acquire(journal);
    expect(lock.notice).toBe(
      `took over the lock of journal ${journal} from process ${child.pid}, which is no longer running`,
    );
    expect(() => JournalLock.acquire(journal)).toThrow(
      new RegExp(`in use by process ${process.pid}`),
    );
    lock.release();
    expect(existsSync(`${journal}.lock`)).toBe(false);
    const again = JournalLock.acquire(journal);
    expect(again.notice).toBeNull();
    again.release();
  }, 60_000);

  it('runEval holds the lock for the run, releases it after, and tells a takeover in run.started', async () => {
    const journal = join(mkdtempSync(join(tmpdir(), 'lock-')), 'run.jsonl');
    let heldDuring = false;
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: new FakeEngine(SUITE),
      journal,
      sqlChecks: false,
      onEvent: (e) => {
        if (e.type === 'case.finished') heldDuring ||= existsSync(`${journal}.lock`);
      },
    });
    expect(report.completedCases).toBe(10);
    expect(heldDuring).toBe(true);
    expect(existsSync(`${journal}.lock`)).toBe(false);
    // A stale lock (a PID no process has) is taken over, and the run says so.
    writeFileSync(
      `${journal}.lock`,
      JSON.stringify({
        pid: 2 ** 22 + 17,
        host: (await import('node:os')).hostname(),
        token: 't',
        since: 'then',
      }),
    );
    const notices: string[] = [];
    await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: new FakeEngine(SUITE),
      journal,
      // A second run on the journal replaces it (issue 25: never unasked).
      restart: true,
      sqlChecks: false,
      onEvent: (e) => {
        if (e.type === 'run.started') notices.push(...e.notices);
      },
    });
    expect(notices).toEqual([
      `took over the lock of journal ${journal} from process ${2 ** 22 + 17}, which is no longer running`,
    ]);
    // A run that fails releases the lock too.
    await expect(
      runEval({
        plugins: PLUGINS,
        suite: SUITE,
        engine: new FakeEngine(SUITE),
        journal,
        restart: true,
        sqlChecks: false,
        onEvent: (e) => {
          if (e.type === 'case.finished') throw new Error('listener broke');
        },
      }),
    ).rejects.toThrow('listener broke');
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });
});

describe('a lock on a full disk', () => {
  it.skipIf(tinyDiskMissing !== null)(
    'is JOURNAL_WRITE naming the lock file, and leaves no lock that would refuse the next run',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'lock-full-'));
      const disk = join(dir, 'disk');
      mkdirSync(disk);
      const script = `
        const { JournalLock } = await import(${JSON.stringify(source)});
        try { JournalLock.acquire(process.argv[1]); console.log('locked'); }
        catch (e) { console.log(JSON.stringify({ code: e.code, message: e.message })); }
      `;
      // The disk filled to its last byte first, as a run that filled it would leave it.
      const ran = onTinyDisk(
        disk,
        8,
        `head -c 8192 /dev/zero > "$DISK/filler" 2>/dev/null; "$NODE" --conditions=@nl2sql/source --import tsx --input-type=module -e "$SCRIPT" "$DISK/run.jsonl"; ls -a "$DISK"`,
        { NODE: process.execPath, SCRIPT: script },
      );
      const [result, ...files] = ran.stdout.trim().split('\n');
      expect(JSON.parse(result as string)).toEqual({
        code: 'JOURNAL_WRITE',
        message: `journal lock ${disk}/run.jsonl.lock: cannot write (ENOSPC: no space left on device, write)`,
      });
      expect(files).not.toContain('run.jsonl.lock');
    },
    60_000,
  );
});
