import {
  type AnyVerdict,
  compareAny,
  displayValue,
  formatReason,
  type Reason,
  type TableLike,
  type TieOrder,
} from '@nl2sql/comparator';
import type { RowDiffView, RowMark } from './report-data.js';
import type { SavedScore } from './saved-run.js';

/**
 * The comparator's explanation of a result_match verdict, laid out for the two tables: the
 * first unmatched gold and result rows (or where the order first differs), and the lenient
 * column mapping. Read from the saved score's detail, which holds the comparator's reasons;
 * null when the run was not compared (or passed strict and lenient alike with no mapping).
 */
export function rowDiffFromScore(score: SavedScore): RowDiffView | null {
  const detail = score.detail;
  const strict = object(detail.strict);
  const lenient = object(detail.lenient);
  if (strict === null && lenient === null) return null;
  const strictReason = reasonOf(strict?.reason);
  const lenientReason = reasonOf(lenient?.reason);
  const mapping = mappingOf(lenient?.mapping);
  const parts: string[] = [];
  parts.push(
    `strict: ${strict?.pass === true ? 'pass' : strictReason ? formatReason(strictReason) : 'fail'}`,
  );
  parts.push(
    `lenient: ${lenient?.pass === true ? 'pass' : lenientReason ? formatReason(lenientReason) : 'fail'}`,
  );
  const gold = num(strict?.matched_gold) ?? num(lenient?.matched_gold) ?? 0;
  return marks(parts.join('; '), gold, mapping, rowLevel(lenientReason) ?? strictReason);
}

/**
 * The same, computed now with @nl2sql/comparator, for a run whose whole result is at hand
 * (re-executed) but whose saved score has no detail. `golds` are the case's rows and then
 * its alternatives, columns numbered as the runner numbers them.
 */
export function rowDiffByComparing(
  golds: readonly TableLike[],
  result: TableLike,
  orderMatters: boolean,
  ties?: TieOrder,
): RowDiffView {
  // As the runner scores it: order up to the first gold's tie groups, where the case has them.
  const opts = { orderMatters, ...(ties ? { ties } : {}) };
  const strict = compareAny(golds, result, { ...opts, score: 'strict' });
  const lenient = strict.pass ? strict : compareAny(golds, result, { ...opts, score: 'lenient' });
  const words = (v: AnyVerdict) => (v.pass ? 'pass' : v.reason ? formatReason(v.reason) : 'fail');
  return marks(
    `strict: ${words(strict)}; lenient: ${words(lenient)}`,
    strict.matchedGold ?? lenient.matchedGold ?? 0,
    lenient.mapping,
    rowLevel(lenient.reason ?? null) ?? strict.reason ?? null,
  );
}

/**
 * Lenient first lines the columns up, so where its rows differ is where the data differs;
 * strict's first unmatched row may only reflect a column order. A lenient reason about
 * rows is shown when there is one, else strict's.
 */
function rowLevel(reason: Reason | null): Reason | null {
  return reason?.code === 'row_mismatch' || reason?.code === 'order' ? reason : null;
}

function marks(
  explanation: string,
  gold: number,
  mapping: readonly number[] | null,
  reason: Reason | null,
): RowDiffView {
  let goldMiss: RowMark | null = null;
  let resultMiss: RowMark | null = null;
  let orderAt: number | null = null;
  if (reason?.code === 'row_mismatch') {
    goldMiss = rowMark(reason.gold);
    resultMiss = rowMark(reason.result);
  } else if (reason?.code === 'order') {
    orderAt = reason.index;
  }
  return { explanation, gold, mapping, goldMiss, resultMiss, orderAt };
}

function rowMark(sample: unknown): RowMark | null {
  const s = object(sample);
  const index = num(s?.index);
  if (s === null || index === null || !Array.isArray(s.values)) return null;
  return { index, values: s.values.map(displayValue) };
}

/** A saved reason, if it is one the comparator's formatter knows. */
function reasonOf(value: unknown): Reason | null {
  const reason = object(value);
  const code = reason?.code;
  switch (code) {
    case 'row_count':
    case 'column_count':
    case 'column_cap':
      return num(reason?.gold) !== null && num(reason?.result) !== null
        ? (reason as unknown as Reason)
        : null;
    case 'unmatched_gold_column':
      return num(reason?.column) !== null ? (reason as unknown as Reason) : null;
    case 'row_mismatch':
      return reason as unknown as Reason;
    case 'order':
      return num(reason?.index) !== null && rowMark(reason?.gold) && rowMark(reason?.result)
        ? (reason as unknown as Reason)
        : null;
    default:
      return null;
  }
}

function mappingOf(value: unknown): number[] | null {
  return Array.isArray(value) && value.every((v) => Number.isInteger(v) && v >= 0)
    ? (value as number[])
    : null;
}

function object(value: unknown): Readonly<Record<string, unknown>> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
