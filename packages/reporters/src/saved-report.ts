import type { Redactor } from '@nl2sql/llm';
import type { RunRecord } from '@nl2sql/records';
import { type RunReport, type RunReportJson, runReportJson } from '@nl2sql/runner';

/** What `eval run --save FILE` writes and `eval publish FILE` reads. */
export interface SavedReport {
  readonly format: 'nl2sql-eval-report';
  readonly version: 1;
  /** The run's report in its written form (runReportJson). */
  readonly report: RunReportJson;
  /** One format 2 record per config, made when the run finished. */
  readonly records: readonly RunRecord[];
}

/**
 * The saved report of a run in memory: what `--report` renders (the file `--save` writes is
 * the same JSON, streamed). Every string in it (a note, an error an engine echoed) is passed
 * through `redactor`.
 */
export function savedReport(
  report: RunReport,
  records: readonly RunRecord[],
  redactor?: Redactor,
): SavedReport {
  const plain: SavedReport = {
    format: 'nl2sql-eval-report',
    version: 1,
    report: runReportJson(report),
    records,
  };
  return redactor ? redactor.redactValue(plain) : plain;
}
