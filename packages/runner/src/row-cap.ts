// The run's row cap: one setting for the engine and for the static checks of its SQL. The
// reference engine reads at most `maxRows` rows, and its generator gives a plan without a
// LIMIT `LIMIT maxRows + 1` (the extra row tells a capped result from a complete one), so
// the sql_checks scorer must accept exactly that LIMIT: checked against sqlcheck's default
// of 1000 while the engine wrote 1001, every uncapped query read as an L3 finding.

/** The reference engine's default row cap. */
export const DEFAULT_MAX_ROWS = 1000;

/** The largest LIMIT an engine under a row cap of `maxRows` writes: the cap and one probe row. */
export function rowCapLimit(maxRows: number): number {
  return maxRows + 1;
}
