/** The verdict of a column-assignment search, shared by the scores that search (lenient, spider). */
import type { AssignmentOutcome } from './column-assignment.js';
import { rowReason } from './explanation.js';
import type { PreparedTable } from './prepared-table.js';
import type { Score, Verdict } from './verdict.js';

export function assignmentVerdict(
  score: Score,
  found: AssignmentOutcome,
  gold: PreparedTable,
  result: PreparedTable,
): Verdict {
  if (found.ok) return { score, pass: true, emptyMatch: false, mapping: found.mapping };
  if (found.code === 'unmatched_gold_column') {
    return {
      score,
      pass: false,
      emptyMatch: false,
      mapping: null,
      reason: {
        code: 'unmatched_gold_column',
        column: found.column,
        name: gold.names[found.column] ?? `column ${found.column + 1}`,
        detail: found.detail,
      },
    };
  }
  return {
    score,
    pass: false,
    emptyMatch: false,
    mapping: found.mapping,
    reason: rowReason(found.outcome, gold, result, found.exhausted),
  };
}
