import { type GateRunsOptions, gateRuns } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/** `nl2sql eval gate REPORT...`: evaluate's gateRuns() behind the flags (see commands/eval-gate.ts). */
export const runEvalGate: CommandRun = async ({ flags, positionals }, io) =>
  (await gateRuns({ ...flagOptions<GateRunsOptions>(flags), reports: positionals }, io)).exitCode;
