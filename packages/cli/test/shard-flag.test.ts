import { parseShard, MAX_SHARDS as RUNNER_MAX_SHARDS } from '@nl2sql/runner';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CliError } from '../src/cli-error.js';
import { MAX_SHARDS, shardFlag } from '../src/shard-flag.js';

describe('--shard', () => {
  it('accepts exactly what the runner accepts (the flag is checked before the runner loads)', () => {
    expect(MAX_SHARDS).toBe(RUNNER_MAX_SHARDS);
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .tuple(fc.integer({ min: -2, max: 1005 }), fc.integer({ min: -2, max: 1005 }))
            .map(([i, n]) => `${i}/${n}`),
          fc.string(),
        ),
        (text) => {
          let runner: boolean;
          try {
            parseShard(text);
            runner = true;
          } catch {
            runner = false;
          }
          let cli: boolean;
          try {
            shardFlag(text, '--shard');
            cli = true;
          } catch (error) {
            expect(error).toBeInstanceOf(CliError);
            expect((error as CliError).exitCode).toBe(2);
            cli = false;
          }
          // The runner trims spaces; the command line gets none around a single argument.
          if (text.trim() === text) expect(cli).toBe(runner);
        },
      ),
    );
  });
});
