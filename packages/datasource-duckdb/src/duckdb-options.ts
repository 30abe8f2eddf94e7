export interface DuckdbOptions {
  /** Connections for concurrent queries (default 4). */
  poolSize?: number;
  /** Default per-query timeout in milliseconds (default 5000); the query is interrupted past it. */
  timeoutMs?: number;
  /** Default row cap (default 10,000). */
  maxRows?: number;
  /** Longest string or blob one cell may hold, in bytes (default 4 MiB); more is VALUE_TOO_LARGE. */
  maxValueBytes?: number;
  /** Most bytes of rows one execute() hands back (default 32 MiB); more is RESULT_TOO_LARGE. */
  maxResultBytes?: number;
  /** DuckDB's memory_limit (default `1GB`); past it a query fails instead of spilling to disk. */
  memoryLimit?: string;
  /** DuckDB's worker threads (default: DuckDB's, one per core). */
  threads?: number;
  /**
   * Access-policy roles the project names. Recorded as `unenforcedRoles`: DuckDB has no logins,
   * so the database cannot hold a role to its tables (the static and scope checks do).
   */
  roles?: readonly string[];
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_ROWS = 10_000;
export const DEFAULT_POOL_SIZE = 4;
export const DEFAULT_MAX_VALUE_BYTES = 4 * 1024 * 1024;
export const DEFAULT_MAX_RESULT_BYTES = 32 * 1024 * 1024;
export const DEFAULT_MEMORY_LIMIT = '1GB';
/** The longest statement (UTF-8 bytes) execute() accepts, as the SQLite adapter. */
export const MAX_STATEMENT_BYTES = 100_000;
