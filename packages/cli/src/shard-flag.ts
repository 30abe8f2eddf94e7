// `--shard i/n`, checked when the command line is read, before the suite is loaded: the
// runner's `parseShard` holds the same rule (a test keeps the two in step); this copy keeps
// `--help` and usage errors from loading the runner.

import { usageError } from './cli-error.js';
import type { FlagParser } from './command.js';

/** The most shards a run may be split into (the runner's MAX_SHARDS). */
export const MAX_SHARDS = 1000;

export const shardFlag: FlagParser = (text, flag) => {
  const match = /^([0-9]+)\/([0-9]+)$/.exec(text);
  const shown = JSON.stringify(text);
  if (match === null) {
    throw usageError(`${flag} is written i/n (e.g. 2/3: the second of three), got ${shown}`);
  }
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) {
    throw usageError(`${flag}: a run is split into 1 to ${MAX_SHARDS} shards, got ${shown}`);
  }
  if (index < 1 || index > count) {
    throw usageError(`${flag}: the shard index runs from 1 to ${count}, got ${shown}`);
  }
  return text;
};
