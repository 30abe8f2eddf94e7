// A full disk under `eval run`: the journal, the saved report and the HTML report cannot be
// written. Each is one line naming its file (no stack trace), the board is still printed, the
// run exits 3, the journal ends on its last whole line and resumes, and no temporary file is
// left. The disk is a real one of 16 KiB (tiny-disk.ts): the kernel's ENOSPC, not a mock.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chinookForTests } from '@nl2sql/datasets';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { failReply, startEngineServer } from './engine-server.js';
import { captureIo } from './io-capture.js';
import { onTinyDisk, tinyDiskMissing } from './tiny-disk.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const CASES = 'chinook_001,chinook_002,chinook_003,chinook_004,chinook_005,chinook_006';

describe('eval run on a full disk', () => {
  test.skipIf(noChinook || tinyDiskMissing !== null)(
    '--journal, --save, --report: one line each, the board, exit 3; the journal resumes',
    async () => {
      const engine = await startEngineServer(failReply('not implemented yet'));
      try {
        const dir = mkdtempSync(join(tmpdir(), 'nl2sql-full-'));
        const disk = join(dir, 'disk');
        const out = join(dir, 'out');
        mkdirSync(disk);
        mkdirSync(out);
        const script = [
          '"$NODE" --conditions=@nl2sql/source --import tsx "$BIN" eval run --cases "$CASES"',
          '--engine "$URL" --concurrency 1 --journal "$DISK/run.jsonl" --save "$DISK/saved.json"',
          '--report "$DISK/page.html" > "$OUT/stdout" 2> "$OUT/stderr"; echo $? > "$OUT/code";',
          'ls -a "$DISK" > "$OUT/files"; cp "$DISK/run.jsonl" "$OUT/run.jsonl"',
        ].join(' ');
        const ran = await onTinyDisk(disk, 16, script, {
          NODE: process.execPath,
          BIN: bin,
          CASES,
          URL: engine.url,
          OUT: out,
        });
        expect(ran.stderr).toBe('');
        const stderr = readFileSync(join(out, 'stderr'), 'utf8');
        const stdout = readFileSync(join(out, 'stdout'), 'utf8');
        expect(readFileSync(join(out, 'code'), 'utf8').trim()).toBe(String(EXIT.config));
        // One line per file, naming it and the system's error; no stack trace.
        expect(stderr).toContain(
          `nl2sql: journal ${disk}/run.jsonl: cannot write (ENOSPC: no space left on device, write); the run goes on without it`,
        );
        expect(stderr).toContain(
          `nl2sql: --save ${disk}/saved.json: cannot write (ENOSPC: no space left on device, write)`,
        );
        expect(stderr).toMatch(
          /nl2sql: --reporter html=\S+page\.html: \S+page\.html: cannot write \(ENOSPC/,
        );
        expect(stderr).not.toMatch(/\n\s+at /);
        expect(stderr).not.toContain('saved ');
        // The board of every case run.
        expect(stdout).toContain('config ');
        expect(stdout).toMatch(/case runs +18\/18/);
        // No temporary file left, and the journal ends on its last whole line.
        const files = readFileSync(join(out, 'files'), 'utf8').split('\n');
        expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
        expect(files).not.toContain('saved.json');
        const journal = readFileSync(join(out, 'run.jsonl'), 'utf8');
        expect(journal.endsWith('\n')).toBe(true);
        const kept = journal.split('\n').filter((l) => l !== '').length - 1;
        expect(kept).toBeGreaterThan(0);
        expect(kept).toBeLessThan(18);

        // On a disk with room, the journal resumes from its last whole line; a line cut short
        // (a kill mid-write) is dropped with a note.
        const resumed = join(dir, 'run.jsonl');
        writeFileSync(resumed, `${journal}{"type":"case","config":"`);
        const again = captureIo();
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
        expect(await main([...args, '--journal', resumed, '--resume'], again.io)).toBe(EXIT.ok);
        expect(again.err()).toContain(`resuming: ${kept} of 18 case runs already in the journal`);
        expect(again.err()).toContain(`journal ${resumed}: its last line was cut short`);
        expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      } finally {
        await engine.close();
      }
    },
    180_000,
  );
});

describe('eval merge on a full disk', () => {
  test.skipIf(noChinook || tinyDiskMissing !== null)(
    '--save: one line naming the file, the board, exit 3, no temporary file',
    async () => {
      const engine = await startEngineServer(failReply('not implemented yet'));
      try {
        const dir = mkdtempSync(join(tmpdir(), 'nl2sql-full-merge-'));
        const disk = join(dir, 'disk');
        const out = join(dir, 'out');
        mkdirSync(disk);
        mkdirSync(out);
        const shards = [1, 2].map((i) => join(dir, `shard-${i}.json`));
        for (const [i, shard] of shards.entries()) {
          const args = ['eval', 'run', '--cases', CASES, '--engine', engine.url];
          const c = captureIo();
          expect(await main([...args, '--shard', `${i + 1}/2`, '--save', shard], c.io)).toBe(
            EXIT.ok,
          );
        }
        const script = [
          '"$NODE" --conditions=@nl2sql/source --import tsx "$BIN" eval merge "$S1" "$S2"',
          '--save "$DISK/merged.json" > "$OUT/stdout" 2> "$OUT/stderr"; echo $? > "$OUT/code";',
          'ls -a "$DISK" > "$OUT/files"',
        ].join(' ');
        const ran = await onTinyDisk(disk, 16, script, {
          NODE: process.execPath,
          BIN: bin,
          S1: shards[0] as string,
          S2: shards[1] as string,
          OUT: out,
        });
        expect(ran.stderr).toBe('');
        const stderr = readFileSync(join(out, 'stderr'), 'utf8');
        expect(readFileSync(join(out, 'code'), 'utf8').trim(), stderr).toBe(String(EXIT.config));
        expect(stderr).toContain(
          `nl2sql: --save ${disk}/merged.json: cannot write (ENOSPC: no space left on device, write)`,
        );
        expect(stderr).not.toMatch(/\n\s+at /);
        expect(stderr).not.toContain('; saved');
        expect(readFileSync(join(out, 'stdout'), 'utf8')).toMatch(/case runs +18\/18/);
        const files = readFileSync(join(out, 'files'), 'utf8').split('\n');
        expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
        expect(files).not.toContain('merged.json');
      } finally {
        await engine.close();
      }
    },
    180_000,
  );
});
