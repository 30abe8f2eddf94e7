// Issue 25: a SQLite database in WAL mode got `-wal` and `-shm` files beside it from the
// read-only open, and they were left there. Commands that read the database leave the file
// and its folder byte-identical.
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';
import { writeDatabase } from './sqlite-file.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

let folder: string;
let file: string;

/** Every file in the folder with the SHA-256 of its bytes. */
async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(folder)).sort()) {
    out[name] = createHash('sha256')
      .update(await readFile(join(folder, name)))
      .digest('hex');
  }
  return out;
}

beforeAll(async () => {
  if (noChinook) return;
  folder = await mkdtemp(join(tmpdir(), 'nl2sql-cli-wal-'));
  file = join(folder, 'chinook.sqlite');
  await copyFile(chinook.path!, file);
  await writeDatabase(file, ['PRAGMA journal_mode = WAL']);
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe.skipIf(noChinook)('a WAL-mode database read by the CLI', () => {
  test('check and eval run (with efficiency) leave the file and its folder byte-identical', async () => {
    const before = await snapshot();
    expect(Object.keys(before)).toEqual(['chinook.sqlite']);
    const checked = captureIo();
    expect(await main(['check', 'SELECT Name FROM Genre LIMIT 3', '--db', file], checked.io)).toBe(
      EXIT.ok,
    );
    expect(await snapshot()).toEqual(before);
    const run = captureIo();
    const code = await main(
      ['eval', 'run', '--db', file, '--cases', 'chinook_001', '--efficiency', '--skip-testsuite'],
      run.io,
    );
    expect(code, run.err()).toBe(EXIT.ok);
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
