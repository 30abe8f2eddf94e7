import { type MergeOptions, mergeRuns } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/** `nl2sql eval merge SHARD...`: @nl2sql/evaluate's mergeRuns() behind the flags (see commands/eval-merge.ts). */
export const runEvalMerge: CommandRun = async ({ flags, positionals }, io) =>
  (await mergeRuns({ ...flagOptions<MergeOptions>(flags), shards: positionals }, io)).exitCode;
