// @nl2sql/engine is the protocol: a team evaluating its own service over HTTP installs it
// without the reference engine's native SQLite driver, SQL parser or LLM client. The
// package is packed exactly as it would be published, and its dependency closure (what an
// install would bring in) is walked; the source is checked to import nothing else.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));
const PACKAGES_DIR = dirname(PACKAGE_DIR.replace(/\/$/, ''));

/** What the protocol may never pull in, directly or through anything it depends on. */
const FORBIDDEN = [
  'sqlite3',
  '@polyglot-sql/sdk',
  '@nl2sql/llm',
  '@nl2sql/datasource',
  '@nl2sql/plan',
  '@nl2sql/sqlcheck',
  '@nl2sql/suite',
  '@nl2sql/reference-engine',
];
/**
 * Its direct dependencies: the HTTP client, the formats (the protocol's messages are TypeBox
 * definitions checked by @nl2sql/format's ajv: pure JavaScript, with yaml for located
 * errors) and two leaf packages.
 */
const ALLOWED_DIRECT = [
  '@nl2sql/format',
  '@nl2sql/redact',
  '@nl2sql/retry',
  '@sinclair/typebox',
  'undici',
];

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const readManifest = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8')) as Manifest;

/** Workspace packages by name, so a packed `@nl2sql/x` dependency is read from its folder. */
const WORKSPACE = new Map(
  readdirSync(PACKAGES_DIR)
    .filter((dir) => existsSync(join(PACKAGES_DIR, dir, 'package.json')))
    .map((dir) => {
      const manifest = readManifest(join(PACKAGES_DIR, dir, 'package.json'));
      return [manifest.name, join(PACKAGES_DIR, dir)] as const;
    }),
);

/** The folder Node would load `name` from, seen from a package in `from` (node_modules walk). */
function packageDir(name: string, from: string): string {
  const workspace = WORKSPACE.get(name);
  if (workspace) return workspace;
  for (let dir = realpathSync(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`cannot find ${name} from ${from}`);
  }
}

/** Every package an install of `manifest` brings in (dependencies and optional ones), by name. */
function installClosure(manifest: Manifest, from: string): Map<string, string[]> {
  const seen = new Map<string, string[]>(); // name -> the chain that brought it in
  const visit = (m: Manifest, dir: string, chain: string[]) => {
    const deps = { ...m.dependencies, ...m.optionalDependencies };
    for (const name of Object.keys(deps)) {
      if (seen.has(name)) continue;
      seen.set(name, [...chain, name]);
      const depDir = packageDir(name, dir);
      visit(readManifest(join(depDir, 'package.json')), depDir, [...chain, name]);
    }
  };
  visit(manifest, from, [manifest.name]);
  return seen;
}

let scratch: string;
let packed: Manifest;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'nl2sql-engine-pack-'));
  const { stdout } = await run('pnpm', ['pack', '--pack-destination', scratch, '--json'], {
    cwd: PACKAGE_DIR,
  });
  const { filename } = JSON.parse(stdout) as { filename: string };
  const { stdout: text } = await run('tar', ['-xzOf', filename, 'package/package.json']);
  packed = JSON.parse(text) as Manifest;
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the packed @nl2sql/engine', () => {
  it('depends on the HTTP client, the formats and the two leaf packages only, with versions resolved', () => {
    expect(packed.name).toBe('@nl2sql/engine');
    expect(Object.keys(packed.dependencies ?? {}).sort()).toEqual(ALLOWED_DIRECT);
    expect(packed.optionalDependencies ?? {}).toEqual({});
    expect(packed.peerDependencies ?? {}).toEqual({});
    // pnpm replaced the workspace protocol: an install from the registry can resolve them.
    expect(JSON.stringify(packed.dependencies)).not.toContain('workspace:');
  });

  it('installs nothing of the reference engine: no sqlite3, no SQL parser, no LLM client', () => {
    const closure = installClosure(packed, PACKAGE_DIR);
    const found = FORBIDDEN.filter((name) => closure.has(name)).map((name) =>
      (closure.get(name) ?? []).join(' -> '),
    );
    expect(found).toEqual([]);
    // The walk did reach the dependencies of dependencies (ajv's own), so it is not vacuous.
    expect(closure.has('@nl2sql/retry')).toBe(true);
    expect(closure.has('p-retry')).toBe(true);
    expect(closure.has('ajv')).toBe(true);
    expect(closure.size).toBeGreaterThan(ALLOWED_DIRECT.length);
  });

  it('has source that imports only node builtins, its own files and its declared dependencies', () => {
    const declared = new Set(Object.keys(packed.dependencies ?? {}));
    const srcDir = join(PACKAGE_DIR, 'src');
    const stray: string[] = [];
    for (const file of readdirSync(srcDir).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join(srcDir, file), 'utf8');
      for (const [, specifier] of text.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g)) {
        if (!specifier || specifier.startsWith('.') || specifier.startsWith('node:')) continue;
        const name = specifier.startsWith('@')
          ? specifier.split('/').slice(0, 2).join('/')
          : (specifier.split('/')[0] ?? specifier);
        if (!declared.has(name)) stray.push(`${file}: ${specifier}`);
      }
    }
    expect(stray).toEqual([]);
  });
});
