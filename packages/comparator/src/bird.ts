/**
 * BIRD's execution accuracy (evaluation.py, calculate_ex): `set(predicted_res) ==
 * set(ground_truth_res)` over fetched tuples. Duplicates and row order are ignored, column
 * order counts, values compare by Python equality (exact; 1 == 1.0 == True; '1' != 1).
 */

import { rowSample } from './display-value.js';
import { identity } from './explanation.js';
import type { PreparedTable } from './prepared-table.js';
import { compareRowSets } from './row-set.js';
import { PYTHON_RULES } from './value-rules.js';
import type { Verdict } from './verdict.js';

export function birdVerdict(gold: PreparedTable, result: PreparedTable): Verdict {
  const score = 'bird';
  if (gold.height === 0 && result.height === 0) {
    return { score, pass: true, emptyMatch: true, mapping: identity(gold.width) };
  }
  // An empty set equals no non-empty one: decided by the sizes alone, whatever the widths
  // (comparing rows of tables of different widths would read columns that do not exist).
  if ((gold.height === 0) !== (result.height === 0)) {
    const reason = { code: 'row_count', gold: gold.height, result: result.height } as const;
    return { score, pass: false, emptyMatch: false, mapping: null, reason };
  }
  // Tuples of different lengths are never equal, so a width difference fails any non-empty set.
  if (gold.height > 0 && result.height > 0 && gold.width !== result.width) {
    const reason = { code: 'column_count', gold: gold.width, result: result.width } as const;
    return { score, pass: false, emptyMatch: false, mapping: null, reason };
  }
  const mapping = identity(gold.width);
  const sets = compareRowSets({
    gold,
    result,
    goldCols: mapping,
    resultCols: mapping,
    rules: PYTHON_RULES,
  });
  if (sets.ok) return { score, pass: true, emptyMatch: false, mapping };
  return {
    score,
    pass: false,
    emptyMatch: false,
    mapping,
    reason: {
      code: 'row_mismatch',
      gold: sets.goldRow >= 0 ? rowSample(gold.source.rows, sets.goldRow, gold.width) : null,
      result:
        sets.resultRow >= 0 ? rowSample(result.source.rows, sets.resultRow, result.width) : null,
    },
  };
}
