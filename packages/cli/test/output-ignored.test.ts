// The files the README tells a user to write from the checkout (`pnpm eval --report
// report.html`, the CI command's `reports/`) must not show up as untracked files there
// (issue 30): every output path the README names with --report, --save or a reporter's
// =FILE is one git ignores. Skipped, with the reason, where git or the checkout is absent.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const readme = readFileSync(new URL('README.md', `file://${ROOT}`), 'utf8');

/** Every output file a `pnpm eval` command of the README writes, as written there. */
function readmeOutputs(text: string): string[] {
  const commands = [...text.matchAll(/pnpm eval[^`]*?(?:`|\n```)/gs)].map((m) => m[0]);
  const paths = commands.flatMap((command) =>
    [
      ...command.matchAll(/(?:--report(?=\s)|--save(?=\s)|--reporter\s+[a-z]+=)\s*([^\s`\\]+)/g),
    ].map((m) => m[1] as string),
  );
  return [...new Set(paths)];
}

function gitSays(): string | null {
  if (!existsSync(`${ROOT}.git`)) return 'the checkout is not a git repository';
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'git is not installed';
  }
}

describe('the output the README writes in the checkout', () => {
  const why = gitSays();
  if (why !== null) console.log(`skipped: ${why}`);

  test('the README names its outputs (report.html, reports/...)', () => {
    const outputs = readmeOutputs(readme);
    expect(outputs).toContain('report.html');
    expect(outputs).toContain('reports/report.html');
    expect(outputs).toContain('reports/junit.xml');
  });

  test.skipIf(why !== null)('is ignored by git, so it is never an untracked file', () => {
    for (const path of readmeOutputs(readme)) {
      const ignored = (() => {
        try {
          execFileSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: ROOT });
          return true;
        } catch {
          return false;
        }
      })();
      expect(ignored, path).toBe(true);
    }
  });
});
