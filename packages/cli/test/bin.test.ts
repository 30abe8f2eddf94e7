import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--conditions=@nl2sql/source', '--import', 'tsx', bin, ...args], {
    encoding: 'utf8',
  });

test('the process exits with the command exit code: 0 for --help', () => {
  const r = run('--help');
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('Usage: nl2sql <command>');
});

test('the process exits 2 on a usage error and writes it to stderr, no stack trace', () => {
  const r = run('eval', 'run', '--nope');
  expect(r.status).toBe(2);
  expect(r.stderr).toContain('nl2sql: ');
  expect(r.stderr).not.toContain('    at ');
});

test('a file that is not SQLite exits 3 with one line on stderr, never 70 with a stack', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nl2sql-bin-'));
  const file = join(dir, 'x.sqlite');
  writeFileSync(file, 'not sqlite');
  const r = run('check', 'SELECT 1', '--db', file);
  expect(r.status).toBe(3);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toContain('cannot be opened as a SQLite database');
});
