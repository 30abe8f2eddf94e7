import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The engine's commit as a record names it. */
export interface GitInfo {
  /** The full commit hash, or `unknown` (no repository, no commit yet, unreadable refs). */
  readonly commit: string;
  /** The first seven characters of the commit, or `unknown`. */
  readonly shortSha: string;
  /** Whether tracked files have uncommitted changes; `unknown` without a repo or git. */
  readonly dirty: boolean | 'unknown';
  /** The working tree's root, or null when no repository was found. */
  readonly root: string | null;
}

const UNKNOWN: GitInfo = { commit: 'unknown', shortSha: 'unknown', dirty: 'unknown', root: null };

/** Where the installed package lives: an install from a checkout still names its commit. */
const packageDir = dirname(fileURLToPath(import.meta.url));

/**
 * Finds the commit by walking up from `from` (default: this package's own directory) to a
 * `.git`, reading HEAD and its ref (loose or packed) directly, so no git binary is needed
 * for the commit. Only the dirty flag asks git (`git status --porcelain
 * --untracked-files=no`: tracked files only, as the spec defines it); without git it is
 * `unknown`. Never null: a wheel-style install with no repository reads `unknown`.
 */
export function gitInfo(from: string = packageDir): GitInfo {
  const found = findGitDir(resolve(from));
  if (found === null) return UNKNOWN;
  const commit = readHead(found.gitDir);
  if (commit === null) return { ...UNKNOWN, root: found.root };
  return { commit, shortSha: commit.slice(0, 7), dirty: isDirty(found.root), root: found.root };
}

interface FoundRepo {
  readonly root: string;
  readonly gitDir: string;
}

function findGitDir(start: string): FoundRepo | null {
  let dir = start;
  for (;;) {
    const candidate = join(dir, '.git');
    if (existsSync(candidate)) {
      const stat = statSync(candidate);
      if (stat.isDirectory()) return { root: dir, gitDir: candidate };
      // A worktree or submodule: `.git` is a file saying `gitdir: <path>`.
      const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(candidate, 'utf8'));
      if (match?.[1] !== undefined) {
        const target = isAbsolute(match[1]) ? match[1] : resolve(dir, match[1]);
        return { root: dir, gitDir: target };
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

const HASH = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

function readHead(gitDir: string): string | null {
  const head = readText(join(gitDir, 'HEAD'));
  if (head === null) return null;
  if (HASH.test(head)) return head; // detached HEAD
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (ref === undefined) return null;
  // A linked worktree keeps its own HEAD but shares refs with the main repository.
  const common = readText(join(gitDir, 'commondir'));
  const refsDir = common === null ? gitDir : resolve(gitDir, common);
  for (const dir of refsDir === gitDir ? [gitDir] : [gitDir, refsDir]) {
    const loose = readText(join(dir, ref));
    if (loose !== null && HASH.test(loose)) return loose;
  }
  return packedRef(join(refsDir, 'packed-refs'), ref);
}

function packedRef(file: string, ref: string): string | null {
  const text = readText(file);
  if (text === null) return null;
  for (const line of text.split('\n')) {
    const [hash, name] = line.trim().split(' ');
    if (name === ref && hash !== undefined && HASH.test(hash)) return hash;
  }
  return null;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

function isDirty(root: string): boolean | 'unknown' {
  try {
    const out = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      env: cleanGitEnv(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 30_000,
    });
    return out.trim().length > 0;
  } catch {
    return 'unknown';
  }
}

// Inside a git hook or a `git submodule foreach`, GIT_DIR and friends point at another
// repository; the status must be of the repository we found.
function cleanGitEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR']) {
    delete env[name];
  }
  return env;
}
