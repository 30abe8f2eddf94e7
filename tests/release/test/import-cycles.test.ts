// scripts/check-import-cycles.mjs finds what it is there to find: on a fixture tree holding a
// module cycle (one side a dynamic import) and a package cycle it exits 1 naming both, and on
// the same tree without them it exits 0.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './tarballs.js';

const run = promisify(execFile);
const SCRIPT = join(ROOT, 'scripts', 'check-import-cycles.mjs');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'nl2sql-cycles-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const tsconfig = JSON.stringify({
  compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' },
});
const manifest = (name: string, deps: string[] = []) =>
  JSON.stringify({
    name,
    type: 'module',
    dependencies: Object.fromEntries(deps.map((d) => [d, 'workspace:^'])),
  });
const clean = {
  'packages/a/package.json': manifest('@x/a', ['@x/b']),
  'packages/a/tsconfig.json': tsconfig,
  'packages/a/src/index.ts': "export { one } from './one.js';\n",
  'packages/a/src/one.ts':
    "import { shared } from './shared.js';\nexport const one = () => shared;\n",
  'packages/a/src/two.ts':
    "import { shared } from './shared.js';\nexport const two = () => shared;\n",
  'packages/a/src/shared.ts':
    "import type { One } from './types.js';\nexport const shared: One = 1;\n",
  'packages/a/src/types.ts':
    "import type { two } from './two.js';\nexport type One = 1 | ReturnType<typeof two>;\n",
  'packages/b/package.json': manifest('@x/b'),
};

async function check(root: string): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, [SCRIPT, '--root', root]);
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe('check-import-cycles', () => {
  it('passes a tree without cycles (a type-only import loop is no cycle)', async () => {
    expect(await check(tree(clean))).toEqual({ code: 0, stderr: '' });
  });

  it('names a module cycle through a dynamic import and a package cycle, and exits 1', async () => {
    const result = await check(
      tree({
        ...clean,
        'packages/a/src/one.ts': "import { two } from './two.js';\nexport const one = () => two;\n",
        'packages/a/src/two.ts': "export const two = async () => (await import('./one.js')).one;\n",
        'packages/b/package.json': manifest('@x/b', ['@x/a']),
      }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('packages/a/src/one.ts -> packages/a/src/two.ts');
    expect(result.stderr).toMatch(/package @x\/(a|b) -> @x\/(a|b) -> @x\/(a|b)/);
  });
});
