// Packing the workspace's public packages as they would be published, and installing
// tarballs into a fresh npm project outside the workspace.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface Tarball {
  name: string;
  version: string;
  file: string;
}

/** The package.json of every public package under packages/. */
export function publicPackages(): { dir: string; name: string; version: string }[] {
  return readdirSync(join(ROOT, 'packages'))
    .map((dir) => join(ROOT, 'packages', dir))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, ...JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter((pkg) => pkg.private !== true);
}

/**
 * `name` and the workspace packages it depends on, directly or not (dependencies and
 * required peers): the tarballs an install of it needs, since no registry holds them.
 */
export function workspaceClosure(name: string): string[] {
  const byName = new Map(
    publicPackages().map((pkg) => [
      pkg.name,
      JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      },
    ]),
  );
  const seen = new Set<string>();
  const visit = (at: string) => {
    if (seen.has(at) || !byName.has(at)) return;
    seen.add(at);
    for (const dep of Object.keys(byName.get(at)?.dependencies ?? {})) visit(dep);
  };
  visit(name);
  return [...seen];
}

/** `pnpm pack` of every public package into `into` (workspace: ranges become versions). */
export async function packAll(into: string): Promise<Map<string, Tarball>> {
  const packed = new Map<string, Tarball>();
  for (const pkg of publicPackages()) {
    // turbo builds what this package depends on first; one added since is built here.
    if (!existsSync(join(pkg.dir, 'dist', 'index.js'))) {
      await run('pnpm', ['run', 'build'], { cwd: pkg.dir });
    }
    const { stdout } = await run('pnpm', ['pack', '--pack-destination', into, '--json'], {
      cwd: pkg.dir,
    });
    const { filename } = JSON.parse(stdout) as { filename: string };
    packed.set(pkg.name, { name: pkg.name, version: pkg.version, file: filename });
  }
  return packed;
}

/** The environment of a user's shell: no workspace, no pnpm, npm's defaults. */
export function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // vitest's and pnpm's own variables would point npm and node back into the workspace.
    if (/^(npm_|pnpm_|PNPM_|VITEST|NODE_OPTIONS$|INIT_CWD$|TURBO_)/.test(key)) continue;
    env[key] = value;
  }
  // sqlite3 compiles its addon against the machine's Node headers when they are there.
  if (existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  return { ...env, npm_config_fund: 'false', npm_config_audit: 'false', NO_COLOR: '1' };
}

/** `npm init -y` then `npm install ARGS` in `dir`. */
export async function npmInstall(dir: string, args: string[]): Promise<void> {
  const env = userEnv();
  await run('npm', ['init', '-y'], { cwd: dir, env });
  await run('npm', ['install', '--no-package-lock', ...args], {
    cwd: dir,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
}
