import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitInfo } from '../src/index.js';
import { tempDir } from './fixtures.js';

const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: tempDir('records-home-'),
};

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8' }).trim();
}

/** A repo with one commit of a tracked file and a nested package directory. */
function repo(): { root: string; pkg: string; head: string } {
  const root = tempDir('records-git-');
  git(root, 'init', '-q', '-b', 'main');
  const pkg = join(root, 'packages', 'engine', 'dist');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(root, 'tracked.txt'), 'one\n');
  git(root, 'add', 'tracked.txt');
  git(root, 'commit', '-q', '-m', 'first');
  return { root, pkg, head: git(root, 'rev-parse', 'HEAD') };
}

describe('gitInfo', () => {
  it('finds the commit by walking up from a nested directory, clean', () => {
    const { root, pkg, head } = repo();
    expect(gitInfo(pkg)).toEqual({ commit: head, shortSha: head.slice(0, 7), dirty: false, root });
  });

  it('is dirty when a tracked file changed, not for an untracked file', () => {
    const { root, pkg } = repo();
    writeFileSync(join(root, 'untracked.txt'), 'new\n');
    expect(gitInfo(pkg).dirty).toBe(false);
    writeFileSync(join(root, 'tracked.txt'), 'two\n');
    expect(gitInfo(pkg).dirty).toBe(true);
  });

  it('reads a packed ref and a detached HEAD', () => {
    const { root, pkg, head } = repo();
    git(root, 'pack-refs', '--all', '--prune');
    expect(gitInfo(pkg).commit).toBe(head);
    writeFileSync(join(root, 'tracked.txt'), 'two\n');
    git(root, 'commit', '-q', '-am', 'second');
    const second = git(root, 'rev-parse', 'HEAD');
    git(root, 'checkout', '-q', '--detach', head);
    expect(gitInfo(pkg).commit).toBe(head);
    git(root, 'checkout', '-q', 'main');
    expect(gitInfo(pkg).commit).toBe(second);
  });

  it('follows a linked worktree to the shared refs', () => {
    const { root, head } = repo();
    const linked = join(tempDir('records-wt-'), 'wt');
    git(root, 'worktree', 'add', '-q', linked, '-b', 'side');
    const info = gitInfo(linked);
    expect(info.commit).toBe(head);
    expect(info.root).toBe(linked);
  });

  it('is unknown, never null, outside any repository', () => {
    const dir = tempDir('records-norepo-');
    expect(gitInfo(dir)).toEqual({
      commit: 'unknown',
      shortSha: 'unknown',
      dirty: 'unknown',
      root: null,
    });
  });

  it('is unknown in a repository with no commit yet', () => {
    const root = tempDir('records-empty-');
    git(root, 'init', '-q');
    expect(gitInfo(root)).toMatchObject({ commit: 'unknown', shortSha: 'unknown', root });
  });

  it('defaults to the package directory, which sits in this checkout', () => {
    const here = git(process.cwd(), 'rev-parse', 'HEAD');
    expect(gitInfo().commit).toBe(here);
  });
});
