import type { Redactor } from '@nl2sql/llm';
import type { GitInfo } from '@nl2sql/records';
import { parseShard, type RunEventListener, type Shard, shardText } from '@nl2sql/runner';
import { usageError } from '../evaluate-error.js';
import type { EvaluateOptions } from '../evaluate-options.js';
import { optionOf } from '../option-name.js';
import { shardSaveListener } from './shard-save.js';

/** `eval run --shard i/n` and what goes with it. */
export interface ShardRun {
  readonly shard: Shard;
  /** `--shard-max-cost`: this shard's own cap (default: `--max-cost` divided by n). */
  readonly shardMaxCostUsd?: number;
}

/**
 * The shard `eval run` is asked to run, or null for a whole run. A shard is never gated nor
 * recorded alone (decisions/runner-shards-and-merge.md): `--baseline` (and its companions)
 * and `--note` belong to `eval merge`, and the HTML page to `eval report` on the merged
 * run; they are usage errors here.
 */
export function shardRun(options: EvaluateOptions): ShardRun | null {
  const text = options.shard;
  const shardCost = options.shardMaxCost;
  if (typeof text !== 'string') {
    if (shardCost !== undefined) {
      throw usageError('--shard-max-cost is the cap of one shard; give --shard i/n');
    }
    return null;
  }
  for (const flag of ['baseline', 'allow-partial', 'baseline-optional']) {
    if (optionOf(options, flag) !== undefined) {
      throw usageError(
        `--${flag} gates a whole run, and a shard holds part of one (its missing case runs would fail the gate, or with --allow-partial go unchecked); gate the merged run: nl2sql eval merge SHARD... --baseline DIR`,
      );
    }
  }
  if (options.note !== undefined) {
    throw usageError('--note is written into the records, which eval merge makes: give it there');
  }
  // The HTML page shows a run with its records and history; a shard has neither. Its board,
  // JSON, JUnit and annotations are of the case runs it ran, and are allowed.
  const reporters = Array.isArray(options.reporters) ? (options.reporters as string[]) : [];
  if (options.report !== undefined || reporters.some((r) => r.startsWith('html'))) {
    throw usageError(
      'the HTML report shows a whole run, and a shard holds part of one: merge the shards (nl2sql eval merge SHARD... --save FILE) and write the page from that (nl2sql eval report FILE)',
    );
  }
  return {
    shard: parseShard(text),
    ...(typeof shardCost === 'number' ? { shardMaxCostUsd: shardCost } : {}),
  };
}

/**
 * What a shard run saves with `--save FILE`: the shard's file for `eval merge`, not records;
 * it carries the project's commit (`git`), which the merged records name.
 */
export function shardSave(
  path: string,
  redactor: Redactor,
  git: GitInfo | undefined,
): RunEventListener {
  return shardSaveListener(path, redactor, git);
}

/** The line `eval run --shard --save` ends with. */
export function shardSavedLine(file: string, sharding: ShardRun): string {
  return `saved ${file} (shard ${shardText(sharding.shard)}; merge every shard with \`nl2sql eval merge SHARD... --save FILE\`)`;
}
