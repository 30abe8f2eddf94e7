// How an engine outside this project had its case runs' rows obtained, as records write it.
// The harness runs an external engine's SQL itself and scores those rows (`executed`);
// a run that opted in scores the rows the engine reported (`trusted`: the engine's word).
// A case run's check can also fail before scoring, for the reasons named here.

/** A run's rows: read by the harness from the engine's SQL, or the engine's word. */
export const ROWS_SOURCES = ['executed', 'trusted'] as const;
export type RowsSource = (typeof ROWS_SOURCES)[number];

/** What the harness's check of one external engine's answer ended in. */
export const ROWS_CHECK_OUTCOMES = [
  /** The harness ran the SQL as the role on the case's datasource; rows reported (if any) agreed. */
  'executed',
  /** The run trusts this engine's reported rows (trust_reported_rows): they are its word. */
  'trusted',
  /** The rows the engine reported differ from what its SQL returns on the pinned database. */
  'rows-mismatch',
  /** A success answer without SQL: nothing the harness could run. */
  'no-sql',
  /** The SQL failed the static safety check (L3): it was not run. */
  'unsafe-sql',
  /** The database refused or failed the SQL when the harness ran it. */
  'execution-error',
] as const;
export type RowsCheckOutcome = (typeof ROWS_CHECK_OUTCOMES)[number];
