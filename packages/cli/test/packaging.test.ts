import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every workspace package packed exactly as it would be published (`pnpm pack` applies
// publishConfig), then its file list and its packed package.json checked. The test lives in
// the cli package because the cli depends on (nearly) every other one, so turbo builds them
// first (and packages/cli/turbo.json builds the cli itself before its tests).
// decisions/package-contents-and-engines.md says why the rules are what they are.

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REPO = 'https://github.com/nl2sql-evals/nl2sql-evals';

interface Manifest {
  name: string;
  version?: string;
  private?: boolean;
  license?: string;
  keywords?: string[];
  homepage?: string;
  bugs?: { url?: string };
  repository?: { type?: string; url?: string; directory?: string };
  engines?: Record<string, string>;
  exports?: unknown;
  types?: string;
  bin?: Record<string, string>;
  files?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
}

interface Packed {
  dir: string;
  source: Manifest;
  manifest: Manifest;
  files: string[];
}

/** Folders of data a package reads at run time, shipped beside dist/. */
const DATA_FOLDERS: Record<string, string[]> = {
  datasets: ['suites'],
  llm: ['presets'],
  // The page's browser scripts, read from src/client at run time and inlined into the page.
  report: ['src/client'],
};

/** Packages named by a changeset that `changeset version` has not applied yet. */
const PENDING = new Set(
  readdirSync(join(ROOT, '.changeset'))
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .flatMap((file) => {
      const text = readFileSync(join(ROOT, '.changeset', file), 'utf8');
      const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
      return [...front.matchAll(/^["']?(@nl2sql\/[a-z0-9-]+)["']?\s*:/gm)].map((m) => m[1]!);
    }),
);

/** The oldest Node the toolkit supports: the workspace root's minimum. */
const SUPPORTED_NODE = semver.minVersion(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest).engines?.node ?? '',
)!.version;

const DIRS = readdirSync(join(ROOT, 'packages')).filter((dir) =>
  existsSync(join(ROOT, 'packages', dir, 'package.json')),
);

let scratch: string;
const packed = new Map<string, Packed>();

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'nl2sql-pack-'));
  for (const dir of DIRS) {
    const cwd = join(ROOT, 'packages', dir);
    // turbo builds every package the cli depends on before this test; one nothing depends on
    // (yet) is built here.
    if (!existsSync(join(cwd, 'dist', 'index.js'))) await run('pnpm', ['run', 'build'], { cwd });
    const { stdout } = await run('pnpm', ['pack', '--pack-destination', scratch, '--json'], {
      cwd,
    });
    const report = JSON.parse(stdout) as { filename: string; files: { path: string }[] };
    const { stdout: manifest } = await run('tar', [
      '-xzOf',
      report.filename,
      'package/package.json',
    ]);
    packed.set(dir, {
      dir,
      source: JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as Manifest,
      manifest: JSON.parse(manifest) as Manifest,
      files: report.files.map((f) => f.path).sort(),
    });
  }
}, 300_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Every string target in an exports map, skipping conditions set to null (blocked paths). */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(exportTargets);
}

/** The exports map with one condition removed wherever it appears. */
function withoutCondition(value: unknown, condition: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== condition)
      .map(([key, inner]) => [key, withoutCondition(inner, condition)]),
  );
}

it('finds every workspace package', () => {
  expect(DIRS.length).toBeGreaterThanOrEqual(18);
  expect(DIRS).toContain('sqlcheck');
});

