// Is a suite file part of a package? Regenerate rewrites gold rows, which is a reviewed
// change in the package's own checkout, never something to do to an installed copy by
// accident. A file counts as packaged when its real path has a node_modules folder in it
// (an installed dependency), or when the nearest package.json above it names a package
// that is not private and lists the file in its `files` (the suite ships with that
// package, so editing it is a release change). A user's own project (`npm init -y`: a name,
// no `files`) does not ship its suites: decisions/packaged-suite-needs-files.md.

import { readFile, realpath } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

export interface PackagedSuite {
  /** Why the file counts as packaged. */
  reason: 'node_modules' | 'package';
  /** The package.json that owns the file (for `package`), or the node_modules path. */
  where: string;
  /** The package's name, when known. */
  packageName?: string;
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A `files` entry as a pattern: `*` within a path segment, `**` across segments. */
function entryPattern(entry: string): RegExp {
  const body = entry
    .replace(/^\.\//, '')
    .replace(/\/+$/, '')
    .split(/(\*\*\/?|\*)/)
    .map((part) =>
      part.startsWith('**')
        ? '(?:.*/)?'
        : part === '*'
          ? '[^/]*'
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  // An entry names the file itself or a folder holding it, as npm reads `files`.
  return new RegExp(`^${body}(?:/.*)?$`);
}

/** Whether a package's `files` (the tarball's contents) includes `path`, relative to it. */
function listedIn(files: unknown, path: string): boolean {
  if (!Array.isArray(files)) return false;
  return files.some(
    (entry) =>
      typeof entry === 'string' && !entry.startsWith('!') && entryPattern(entry).test(path),
  );
}

/** How `suitePath` is packaged, or undefined when it is a free-standing file. */
export async function packagedSuite(suitePath: string): Promise<PackagedSuite | undefined> {
  let real: string;
  try {
    real = await realpath(suitePath);
  } catch {
    real = suitePath;
  }
  const parts = real.split(sep);
  const nm = parts.lastIndexOf('node_modules');
  if (nm !== -1) return { reason: 'node_modules', where: parts.slice(0, nm + 1).join(sep) };
  let dir = dirname(real);
  for (;;) {
    const manifestPath = join(dir, 'package.json');
    const manifest = await readJson(manifestPath);
    if (manifest !== undefined) {
      if (typeof manifest !== 'object' || manifest === null) return undefined;
      const {
        name,
        private: isPrivate,
        files,
      } = manifest as {
        name?: unknown;
        private?: unknown;
        files?: unknown;
      };
      const path = relative(dir, real).split(sep).join('/');
      if (typeof name === 'string' && isPrivate !== true && listedIn(files, path))
        return { reason: 'package', where: manifestPath, packageName: name };
      return undefined;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
