import { createHash } from 'node:crypto';
import { RunnerError } from './runner-error.js';

/**
 * One part of a run split over machines (`nl2sql eval run --shard i/n`): part `index` of
 * `count`, counted from 1 as CI matrices and test runners (`vitest --shard 1/3`) count.
 */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** The most shards a run may be split into: far beyond any CI matrix (GitHub allows 256 jobs). */
export const MAX_SHARDS = 1000;

/** `i/n` as a shard: two plain integers, 1 <= i <= n <= MAX_SHARDS; else INVALID_OPTIONS. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (match === null) {
    throw new RunnerError(
      'INVALID_OPTIONS',
      `a shard is written i/n (e.g. 2/3: the second of three), got ${JSON.stringify(text)}`,
    );
  }
  return checkShard({ index: Number(match[1]), count: Number(match[2]) });
}

/** A shard whose numbers are in range, or INVALID_OPTIONS saying which is not. */
export function checkShard(shard: Shard): Shard {
  const { index, count } = shard;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SHARDS) {
    throw new RunnerError(
      'INVALID_OPTIONS',
      `a run is split into 1 to ${MAX_SHARDS} shards, got ${count}`,
    );
  }
  if (!Number.isInteger(index) || index < 1 || index > count) {
    throw new RunnerError(
      'INVALID_OPTIONS',
      `shard ${index}/${count}: the index runs from 1 to ${count}`,
    );
  }
  return { index, count };
}

/** `i/n`, as the flag takes it and messages print it. */
export function shardText(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/**
 * The shard (1..count) a case belongs to: SHA-256 of its id (UTF-8) read as a number, mod
 * count, plus one. It depends on nothing but the id and the count, so every CI job computes
 * the same partition without talking to the others, whatever cases a selection keeps or in
 * what order the suite lists them; and every role, pass and config of a case lands in one
 * shard, which pass^k and determinism need (decisions/runner-shards-and-merge.md).
 */
export function shardOfCase(caseId: string, count: number): number {
  const digest = createHash('sha256').update(caseId, 'utf8').digest();
  // The whole digest mod count, computed 32 bits at a time (Horner's rule): exact for any
  // count up to MAX_SHARDS without a BigInt per case.
  let rest = 0;
  for (let i = 0; i < digest.length; i += 4) {
    rest = (rest * 2 ** 32 + digest.readUInt32BE(i)) % count;
  }
  return rest + 1;
}
