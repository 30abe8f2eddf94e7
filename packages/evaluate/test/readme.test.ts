// The README's example, run as a user runs it: its TypeScript block written to a file and run
// by Node in an empty folder (so the built-in Chinook project), importing the package by name.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chinookForTests } from '@nl2sql/datasets';
import { describe, expect, test } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));
const chinook = await chinookForTests();
// tsx from the workspace (the temp folder the example runs in has no node_modules).
const TSX = pathToFileURL(
  join(createRequire(import.meta.url).resolve('tsx/package.json'), '..', 'dist', 'loader.mjs'),
).href;

/** The first ```ts block of the README. */
function example(): string {
  const text = readFileSync(join(PACKAGE, 'README.md'), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(text);
  if (!block?.[1]) throw new Error('README.md has no ```ts block');
  return block[1];
}

describe("the README's example", () => {
  test.skipIf(!chinook.path)(
    'runs verbatim: board on stdout, progress on stderr, the JUnit file, exit 0',
    () => {
      const cwd = mkdtempSync(join(tmpdir(), 'nl2sql-evaluate-readme-'));
      // Inside the package, so `@nl2sql/evaluate` resolves to itself, as in a project that installed it.
      const script = join(PACKAGE, 'test', `.readme-example-${process.pid}.ts`);
      writeFileSync(script, example());
      try {
        const run = spawnSync(
          process.execPath,
          ['--conditions=@nl2sql/source', '--import', TSX, script],
          { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 },
        );
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toMatch(/^nl2sql eval, mode plans, suite chinook/);
        expect(run.stdout).toMatch(/exit 0: (\d+)\/\1 case runs passed/);
        expect(run.stderr).toContain('chinook_002');
        expect(readFileSync(join(cwd, 'reports', 'junit.xml'), 'utf8')).toContain('<testsuite');
      } finally {
        rmSync(script, { force: true });
      }
    },
  );
});
