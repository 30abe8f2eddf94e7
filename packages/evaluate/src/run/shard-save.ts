import { readFileSync } from 'node:fs';
import type { Redactor } from '@nl2sql/llm';
import { type GitInfo, gitInfo } from '@nl2sql/records';
import {
  fromShardReportJson,
  type RunEventListener,
  RunnerError,
  type RunReport,
  reportCaseJson,
  shardReportJson,
  streamed,
  writeJsonFile,
} from '@nl2sql/runner';
import { configError } from '../evaluate-error.js';

/**
 * What `eval run --shard i/n --save FILE` writes: another format than a saved report, so
 * that `eval publish` and `eval gate` (and older versions of them) refuse a shard rather
 * than take a third of a run for the run. Only `eval merge` reads it.
 */
export const SHARD_FORMAT = 'nl2sql-eval-shard';

/** A shard's saved file. */
export interface ShardSave {
  readonly format: typeof SHARD_FORMAT;
  readonly version: 1;
  /** The engine's commit where the shard ran: the merged records name it. */
  readonly git: { readonly commit: string; readonly dirty: boolean | 'unknown' };
  /** When the shard finished (ISO 8601): the merged records' time is the last shard's. */
  readonly finished_at: string;
  /** The shard's report (runner's ShardReportJson). */
  readonly report: unknown;
}

/** A shard read back: its report, where it ran from and when it finished. */
export interface SavedShard {
  readonly source: string;
  readonly report: RunReport;
  readonly git: ShardSave['git'];
  readonly finishedAt: Date;
}

/**
 * Writes a shard's report, streamed like a saved report (each case run converted, masked
 * and written in turn) and atomically.
 */
export function writeShardSave(
  path: string,
  report: RunReport,
  options: { redactor?: Redactor; finishedAt?: Date; git?: GitInfo } = {},
): void {
  const json = shardReportJson({
    ...report,
    configs: report.configs.map((board) => ({ ...board, cases: [] })),
  });
  const git = options.git ?? gitInfo();
  const saved = {
    format: SHARD_FORMAT,
    version: 1,
    git: { commit: git.commit, dirty: git.dirty },
    finished_at: (options.finishedAt ?? new Date()).toISOString(),
    report: {
      ...json,
      configs: json.configs.map((board, i) => ({
        ...board,
        cases: streamed(report.configs[i]?.cases ?? [], reportCaseJson),
      })),
    },
  };
  writeJsonFile(path, saved, options.redactor);
}

/**
 * `eval run --shard i/n --save FILE` as a listener: the shard's file when the run finishes,
 * naming `git` (the project's commit; default the tool's).
 */
export function shardSaveListener(
  path: string,
  redactor?: Redactor,
  git?: GitInfo,
): RunEventListener {
  return (event) => {
    if (event.type === 'run.finished') {
      writeShardSave(path, event.report, {
        ...(redactor ? { redactor } : {}),
        ...(git ? { git } : {}),
      });
    }
  };
}

/** Reads a shard's file; anything else (a whole run's report, a record, a broken file) is exit 3. */
export function readShardSave(path: string): SavedShard {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw configError(`${path}: not a readable shard report (${(error as Error).message})`);
  }
  const saved = value as Partial<ShardSave> | null;
  if ((value as { format?: unknown } | null)?.format === 'nl2sql-eval-report') {
    throw configError(
      `${path} is the report of a whole run, not of a shard (saved without --shard i/n); there is nothing to merge it with`,
    );
  }
  if (saved?.format !== SHARD_FORMAT || saved.version !== 1) {
    throw configError(`${path}: not a shard report saved by \`eval run --shard i/n --save\``);
  }
  const git = saved.git;
  const when = new Date(String(saved.finished_at));
  if (
    typeof git?.commit !== 'string' ||
    !(typeof git.dirty === 'boolean' || git.dirty === 'unknown') ||
    Number.isNaN(when.getTime())
  ) {
    throw configError(
      `${path}: not a shard report: git and finished_at must name a commit and a time`,
    );
  }
  try {
    return { source: path, report: fromShardReportJson(saved.report, path), git, finishedAt: when };
  } catch (error) {
    if (error instanceof RunnerError) throw configError(error.message);
    throw error;
  }
}
