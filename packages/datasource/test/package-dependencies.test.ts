// @nl2sql/datasource is the interface every adapter implements; a package that only reads its
// types, errors or toJsonCell (suite, engine code, a report) must not install a database
// driver. The manifest and every source import are checked: a driver added to either fails.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));
const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/** Every module specifier a source file imports, statically or with import(). */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'([^']+)'/g)) {
    found.push(match[1]!);
  }
  return found;
}

describe('@nl2sql/datasource dependencies', () => {
  it('declares no dependency of any kind, so installing it installs no driver', () => {
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.optionalDependencies ?? {}).toEqual({});
    expect(manifest.peerDependencies ?? {}).toEqual({});
  });

  it('imports only its own files and Node built-ins (no sqlite3, no pg)', () => {
    const src = join(PACKAGE_DIR, 'src');
    const files = readdirSync(src).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    for (const file of files) {
      for (const spec of specifiers(readFileSync(join(src, file), 'utf8'))) {
        const allowed = spec.startsWith('./') || builtins.has(spec);
        expect(allowed, `${file} imports ${spec}`).toBe(true);
      }
    }
  });
});
