import { type StartDatabaseOptions, serveDatabase } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/**
 * `nl2sql db up DATASET`: @nl2sql/evaluate's serveDatabase(), which serves the server until
 * Ctrl-C or SIGTERM (DuckDB: writes the file). Options are described in commands/db-up.ts.
 */
export const runDbUp: CommandRun = async ({ flags, positionals }, io) =>
  (
    await serveDatabase(
      { ...flagOptions<StartDatabaseOptions>(flags), dataset: positionals[0] ?? '' },
      io,
    )
  ).exitCode;
