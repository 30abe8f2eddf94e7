// Spec 003's schema-selection figures as columns of the benchmarks page's retrieval table.
// Records of mode retrieval carry them since the selection was scored (older records lack
// the fields; a run that scored none has them null). A table shows the columns when some
// record of its series has the figures, and a dash where one does not, so a series made
// only of older records reads as it always did.

import { DASH, percent, rateCell } from './cells.js';
import type { RetrievalMetrics } from './record.js';

type Retrieval = RetrievalMetrics['retrieval'];

/** The figures, in the order of spec 003's summary: header and cell of each. */
const COLUMNS: ReadonlyArray<readonly [string, (r: Retrieval) => string]> = [
  ['Joins recall', (r) => shareCell(r.relationships_recall)],
  ['Element recall', (r) => shareCell(r.element_recall)],
  ['Complete strategy', (r) => rateCell(r.complete ?? null)],
  ['Reference SQL match', (r) => rateCell(r.reference_matches ?? null)],
  ['State as expected', (r) => rateCell(r.boundary_as_expected ?? null)],
];

const shareCell = (share: number | null | undefined): string =>
  share === null || share === undefined ? DASH : percent(share);

/** Whether a record scored the selection figures (any of them not absent or null). */
function scoredSelection(r: Retrieval): boolean {
  return [
    r.relationships_recall,
    r.element_recall,
    r.complete,
    r.reference_matches,
    r.boundary_as_expected,
  ].some((figure) => figure !== undefined && figure !== null);
}

/** The selection columns' headers, or none when no record of the series scored them. */
export function selectionHeaders(series: readonly Retrieval[]): string[] {
  return series.some(scoredSelection) ? COLUMNS.map(([header]) => header) : [];
}

/** One record's selection cells, matching `selectionHeaders` of its series. */
export function selectionCells(r: Retrieval, headers: readonly string[]): string[] {
  return headers.length === 0 ? [] : COLUMNS.map(([, cell]) => cell(r));
}
