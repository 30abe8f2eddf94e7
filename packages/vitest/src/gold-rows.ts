import { type CompareOptions, compareAny, formatVerdict, type TableLike } from '@nl2sql/comparator';
import { describeValue, isTableLike, shapeHint } from './table-shape.js';

/** Options of `toMatchGoldRows`: the comparator's, and which score to apply. */
export interface GoldRowsOptions extends CompareOptions {
  /**
   * The lenient score (swapped columns, an extra key column, a year written as a date)
   * instead of strict. Lenient accepts everything strict does. Default false.
   */
  readonly lenient?: boolean;
  /** Other rows that also count as right (a case's `alt_rows`), tried after the gold. */
  readonly alternatives?: readonly TableLike[];
}

/** What a matcher hands back to vitest. */
export interface MatcherOutcome {
  readonly pass: boolean;
  readonly message: () => string;
}

/**
 * The comparison behind `expect(result).toMatchGoldRows(gold, options)`, written against
 * no vitest API so it can be tested and reused as is. The message is the comparator's own
 * explanation (`formatVerdict`): for a failure, why the rows differ; for a `.not` that
 * failed, what matched.
 */
export function matchGoldRows(
  received: unknown,
  gold: unknown,
  options: GoldRowsOptions = {},
): MatcherOutcome {
  // A malformed gold is the test's own bug: refuse it, whatever `.not` says.
  if (!isTableLike(gold)) {
    throw new TypeError(
      `toMatchGoldRows: the gold must be { columns: string[], rows: unknown[][] }; got ${describeValue(gold)}`,
    );
  }
  for (const [i, alternative] of (options.alternatives ?? []).entries()) {
    if (!isTableLike(alternative)) {
      throw new TypeError(
        `toMatchGoldRows: alternative ${i + 1} must be { columns: string[], rows: unknown[][] }; got ${describeValue(alternative)}`,
      );
    }
  }
  // Not a result set: no comparison happened, so neither the matcher nor its negation passes.
  if (!isTableLike(received)) {
    throw new TypeError(
      `toMatchGoldRows: expected a result set { columns: string[], rows: unknown[][] }; got ${describeValue(received)}${shapeHint(received)}`,
    );
  }
  const { lenient, alternatives, ...compare } = options;
  const verdict = compareAny([gold, ...(alternatives ?? [])], received, {
    ...compare,
    score: lenient ? 'lenient' : 'strict',
  });
  const line = formatVerdict(verdict);
  if (verdict.pass) {
    return {
      pass: true,
      message: () => `expected the rows not to match the gold rows, but they do: ${line}`,
    };
  }
  const tried =
    verdict.attempts.length > 1
      ? `\n${verdict.attempts
          .slice(1)
          .map((attempt, i) => `  alternative ${i + 1}: ${formatVerdict(attempt)}`)
          .join('\n')}`
      : '';
  return {
    pass: false,
    message: () => `expected the rows to match the gold rows: ${line}${tried}`,
  };
}
