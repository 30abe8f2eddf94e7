// What `npm install` of one package put on disk for it: the packages its dependency edges
// reach (dependencies, optional ones installed, required peers), their size, and any native
// addon among them.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  gypfile?: boolean;
}

export interface Closure {
  /** Package names, sorted (the root package included). */
  readonly packages: string[];
  /** Bytes of their files, nested node_modules excluded. */
  readonly bytes: number;
  /** Packages holding a compiled addon (`*.node`) or a `binding.gyp`. */
  readonly native: string[];
}

/** A dependency's folder as Node resolves it from `from` (nearest node_modules up). */
function resolveDir(name: string, from: string): string | undefined {
  for (let dir = from; ; ) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    const parent = join(dir, '..');
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Size of a package folder and whether it holds an addon, without nested node_modules. */
function scan(dir: string): { bytes: number; native: boolean } {
  let bytes = 0;
  let native = false;
  const walk = (at: string) => {
    for (const entry of readdirSync(at)) {
      if (entry === 'node_modules') continue;
      const path = join(at, entry);
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path);
      else {
        bytes += stat.size;
        if (entry.endsWith('.node') || entry === 'binding.gyp') native = true;
      }
    }
  };
  walk(dir);
  return { bytes, native };
}

/** The install closure of the package installed at `project/node_modules/<name>`. */
export function installClosure(project: string, name: string): Closure {
  const start = resolveDir(name, project);
  if (start === undefined) throw new Error(`${name} is not installed in ${project}`);
  const seen = new Map<string, string>();
  const visit = (dir: string) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
    if (seen.has(dir)) return;
    seen.set(dir, manifest.name);
    const optionalPeers = Object.entries(manifest.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional)
      .map(([peer]) => peer);
    const required = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}).filter((p) => !optionalPeers.includes(p)),
    ];
    for (const dep of required) {
      const found = resolveDir(dep, dir);
      if (found === undefined) throw new Error(`${manifest.name}: ${dep} is not installed`);
      visit(found);
    }
    // Optional dependencies count where npm installed them (a platform's binary package).
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) {
      const found = resolveDir(dep, dir);
      if (found !== undefined) visit(found);
    }
  };
  visit(start);
  let bytes = 0;
  const native: string[] = [];
  for (const [dir, pkg] of seen) {
    const found = scan(dir);
    bytes += found.bytes;
    if (found.native) native.push(pkg);
  }
  return { packages: [...seen.values()].sort(), bytes, native: native.sort() };
}

/** `N packages, X.X MB` for the report line a test prints. */
export function describeClosure(name: string, closure: Closure): string {
  const mb = (closure.bytes / 1e6).toFixed(1);
  const native = closure.native.length > 0 ? `; native: ${closure.native.join(', ')}` : '';
  return `${name}: ${closure.packages.length} packages, ${mb} MB${native}`;
}
