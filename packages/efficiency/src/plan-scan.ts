/** One table access in a query plan. */
export interface PlanScan {
  /** The physical table, when the plan's label names one (SQLite labels by alias). */
  table: string | null;
  /** The name the plan used for it (an alias, or the table's own name). */
  label: string;
  /** The plan's words for this step (`SCAN t`, `Seq Scan on "Track" t`). */
  detail: string;
  /** Reads every row of the table, with no index (SQLite `SCAN x`, PostgreSQL `Seq Scan`). */
  fullScan: boolean;
  /** Reads every entry of the table or of an index (a full scan, or a scan of a whole index). */
  wholeScan: boolean;
  /** Inside a correlated subquery: repeated for every row of the outer query. */
  correlated: boolean;
  /** The table's row count at introspection, when known. */
  rows: number | null;
  /**
   * What the board flags, on a table with more rows than the threshold: a full scan, or a
   * whole-index scan repeated per outer row (inside a correlated subquery).
   */
  flagged: boolean;
}

/** Row counts by table name, and the threshold above which a full scan is flagged. */
export interface TableSizes {
  rowsOf(table: string): number | null;
  largeTableRows: number;
}

/** The flag rule shared by both engines. */
export function isFlagged(
  scan: Pick<PlanScan, 'fullScan' | 'wholeScan' | 'correlated' | 'rows'>,
  largeTableRows: number,
): boolean {
  const large = scan.rows !== null && scan.rows > largeTableRows;
  return large && (scan.fullScan || (scan.correlated && scan.wholeScan));
}
