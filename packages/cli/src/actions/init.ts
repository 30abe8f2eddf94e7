import { type InitProjectOptions, initProject } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/** `nl2sql init`: @nl2sql/evaluate's initProject(); options are described in commands/init.ts. */
export const runInit: CommandRun = async ({ flags }, io) =>
  (await initProject(flagOptions<InitProjectOptions>(flags), io)).exitCode;
