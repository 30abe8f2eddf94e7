// Reference-SQL result match: does the case's gold query still return the gold rows when the
// database holds only what the selection chose? It is run only for a `ready` selection that
// covers every required element; the caller runs it (this package does no I/O) against a
// database restricted to the selection (restricted-copy.ts builds one for SQLite), so a
// column the required elements forgot shows up as a failure rather than a silent pass.

import {
  compareStrict,
  formatVerdict,
  hasTopLevelOrderBy,
  type TableLike,
} from '@nl2sql/comparator';
import type { Coverage } from './coverage.js';
import type { SchemaSelection } from './selection.js';

export type ReferenceQueryStatus =
  /** The restricted run returned the gold rows. */
  | 'matched'
  /** It ran and returned other rows. */
  | 'mismatched'
  /** It could not run on the restricted database (e.g. a column the selection lacks). */
  | 'failed'
  /** Not run: a required element is missing, so it cannot be right. */
  | 'not_run_incomplete_context'
  /** Not run: the selection is not ready (the planner would be stopped, not given SQL). */
  | 'not_run_boundary_state';

export interface ReferenceQuery {
  readonly sql: string;
  /** The gold result. */
  readonly expected: TableLike;
  /** Compare row order (default: when the SQL ends in ORDER BY). */
  readonly orderMatters?: boolean;
}

export interface ReferenceQueryOutcome {
  readonly status: ReferenceQueryStatus;
  readonly expectedRows: readonly (readonly unknown[])[];
  readonly actualRows?: readonly (readonly unknown[])[];
  /** `failed`: the error's message. `mismatched`: the comparator's explanation. */
  readonly detail?: string;
}

/** Runs SQL on a database holding only `selection`'s tables and columns. */
export type RestrictedRunner = (sql: string, selection: SchemaSelection) => Promise<TableLike>;

/** Runs the reference query restricted to the selection, when it can be right, and scores it. */
export async function referenceQueryOutcome(
  reference: ReferenceQuery,
  selection: SchemaSelection,
  covered: Coverage,
  run: RestrictedRunner,
): Promise<ReferenceQueryOutcome> {
  const expectedRows = reference.expected.rows;
  if (selection.status !== 'ready') return { status: 'not_run_boundary_state', expectedRows };
  if (!covered.complete) return { status: 'not_run_incomplete_context', expectedRows };
  let actual: TableLike;
  try {
    actual = await run(reference.sql, selection);
  } catch (error) {
    return {
      status: 'failed',
      expectedRows,
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  const verdict = compareStrict(reference.expected, actual, {
    orderMatters: reference.orderMatters ?? hasTopLevelOrderBy(reference.sql),
  });
  return verdict.pass
    ? { status: 'matched', expectedRows, actualRows: actual.rows }
    : {
        status: 'mismatched',
        expectedRows,
        actualRows: actual.rows,
        detail: formatVerdict(verdict),
      };
}
