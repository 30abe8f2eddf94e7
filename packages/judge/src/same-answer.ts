// "The same answer" as the evaluation scores it, for checking labels by execution: the same
// number of columns, matched up to order (names ignored), the same rows as a multiset (a list
// when order matters), numbers within the comparator's tolerance. Lenient comparison at equal
// width is exactly that: it searches the column assignment and allows no extra column.
import { compareLenient, formatVerdict, type TableLike } from '@nl2sql/comparator';

export interface SameAnswer {
  same: boolean;
  /** Why not, in one line (the comparator's explanation). */
  detail?: string;
}

export function sameAnswer(
  gold: TableLike,
  candidate: TableLike,
  orderMatters: boolean,
): SameAnswer {
  if (gold.columns.length !== candidate.columns.length) {
    return {
      same: false,
      detail: `gold has ${gold.columns.length} columns, candidate ${candidate.columns.length}`,
    };
  }
  const verdict = compareLenient(gold, candidate, { orderMatters });
  return verdict.pass ? { same: true } : { same: false, detail: formatVerdict(verdict) };
}
