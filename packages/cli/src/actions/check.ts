import { type CheckSqlOptions, checkSql } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/** `nl2sql check SQL`: @nl2sql/evaluate's checkSql(); options are described in commands/check.ts. */
export const runCheck: CommandRun = async ({ flags, positionals }, io) =>
  (await checkSql({ ...flagOptions<CheckSqlOptions>(flags), sql: positionals[0] ?? '' }, io))
    .exitCode;
