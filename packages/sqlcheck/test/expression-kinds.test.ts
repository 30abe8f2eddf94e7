import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPRESSION_KINDS } from '../src/expression-kinds.js';

describe('EXPRESSION_KINDS', () => {
  it('matches the Expression union of the installed SDK', () => {
    const require = createRequire(import.meta.url);
    // the package exports no ./package.json; its CommonJS entry sits in dist/
    const entry = require.resolve('@polyglot-sql/sdk');
    const dts = readFileSync(join(dirname(entry), 'index.d.ts'), 'utf8');
    const start = dts.indexOf('declare type Expression = {');
    const end = dts.indexOf('};', start);
    const names = [...dts.slice(start, end + 2).matchAll(/^\s+"([a-z0-9_]+)":/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(900);
    expect([...EXPRESSION_KINDS].sort()).toEqual([...new Set(names)].sort());
  });
});
