// The helpers find what they are there to find: an import the manifest does not declare, and
// the dependencies of a dependency (with the chain that brought each in).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { installClosure, strayImports } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'nl2sql-support-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('strayImports', () => {
  it('names an undeclared package, not builtins, relative files or declared ones', () => {
    writeFileSync(
      join(dir, 'a.ts'),
      "import { x } from 'left-pad';\nimport { y } from './b.js';\nimport { z } from 'node:fs';\nimport { w } from '@scope/pkg/sub';\nconst q = await import('lazy-thing');\n",
    );
    expect(strayImports(dir, new Set(['@scope/pkg']))).toEqual([
      'a.ts: left-pad',
      'a.ts: lazy-thing',
    ]);
  });
});

describe('installClosure', () => {
  it('walks a workspace dependency into its own dependencies', () => {
    const from = fileURLToPath(new URL('../../../packages/gate/', import.meta.url));
    const closure = installClosure({ name: 'x', dependencies: { '@nl2sql/gate': '*' } }, from);
    expect(closure.get('@nl2sql/gate')?.chain).toEqual(['x', '@nl2sql/gate']);
    expect(closure.get('jstat')?.chain).toEqual(['x', '@nl2sql/gate', 'jstat']);
  });
});
