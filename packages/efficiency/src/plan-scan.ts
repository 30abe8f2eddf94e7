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
  /** The table's row count at introspection, when known. */
  rows: number | null;
  /** A full scan of a table with more rows than the threshold: what the board flags. */
  flagged: boolean;
}

/** Row counts by table name, and the threshold above which a full scan is flagged. */
export interface TableSizes {
  rowsOf(table: string): number | null;
  largeTableRows: number;
}
