import { type ReportPageOptions, writeReportPage } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/** `nl2sql eval report SAVED... [--out FILE]`: evaluate's writeReportPage() behind the flags (see commands/eval-report.ts). */
export const runEvalReport: CommandRun = async ({ flags, positionals }, io) =>
  (await writeReportPage({ ...flagOptions<ReportPageOptions>(flags), saved: positionals }, io))
    .exitCode;
