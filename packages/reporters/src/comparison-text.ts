import { type RunReport, selectionReportJson } from '@nl2sql/runner';
import { comparisonTable } from '@nl2sql/schema-selection';
import type { EvalSuite } from '@nl2sql/suite';

/** `--methods`: spec 003's comparison table under the board. */
export function comparisonText(report: RunReport, suite: EvalSuite): string {
  const table = comparisonTable(selectionReportJson(report, suite));
  return [
    "spec 003's comparison (boundary states: every case run expects ready)",
    ...table.map((line) => `  ${line}`),
  ].join('\n');
}
