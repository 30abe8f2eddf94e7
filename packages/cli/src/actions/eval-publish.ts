import { type PublishOptions, publishRuns } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/** `nl2sql eval publish [REPORT...]`: evaluate's publishRuns() behind the flags (see commands/eval-publish.ts). */
export const runEvalPublish: CommandRun = async ({ flags, positionals }, io) =>
  (await publishRuns({ ...flagOptions<PublishOptions>(flags), reports: positionals }, io)).exitCode;
