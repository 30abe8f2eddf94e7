// The runner's core (tasks, scheduler, cost cap, scorers, boards, journal, events) installs
// without a native addon or WebAssembly: SQLite, the SQL parser, the test suite, the judge and
// efficiency are passes the caller plugs in (decisions/runner-passes.md). The package is packed
// exactly as it would be published and its dependency closure (what an install would bring in:
// dependencies, optional ones, required peers) is walked from the workspace and node_modules.
import { execFile } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));
const PACKAGES_DIR = dirname(PACKAGE_DIR.replace(/\/$/, ''));

/** Packages whose install builds or loads native code or WebAssembly. */
const FORBIDDEN = [
  'sqlite3',
  '@polyglot-sql/sdk',
  '@nl2sql/sqlcheck',
  '@nl2sql/testsuite',
  '@nl2sql/judge',
  '@nl2sql/efficiency',
  '@nl2sql/datasource-sqlite',
];

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readManifest = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8')) as Manifest;

/** Workspace packages by name, so a packed `@nl2sql/x` dependency is read from its folder. */
const WORKSPACE = new Map(
  readdirSync(PACKAGES_DIR)
    .filter((dir) => existsSync(join(PACKAGES_DIR, dir, 'package.json')))
    .map((dir) => [
      readManifest(join(PACKAGES_DIR, dir, 'package.json')).name,
      join(PACKAGES_DIR, dir),
    ]),
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

interface Found {
  readonly chain: string[];
  readonly dir: string;
}

/** Every package an install brings in, by name, with the chain of dependencies that did. */
function installClosure(manifest: Manifest, from: string): Map<string, Found> {
  const seen = new Map<string, Found>();
  const visit = (m: Manifest, dir: string, chain: string[]) => {
    const optionalPeers = new Set(
      Object.entries(m.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta.optional)
        .map(([peer]) => peer),
    );
    const peers = Object.keys(m.peerDependencies ?? {}).filter((p) => !optionalPeers.has(p));
    const names = [
      ...Object.keys(m.dependencies ?? {}),
      ...Object.keys(m.optionalDependencies ?? {}),
      ...peers,
    ];
    for (const name of names) {
      if (seen.has(name)) continue;
      const depDir = packageDir(name, dir);
      seen.set(name, { chain: [...chain, name], dir: depDir });
      visit(readManifest(join(depDir, 'package.json')), depDir, [...chain, name]);
    }
  };
  visit(manifest, from, [manifest.name]);
  return seen;
}

/** Bytes a package installs (a workspace package: its dist and manifest) and any binary in it. */
function scan(dir: string): { bytes: number; binary: string[] } {
  let bytes = 0;
  const binary: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at)) {
      if (entry === 'node_modules') continue;
      const path = join(at, entry);
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) continue;
      if (stat.isDirectory()) walk(path);
      else {
        bytes += stat.size;
        if (/\.(node|wasm)$/.test(entry) || entry === 'binding.gyp') binary.push(path);
      }
    }
  };
  if (dir.startsWith(PACKAGES_DIR)) {
    bytes += lstatSync(join(dir, 'package.json')).size;
    if (existsSync(join(dir, 'dist'))) walk(join(dir, 'dist'));
    if (existsSync(join(dir, 'binding.gyp'))) binary.push(join(dir, 'binding.gyp'));
  } else walk(dir);
  return { bytes, binary };
}

let scratch: string;
let packed: Manifest;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'nl2sql-runner-pack-'));
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

describe('the packed @nl2sql/runner', () => {
  it('installs no native addon, no WebAssembly and none of the passes that bring them', () => {
    expect(packed.name).toBe('@nl2sql/runner');
    expect(JSON.stringify(packed.dependencies)).not.toContain('workspace:');
    const closure = installClosure(packed, PACKAGE_DIR);
    const forbidden = FORBIDDEN.filter((name) => closure.has(name)).map((name) =>
      (closure.get(name)?.chain ?? []).join(' -> '),
    );
    let bytes = 0;
    const binaries: string[] = [];
    for (const [name, found] of closure) {
      const scanned = scan(found.dir);
      bytes += scanned.bytes;
      if (scanned.binary.length > 0)
        binaries.push(`${found.chain.join(' -> ')}: ${scanned.binary[0]}`);
      void name;
    }
    // The figure the decision record quotes: what an install of the runner brings in.
    console.log(`@nl2sql/runner closure: ${closure.size} packages, ${(bytes / 1e6).toFixed(1)} MB`);
    expect(forbidden).toEqual([]);
    expect(binaries).toEqual([]);
    // The walk reached dependencies of dependencies, so it is not vacuous.
    expect(closure.has('@nl2sql/suite')).toBe(true);
    expect(closure.has('ajv')).toBe(true);
  });

  it('has source that imports only node builtins, its own files and its declared dependencies', () => {
    const declared = new Set(Object.keys(packed.dependencies ?? {}));
    const srcDir = join(PACKAGE_DIR, 'src');
    const stray: string[] = [];
    for (const file of readdirSync(srcDir).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join(srcDir, file), 'utf8');
      for (const [, from, dynamic] of text.matchAll(
        /\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g,
      )) {
        const specifier = from ?? dynamic;
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
