/** Turns a failed row match into the reason a person reads. */
import { rowSample } from './display-value.js';
import type { PreparedTable } from './prepared-table.js';
import type { RowMatchOutcome } from './row-match.js';
import type { Reason } from './verdict.js';

export function rowReason(
  outcome: Exclude<RowMatchOutcome, { ok: true }>,
  gold: PreparedTable,
  result: PreparedTable,
  searchExhausted = false,
): Reason {
  const g = gold.source.rows;
  const r = result.source.rows;
  if (outcome.code === 'order') {
    return {
      code: 'order',
      index: outcome.index,
      gold: rowSample(g, outcome.index, gold.width),
      result: rowSample(r, outcome.index, result.width),
      ...(outcome.tieGroup ? { tieGroup: outcome.tieGroup } : {}),
    };
  }
  return {
    code: 'row_mismatch',
    gold: outcome.goldRow >= 0 ? rowSample(g, outcome.goldRow, gold.width) : null,
    result: outcome.resultRow >= 0 ? rowSample(r, outcome.resultRow, result.width) : null,
    ...(searchExhausted ? { searchExhausted: true } : {}),
  };
}

export function identity(width: number): number[] {
  return Array.from({ length: width }, (_, i) => i);
}
