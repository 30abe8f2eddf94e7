/** What went wrong, for callers that branch on it. */
export type EfficiencyErrorCode =
  /** An option out of range (repeats, warm-up runs, the outlier bound, the row threshold). */
  | 'invalid_option'
  /** The SQL given to a plan is not exactly one read-only query. */
  | 'not_a_query'
  /** The SQL is longer than the datasource accepts (MAX_STATEMENT_BYTES): compiling it could stall. */
  | 'statement_too_long'
  /** The database could not plan the query (its message is kept). */
  | 'explain_failed'
  /** A plan from an engine this package does not read. */
  | 'unsupported_engine';

/** A typed failure of this package: the caller's input or the database, never a score. */
export class EfficiencyError extends Error {
  constructor(
    readonly code: EfficiencyErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EfficiencyError';
  }
}
