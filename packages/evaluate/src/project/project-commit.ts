// The commit a project's result records name (decisions/evals-yaml-project.md). A record
// says which version of the evaluated setup produced its figures: for a project of
// evals.yaml that is the project's own repository (its suites, policy and engines), not
// the commit of the nl2sql tool that happened to run it. The built-in Chinook project is
// the tool's own suite and engine, so its records name the tool's commit, as before.

import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import type { Project } from '@nl2sql/project';
import { type GitInfo, gitInfo } from '@nl2sql/records';
import type { EvaluateOptions } from '../evaluate-options.js';
import type { Io } from '../io.js';

/** The commit to record, and why it is `unknown` or dirty when that is not plain. */
export interface ProjectCommit {
  readonly git: GitInfo;
  /** One line for stderr when the commit cannot stand for the project; null otherwise. */
  readonly notice: string | null;
}

/** The environment without a hook's GIT_DIR and friends, which point at another repository. */
function repositoryEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR'])
    delete env[name];
  return env;
}

/** True when git tracks `file` in the repository at `root`; null when git cannot say. */
function isTracked(root: string, file: string): boolean | null {
  try {
    execFileSync('git', ['ls-files', '--error-unmatch', '--', relative(root, file)], {
      cwd: root,
      stdio: 'ignore',
      timeout: 30_000,
      env: repositoryEnv(),
    });
    return true;
  } catch (error) {
    // git ran and said no (exit 1); anything else (no git binary) is not an answer.
    return (error as { status?: unknown }).status === 1 ? false : null;
  }
}

/**
 * The commit of the repository holding the project's evals.yaml (found by walking up from
 * its folder), or `unknown` with the reason when that folder is in no repository or the
 * repository has no commit. An evals.yaml git does not track is not in that commit: the
 * commit is kept (it still names the suite files it holds) and marked dirty.
 */
export function projectCommit(project: Project): ProjectCommit {
  if (project.file === null) return { git: gitInfo(), notice: null };
  const git = gitInfo(project.dir);
  if (git.root === null) {
    return {
      git,
      notice: `nl2sql: ${project.dir} (the folder of ${project.file}) is not in a git repository, so the records name commit unknown`,
    };
  }
  if (git.commit === 'unknown') {
    return {
      git,
      notice: `nl2sql: the git repository at ${git.root} has no commit yet, so the records name commit unknown`,
    };
  }
  if (isTracked(git.root, project.file) === false) {
    return {
      git: { ...git, dirty: true },
      notice: `nl2sql: ${project.file} is not committed in ${git.root}: the records name its commit ${git.shortSha}, marked dirty`,
    };
  }
  return { git, notice: null };
}

/**
 * `eval run`'s commit for its records and shard file: looked up only when the run saves or
 * gates (it asks git); undefined when nothing records. Its notice is said once, and only
 * when the run writes records (--save): a run gated without saving writes none, so what
 * they would name is nobody's concern.
 */
export function recordsCommit(
  options: EvaluateOptions,
  baselineDir: string | null,
  project: Project,
  io: Io,
): GitInfo | undefined {
  if (typeof options.save !== 'string' && baselineDir === null) return undefined;
  const { git, notice } = projectCommit(project);
  if (notice !== null && typeof options.save === 'string') io.err(notice);
  return git;
}
