/**
 * BIRD mini-dev's Soft-F1 (evaluation_f1.py, calculate_f1_score), a partial-credit score in
 * [0, 1] beside execution accuracy. Re-implemented from its definition, term for term:
 *
 * - both results empty: 1; otherwise each side's duplicate rows are dropped, keeping first
 *   occurrences in their order (Python's `dict.fromkeys`);
 * - rows are paired BY POSITION after that (gold row i with result row i): row order counts,
 *   so a correct result in another order scores low (decisions/soft-f1.md);
 * - within a pair, a result cell counts as matched when its value occurs anywhere in the gold
 *   row (column order ignored, repeated values each count); a gold cell not in the result row
 *   counts as missing; each count is divided by the gold row's width;
 * - an unpaired gold row adds 1 to the missing total, an unpaired result row 1 to the extra;
 * - precision = matched / (matched + extra), recall = matched / (matched + missing), F1 their
 *   harmonic mean (0 when both are 0).
 *
 * Values compare by Python equality (exact numbers, 1 == 1.0 == True, '1' != 1), as the
 * script's `in` and `set` do. Sums run in the script's order so the floats agree bit for bit.
 */

import { cellsEqual } from './cell-equality.js';
import type { PreparedColumn } from './prepared-table.js';
import { prepareTable } from './prepared-table.js';
import { firstOccurrences } from './row-set.js';
import type { TableLike } from './table.js';
import { PYTHON_RULES } from './value-rules.js';

/** BIRD's Soft-F1 of a result against the gold (order of arguments as in the score's name). */
export function softF1(gold: TableLike, result: TableLike): number {
  const g = prepareTable(gold);
  const r = prepareTable(result);
  if (g.height === 0 && r.height === 0) return 1;
  // A gold row of width 0 makes the script divide by zero when it is paired; its error path
  // scores 0. Unpaired, such rows only add to the missing total: 0 as well.
  if (g.height > 0 && g.width === 0) return 0;
  const goldRows = firstOccurrences(g.cols, g.height, PYTHON_RULES);
  const resultRows = firstOccurrences(r.cols, r.height, PYTHON_RULES);

  const paired = Math.min(goldRows.length, resultRows.length);
  const match: number[] = [];
  const extra: number[] = [];
  const missing: number[] = [];
  for (let i = 0; i < goldRows.length; i++) {
    if (i >= resultRows.length) {
      match.push(0);
      missing.push(1);
      continue;
    }
    const counts = rowCounts(g.cols, goldRows[i]!, r.cols, resultRows[i]!);
    match.push(counts.matched / g.width);
    extra.push(counts.extra / g.width);
    missing.push(counts.missing / g.width);
  }
  for (let i = paired; i < resultRows.length; i++) {
    match.push(0);
    extra.push(1);
    missing.push(0);
  }
  const tp = sum(match);
  const fp = sum(extra);
  const fn = sum(missing);
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** Left-to-right sum from 0, as Python's `sum` adds. */
function sum(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}

/** Membership counts of one pair of rows: result cells in the gold row, and the reverse. */
function rowCounts(
  gold: readonly PreparedColumn[],
  gi: number,
  result: readonly PreparedColumn[],
  ri: number,
): { matched: number; extra: number; missing: number } {
  let matched = 0;
  let extra = 0;
  for (const rc of result) {
    if (gold.some((gc) => cellsEqual(gc, gi, rc, ri, PYTHON_RULES))) matched++;
    else extra++;
  }
  let missing = 0;
  for (const gc of gold) {
    if (!result.some((rc) => cellsEqual(gc, gi, rc, ri, PYTHON_RULES))) missing++;
  }
  return { matched, extra, missing };
}
