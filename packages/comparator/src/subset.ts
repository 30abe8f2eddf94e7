/**
 * Defog sql-eval's fallback (eval/eval.py, subset_df), reproduced with its greedy
 * first fit: each gold column, in order, takes the first remaining result column whose
 * sorted values equal its own (pandas assert_series_equal: names and dtypes ignored,
 * rtol 1e-5, atol 1e-8); then the chosen columns, de-duplicated like normalize_table,
 * must hold the same rows (as a set, or in order when order matters). An empty gold
 * passes only against an empty result (Defog's exact compare_df runs first).
 */

import { cellsEqual } from './cell-equality.js';
import { rowSample } from './display-value.js';
import { identity } from './explanation.js';
import type { PreparedTable } from './prepared-table.js';
import { matchRows } from './row-match.js';
import { compareRowSets, firstOccurrences } from './row-set.js';
import { PANDAS_RULES } from './value-rules.js';
import type { Verdict } from './verdict.js';

export function subsetVerdict(
  gold: PreparedTable,
  result: PreparedTable,
  orderMatters: boolean,
): Verdict {
  const score = 'subset';
  const rules = PANDAS_RULES;
  if (gold.height === 0 && result.height === 0) {
    return { score, pass: true, emptyMatch: true, mapping: identity(gold.width) };
  }
  if (gold.height !== result.height) {
    const reason = { code: 'row_count', gold: gold.height, result: result.height } as const;
    return { score, pass: false, emptyMatch: false, mapping: null, reason };
  }
  const taken = new Uint8Array(result.width);
  const mapping: number[] = [];
  for (let i = 0; i < gold.width; i++) {
    let pick = -1;
    for (let j = 0; j < result.width && pick === -1; j++) {
      if (taken[j]) continue;
      if (matchRows({ gold, result, goldCols: [i], resultCols: [j], rules }, false).ok) pick = j;
    }
    if (pick === -1) {
      return {
        score,
        pass: false,
        emptyMatch: false,
        mapping: null,
        reason: {
          code: 'unmatched_gold_column',
          column: i,
          name: gold.names[i] ?? `column ${i + 1}`,
          detail: 'no remaining result column holds the same sorted values (first fit, as Defog)',
        },
      };
    }
    taken[pick] = 1;
    mapping.push(pick);
  }
  const goldCols = identity(gold.width);
  const fail = (g: number, r: number): Verdict => ({
    score,
    pass: false,
    emptyMatch: false,
    mapping,
    reason: {
      code: 'row_mismatch',
      gold: g >= 0 ? rowSample(gold.source.rows, g, gold.width) : null,
      result: r >= 0 ? rowSample(result.source.rows, r, result.width) : null,
    },
  });
  if (!orderMatters) {
    const sets = compareRowSets({ gold, result, goldCols, resultCols: mapping, rules });
    return sets.ok
      ? { score, pass: true, emptyMatch: false, mapping }
      : fail(sets.goldRow, sets.resultRow);
  }
  const gc = goldCols.map((c) => gold.cols[c]!);
  const rc = mapping.map((c) => result.cols[c]!);
  const gRows = firstOccurrences(gc, gold.height, rules);
  const rRows = firstOccurrences(rc, result.height, rules);
  const n = Math.max(gRows.length, rRows.length);
  for (let t = 0; t < n; t++) {
    const gi = gRows[t] ?? -1;
    const ri = rRows[t] ?? -1;
    if (gi === -1 || ri === -1) return fail(gi, ri);
    for (let k = 0; k < gc.length; k++) {
      if (!cellsEqual(gc[k]!, gi, rc[k]!, ri, rules)) return fail(gi, ri);
    }
  }
  return { score, pass: true, emptyMatch: false, mapping };
}
