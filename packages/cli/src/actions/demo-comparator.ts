import { type ComparatorDemoOptions, comparatorDemo } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/**
 * `nl2sql demo comparator`: @nl2sql/evaluate's comparatorDemo(), the comparator demo on
 * Chinook. Options are described in commands/demo-comparator.ts.
 */
export const runDemoComparator: CommandRun = async ({ flags }, io) =>
  (await comparatorDemo(flagOptions<ComparatorDemoOptions>(flags), io)).exitCode;
