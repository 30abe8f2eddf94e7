// The commit a project's records name: the repository of its evals.yaml, never the tool's
// (the tool runs from its own checkout here, so a record naming the tool's commit would be
// caught). Temporary git repositories the test makes; the shop project of fixtures/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProject } from '@nl2sql/project';
import { gitInfo } from '@nl2sql/records';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { projectCommit } from '../src/project/project-commit.js';
import { writeShopProject } from './fixtures/shop-project.js';
import { captureIo } from './io-capture.js';

const ENV = { SHOP_ENGINE_TOKEN: 'token-for-the-commit-test' };
const toolCommit = gitInfo().commit;

function git(dir: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args],
    { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  ).trim();
}

/** A shop project in a new folder; committed in a repository of its own when `commit`. */
async function shopProject(repository: 'committed' | 'untracked' | 'none'): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'nl2sql-commit-'));
  await writeShopProject(dir, 'http://127.0.0.1:9');
  if (repository !== 'none') {
    git(dir, 'init', '-q');
    if (repository === 'committed') git(dir, 'add', '-A');
    else git(dir, 'add', 'suites');
    git(dir, 'commit', '-q', '-m', 'the project');
  }
  const c = captureIo({ cwd: dir, env: ENV });
  expect(await main(['suite', 'regenerate'], c.io), c.err()).toBe(EXIT.ok);
  return dir;
}

async function run(dir: string, ...args: string[]) {
  const c = captureIo({ cwd: dir, env: ENV });
  const code = await main(['eval', 'run', '--engine', 'reference', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
}

const savedCommits = (file: string) =>
  (
    JSON.parse(readFileSync(file, 'utf8')) as {
      records: { git_commit: string; git_dirty: boolean | string }[];
    }
  ).records.map((r) => [r.git_commit, r.git_dirty]);

describe("a project's records name the project's commit", () => {
  test('projectCommit: the repository holding evals.yaml, dirty when its files change', async () => {
    const dir = await shopProject('committed');
    const head = git(dir, 'rev-parse', 'HEAD');
    expect(head).not.toBe(toolCommit);
    const project = await loadProject(join(dir, 'evals.yaml'), { env: ENV });
    // suite regenerate wrote rows into the committed suite: the tree is dirty until committed.
    git(dir, 'commit', '-q', '-am', 'rows');
    const clean = projectCommit(project);
    const committed = git(dir, 'rev-parse', 'HEAD');
    expect(clean).toEqual({
      git: { commit: committed, shortSha: committed.slice(0, 7), dirty: false, root: dir },
      notice: null,
    });
    writeFileSync(join(dir, 'evals.yaml'), `${readFileSync(join(dir, 'evals.yaml'), 'utf8')}\n`);
    expect(projectCommit(project).git.dirty).toBe(true);
    // The built-in project is the tool's own suite and engine: the tool's commit.
    expect(projectCommit({ ...project, file: null }).git.commit).toBe(toolCommit);
  });

  test('eval run --save and --shard --save name the project commit; merge keeps it', async () => {
    const dir = await shopProject('committed');
    git(dir, 'commit', '-q', '-am', 'rows');
    const head = git(dir, 'rev-parse', 'HEAD');
    const saved = await run(dir, '--save', 'run.json');
    expect(saved.code, saved.err).toBe(EXIT.ok);
    expect(saved.err).not.toContain('commit unknown');
    const records = savedCommits(join(dir, 'run.json'));
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(record).toEqual([head, false]);

    const shard = await run(dir, '--shard', '1/1', '--save', 'shard.json');
    expect(shard.code, shard.err).toBe(EXIT.ok);
    const shardGit = (JSON.parse(readFileSync(join(dir, 'shard.json'), 'utf8')) as { git: unknown })
      .git;
    expect(shardGit).toEqual({ commit: head, dirty: false });
    const c = captureIo({ cwd: dir, env: ENV });
    const merged = await main(['eval', 'merge', 'shard.json', '--save', 'merged.json'], c.io);
    expect(merged, c.err()).toBe(EXIT.ok);
    for (const record of savedCommits(join(dir, 'merged.json')))
      expect(record).toEqual([head, false]);
  });

  test('a project folder in no repository: commit unknown, and the reason on stderr', async () => {
    const dir = await shopProject('none');
    const saved = await run(dir, '--save', 'run.json');
    expect(saved.code, saved.err).toBe(EXIT.ok);
    expect(saved.err).toContain(
      `${dir} (the folder of ${join(dir, 'evals.yaml')}) is not in a git repository, so the records name commit unknown`,
    );
    for (const record of savedCommits(join(dir, 'run.json'))) {
      expect(record).toEqual(['unknown', 'unknown']);
    }
    // Said once per command that writes records.
    expect(saved.err.split('commit unknown')).toHaveLength(2);
    // Nothing recorded, nothing said: a plain run, and a run gated without --save.
    const board = await run(dir);
    expect(board.code, board.err).toBe(EXIT.ok);
    expect(board.err).not.toContain('commit unknown');
    const gated = await run(dir, '--baseline', 'benchmarks', '--baseline-optional');
    expect(gated.code, gated.err).toBe(EXIT.ok);
    expect(gated.out).toContain('nothing to gate against');
    expect(gated.err).not.toContain('commit unknown');
  });

  test('an evals.yaml git does not track: its repository commit, marked dirty, said why', async () => {
    const dir = await shopProject('untracked');
    const head = git(dir, 'rev-parse', 'HEAD');
    const saved = await run(dir, '--save', 'run.json');
    expect(saved.code, saved.err).toBe(EXIT.ok);
    expect(saved.err).toContain(`evals.yaml is not committed in ${dir}`);
    for (const record of savedCommits(join(dir, 'run.json'))) expect(record).toEqual([head, true]);
  });

  test('a repository with no commit yet: commit unknown, said why', async () => {
    const dir = await shopProject('none');
    git(dir, 'init', '-q');
    const project = await loadProject(join(dir, 'evals.yaml'), { env: ENV });
    const found = projectCommit(project);
    expect(found.git.commit).toBe('unknown');
    expect(found.notice).toContain('has no commit yet');
  });
});