describe.each(DIRS)('the @nl2sql/%s tarball', (dir) => {
  const get = () => packed.get(dir)!;

  it('holds only built JavaScript, type declarations, schemas, data, README, LICENSE and package.json', () => {
    const data = DATA_FOLDERS[dir] ?? [];
    const allowed = (path: string) =>
      ['package.json', 'README.md', 'LICENSE'].includes(path) ||
      /^dist\/.+\.(js|d\.ts)$/.test(path) ||
      // JSON Schemas generated from the package's format definitions (pnpm schemas).
      /^[a-z0-9-]+\.schema\.json$/.test(path) ||
      data.some((folder) => path.startsWith(`${folder}/`));
    const files = get().files;
    expect(files.filter((path) => !allowed(path))).toEqual([]);
    expect(files.filter((path) => path.endsWith('.tsbuildinfo'))).toEqual([]);
    for (const required of [
      'package.json',
      'README.md',
      'LICENSE',
      'dist/index.js',
      'dist/index.d.ts',
    ]) {
      expect(files).toContain(required);
    }
    for (const folder of data)
      expect(files.some((path) => path.startsWith(`${folder}/`))).toBe(true);
  });

  it('points every export, types and bin entry at a file it holds', () => {
    const { manifest, files } = get();
    const targets = [
      ...exportTargets(manifest.exports),
      ...(manifest.types ? [manifest.types] : []),
      ...Object.values(manifest.bin ?? {}),
    ];
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(files, target).toContain(target.replace(/^\.\//, ''));
  });

  it('holds every file its built code reads beside itself (new URL(..., import.meta.url))', () => {
    const { files } = get();
    const cwd = join(ROOT, 'packages', dir);
    const missing: string[] = [];
    // The CLI's bundle reads its files from the packages they belong to (its `import.meta.url`
    // rewritten to theirs): test/bundle.test.ts holds those to the installed packages.
    const own = files.filter((path) => path.endsWith('.js') && !path.startsWith('dist/bundle/'));
    for (const file of own) {
      const code = readFileSync(join(cwd, file), 'utf8');
      for (const [, relative] of code.matchAll(/new URL\(\s*[`'"](\.{1,2}\/[^`'"$]*)/g)) {
        const target = join(dirname(file), relative!);
        // A template's literal prefix names a folder: some packed file must be inside it.
        const folder = target.endsWith('/') ? target : `${target}/`;
        if (!files.some((path) => path === target || path.startsWith(folder))) {
          missing.push(`${file} reads ${relative}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('publishes the exports of the source package without the @nl2sql/source condition', () => {
    const { manifest, source } = get();
    expect(JSON.stringify(manifest.exports)).not.toContain('@nl2sql/source');
    expect(manifest.exports).toEqual(withoutCondition(source.exports, '@nl2sql/source'));
  });

  it('has repository (with its directory), homepage, bugs, keywords, licence and engines', () => {
    const { manifest } = get();
    expect(manifest.name).toBe(`@nl2sql/${dir}`);
    expect(manifest.repository).toEqual({
      type: 'git',
      url: `git+${REPO}.git`,
      directory: `packages/${dir}`,
    });
    expect(manifest.homepage).toBe(`${REPO}/tree/main/packages/${dir}#readme`);
    expect(manifest.bugs).toEqual({ url: `${REPO}/issues` });
    expect(manifest.keywords).toEqual(expect.arrayContaining(['nl2sql', 'text-to-sql']));
    expect(manifest.license).toBe('MIT');
    expect(semver.validRange(manifest.engines?.node ?? '')).not.toBeNull();
  });

  it('declares files, exports and types, and a Node range the toolkit supports', () => {
    const { manifest } = get();
    expect(manifest.files?.length).toBeGreaterThan(0);
    expect(manifest.exports).toBeTypeOf('object');
    expect(manifest.types).toBe('./dist/index.d.ts');
    // The root's minimum (the oldest Node the toolkit supports) and the Node running this.
    const range = manifest.engines?.node ?? '';
    expect(semver.satisfies(SUPPORTED_NODE, range), `${range} admits ${SUPPORTED_NODE}`).toBe(true);
    expect(semver.satisfies(process.versions.node, range), range).toBe(true);
  });

  it('has been released, or waits for its first release with a changeset', () => {
    const { manifest, source } = get();
    expect(semver.valid(manifest.version ?? ''), 'a semver version').not.toBeNull();
    if (manifest.version === '0.0.0') {
      // A package added since the last `changeset version` is released by the next one.
      expect(PENDING.has(manifest.name), `${manifest.name} at 0.0.0 with no changeset`).toBe(true);
    } else {
      expect(existsSync(join(ROOT, 'packages', dir, 'CHANGELOG.md')), 'CHANGELOG.md').toBe(true);
    }
    expect(source.version).toBe(manifest.version);
  });

  it('depends on published versions only (no workspace: ranges)', () => {
    const { manifest } = get();
    const ranges = Object.values({ ...manifest.dependencies, ...manifest.peerDependencies });
    expect(ranges.filter((range) => range.startsWith('workspace:'))).toEqual([]);
  });
});

/** A dependency's folder as Node would resolve it from `from` (nearest node_modules up). */
function dependencyDir(name: string, from: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    const parent = join(dir, '..');
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Every package `npm install` would put under this one and check with --engine-strict:
 * dependencies and required peers, transitively (optional ones npm skips on a mismatch).
 */
function installedTree(dir: string): { name: string; dir: string; manifest: Manifest }[] {
  const seen = new Map<string, { name: string; dir: string; manifest: Manifest }>();
  const visit = (at: string) => {
    const manifest = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8')) as Manifest;
    const optionalPeers = new Set(
      Object.entries(manifest.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta.optional)
        .map(([name]) => name),
    );
    const names = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name)),
    ];
    for (const name of names) {
      const found = dependencyDir(name, at);
      if (found === undefined) throw new Error(`${manifest.name}: ${name} is not installed`);
      if (seen.has(found)) continue;
      const child = JSON.parse(readFileSync(join(found, 'package.json'), 'utf8')) as Manifest;
      seen.set(found, { name, dir: found, manifest: child });
      visit(found);
    }
  };
  visit(dir);
  return [...seen.values()];
}

/** The versions just below, at and just above `version`. */
function around(version: semver.SemVer): string[] {
  const { major, minor, patch } = version;
  const below =
    patch > 0
      ? `${major}.${minor}.${patch - 1}`
      : minor > 0
        ? `${major}.${minor - 1}.9999`
        : major > 0
          ? `${major - 1}.9999.9999`
          : undefined;
  return [below, `${major}.${minor}.${patch}`, `${major}.${minor}.${patch + 1}`].filter(
    (v): v is string => v !== undefined,
  );
}

/**
 * True when every version `ours` admits, `theirs` admits too. semver.subset answers most cases
 * but says no when `ours` spans several of their alternatives (`>=20.19` within
 * `^18 || ^20 || >=21`); then every stretch between two comparator versions of either range is
 * tried at its ends, where alone the answer can change.
 */
function admitsEvery(ours: string, theirs: string): boolean {
  if (semver.subset(ours, theirs)) return true;
  const boundaries = [new semver.Range(ours), new semver.Range(theirs)].flatMap((range) =>
    range.set
      .flat()
      .flatMap((comparator) => (comparator.value === '' ? [] : around(comparator.semver))),
  );
  return [...boundaries, '999.0.0']
    .filter((version) => semver.satisfies(version, ours))
    .every((version) => semver.satisfies(version, theirs));
}

describe('admitsEvery', () => {
  it.each([
    ['>=20.19', '>=20.17.0', true],
    ['>=20.19', '^18 || ^20 || >= 21', true],
    ['>=20.19', '>=22', false],
    ['>=22', '>=22', true],
    ['>=20.19', '^18 || ^20', false],
    ['>=20.19', '>=20.18.1', true],
    ['>=20.19', '*', true],
    ['>=20.19', '>= 14.6', true],
    ['>=20.19', '20.x || 22.x', false],
  ])('%s within %s: %s', (ours, theirs, expected) => {
    expect(admitsEvery(ours, theirs)).toBe(expected);
  });
});

/**
 * Dependencies whose engines are narrower than the Node the toolkit supports and tests on,
 * each with the range it declares (decisions/node-engines-follow-the-toolkit.md). A change
 * of that range fails the test below, so the entry is looked at again.
 */
const NARROWER_ENGINES: Record<string, string> = {
  // The SQL parser declares Node 22; every package that installs it runs its tests on Node 20.
  '@polyglot-sql/sdk': '>=22',
};

describe.each(DIRS)('the engines of @nl2sql/%s', (dir) => {
  it('allow only Node versions every installed dependency allows, known exceptions aside', () => {
    const ours = packed.get(dir)?.manifest.engines?.node ?? '';
    const tooWide = installedTree(join(ROOT, 'packages', dir))
      .filter(({ manifest }) => manifest.engines?.node !== undefined)
      .filter(({ manifest }) => !admitsEvery(ours, manifest.engines!.node!))
      .filter(({ manifest }) => NARROWER_ENGINES[manifest.name] !== manifest.engines!.node)
      .map(({ manifest }) => `${manifest.name} wants node ${manifest.engines!.node}`);
    expect(tooWide, `@nl2sql/${dir} declares node ${ours}`).toEqual([]);
  });
});

describe('the workspace root', () => {
  it('names the canonical repository and the Node versions development needs', () => {
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
    expect(root.private).toBe(true);
    expect(root.repository).toEqual({ type: 'git', url: `git+${REPO}.git` });
    expect(root.homepage).toBe(`${REPO}#readme`);
    expect(root.bugs).toEqual({ url: `${REPO}/issues` });
    expect(root.keywords).toEqual(expect.arrayContaining(['nl2sql', 'text-to-sql']));
    // Every package must be developable on the root's minimum.
    const minimum = semver.minVersion(root.engines?.node ?? '')!;
    for (const dir of DIRS) {
      const range = packed.get(dir)?.source.engines?.node ?? '';
      expect(semver.gte(semver.minVersion(range)!, minimum), `${dir}: ${range}`).toBe(true);
    }
  });
});
