// How the rows a case run was scored on were obtained, for an engine outside this project:
// the harness ran the answer's SQL itself (executed), or the run trusts the rows the engine
// reported (trusted, opted into per engine); or why the answer could not be scored on rows
// the harness read. The reference engine runs in-process on the harness's own executor, so
// its case runs carry none.

import type { RowsCheckOutcome } from '@nl2sql/records';

export type { RowsCheckOutcome };

export interface RowsCheck {
  readonly outcome: RowsCheckOutcome;
  /** Why, in words: the finding, the first differing row, the database's error. Null when executed. */
  readonly message: string | null;
}

/** The error code a failed check puts in the scored answer (scorers and boards read codes). */
export const ROWS_CHECK_CODES: Readonly<
  Record<Exclude<RowsCheckOutcome, 'executed' | 'trusted'>, string>
> = {
  'rows-mismatch': 'ROWS_MISMATCH',
  'no-sql': 'NO_SQL',
  'unsafe-sql': 'UNSAFE_SQL',
  'execution-error': 'EXECUTION_ERROR',
};

/** True when the answer may be scored on its rows (executed or trusted). */
export function rowsCheckPassed(check: RowsCheck | null | undefined): boolean {
  if (check === null || check === undefined) return true;
  return check.outcome === 'executed' || check.outcome === 'trusted';
}
