// Spec 003's comparison table: one row per method of a report.json, the five figures 003
// prints (mean necessary-column recall, mean candidate columns, complete strategy, reference
// SQL match, boundary states as expected), as aligned plain text. One formatter, so the CLI
// and the bench that reproduces 003's table print the same cells the same way.

import { type SelectionReport, summaryCells } from './selection-report.js';

/** The table's headings, in 003's column order (its headings in English). */
export const COMPARISON_HEADINGS = [
  'method',
  'mean necessary-column recall',
  'mean candidate columns',
  'complete strategy',
  'reference SQL match',
  'boundary states as expected',
] as const;

/** The table's cells: the headings, then one row per method in the report's order. */
export function comparisonRows(report: SelectionReport): string[][] {
  const rows = report.methods.map((m) => {
    const cells = summaryCells(m.summary);
    return [
      m.method,
      cells.required_column_recall,
      cells.candidate_columns,
      cells.complete,
      cells.reference_matches,
      cells.boundary_as_expected,
    ];
  });
  return [[...COMPARISON_HEADINGS], ...rows];
}

/**
 * The table as text lines: the method left-aligned, the figures right-aligned under their
 * headings, two spaces between columns, no trailing blanks.
 */
export function comparisonTable(report: SelectionReport): string[] {
  const rows = comparisonRows(report);
  const widths = COMPARISON_HEADINGS.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
}
