// `pnpm nl2sql ...` in a checkout: the root script builds the CLI (a turbo cache hit when
// it is built) and runs it in the folder pnpm was started from, its stdout the CLI's alone.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { ROOT } from './tarballs.js';

const run = promisify(execFile);
const here = join(ROOT, 'tests', 'release', '.reports');
let dir: string | undefined;

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('`pnpm nl2sql --version` prints the version of the cli package.json', async () => {
  const cli = join(ROOT, 'packages', 'cli', 'package.json');
  const { version } = JSON.parse(readFileSync(cli, 'utf8')) as { version: string };
  const { stdout } = await run('pnpm', ['nl2sql', '--version'], { cwd: ROOT });
  expect(stdout).toBe(`${version}\n`);
});

it('`pnpm nl2sql init` reads its paths in the folder pnpm was started from', async () => {
  await mkdir(here, { recursive: true });
  const cwd = await mkdtemp(join(here, 'checkout-cli-'));
  dir = cwd;
  const failed = await run('pnpm', ['nl2sql', 'init', '--db', 'shop.sqlite'], { cwd }).then(
    () => null,
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  // No shop.sqlite there: init refuses it by its path in that folder (exit 3, a user error).
  expect(failed?.code).toBe(3);
  expect(failed?.stderr).toContain(`nl2sql: --db ${join(cwd, 'shop.sqlite')}: no such file`);
  expect(failed?.stdout).toBe('');
  expect(existsSync(join(ROOT, 'evals.yaml'))).toBe(false);
});
