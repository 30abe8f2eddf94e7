/**
 * Spider's test-suite execution match (taoyds/test-suite-sql-eval, exec_eval.py,
 * result_eq): both empty passes; otherwise equal row and column counts, and some
 * permutation of the result's columns makes the rows equal as a multiset, or as a sequence
 * when the gold query orders its result. Values compare by Python equality (exact).
 */
import { assignmentVerdict } from './assignment-verdict.js';
import { DEFAULT_MAX_LEAVES, searchAssignment } from './column-assignment.js';
import { identity } from './explanation.js';
import type { PreparedTable } from './prepared-table.js';
import { PYTHON_RULES } from './value-rules.js';
import type { Verdict } from './verdict.js';

export function spiderVerdict(
  gold: PreparedTable,
  result: PreparedTable,
  orderMatters: boolean,
): Verdict {
  const score = 'spider';
  if (gold.height === 0 && result.height === 0) {
    return { score, pass: true, emptyMatch: true, mapping: identity(gold.width) };
  }
  if (gold.height !== result.height) {
    const reason = { code: 'row_count', gold: gold.height, result: result.height } as const;
    return { score, pass: false, emptyMatch: false, mapping: null, reason };
  }
  if (gold.width !== result.width) {
    const reason = { code: 'column_count', gold: gold.width, result: result.width } as const;
    return { score, pass: false, emptyMatch: false, mapping: null, reason };
  }
  const found = searchAssignment({
    gold,
    result,
    rules: PYTHON_RULES,
    orderMatters,
    excludeConstant: false,
    maxLeaves: DEFAULT_MAX_LEAVES,
  });
  return assignmentVerdict(score, found, gold, result);
}
