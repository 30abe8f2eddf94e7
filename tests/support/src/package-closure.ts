// What installing a workspace package would bring in, without installing it: the package is
// packed as it would be published (workspace ranges resolved), and its dependency edges
// (dependencies, optional ones, required peers) are walked through the workspace and
// node_modules. Tests of packages that promise a slim install (the engine, the runner) use it.
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

const run = promisify(execFile);
const PACKAGES_DIR = fileURLToPath(new URL('../../../packages/', import.meta.url)).replace(
  /\/$/,
  '',
);

export interface Manifest {
  name: string;
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** A package an install brings in: the chain of dependencies that did, and its folder. */
export interface Found {
  readonly chain: string[];
  readonly dir: string;
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

/** `pnpm pack` of the package in `dir`: the manifest its tarball holds. */
export async function packedManifest(dir: string): Promise<Manifest> {
  const scratch = mkdtempSync(join(tmpdir(), 'nl2sql-pack-'));
  try {
    const { stdout } = await run('pnpm', ['pack', '--pack-destination', scratch, '--json'], {
      cwd: dir,
    });
    const { filename } = JSON.parse(stdout) as { filename: string };
    const { stdout: text } = await run('tar', ['-xzOf', filename, 'package/package.json']);
    return JSON.parse(text) as Manifest;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

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

/** Every package an install of `manifest` (found from `from`) brings in, by name. */
export function installClosure(manifest: Manifest, from: string): Map<string, Found> {
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
export function scanPackage(dir: string): { bytes: number; binary: string[] } {
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

/**
 * Imports in `srcDir`'s files (top level) of packages `declared` does not hold: each as
 * `file: specifier`. Node builtins and relative imports are the package's own.
 */
export function strayImports(srcDir: string, declared: ReadonlySet<string>): string[] {
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
  return stray;
}
