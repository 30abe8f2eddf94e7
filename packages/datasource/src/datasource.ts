/** A cell as the datasource returns it. Integers beyond ±2^53 come back as `bigint`, exactly. */
export type CellValue = null | number | bigint | string | Buffer;

export interface ExecuteOptions {
  /** Interrupt the statement after this many milliseconds (adapter default: 5000). */
  timeoutMs?: number;
  /** Stop reading after this many rows and mark the result truncated (adapter default: 10,000). */
  maxRows?: number;
  /** Cancels the statement, or its wait for a free connection. */
  signal?: AbortSignal;
}

export interface QueryResult {
  /** Column names in select-list order. */
  columns: string[];
  /** One array per row, cells in the order of `columns`. */
  rows: CellValue[][];
  /** True when the query had more rows than `maxRows` and reading stopped. */
  truncated: boolean;
  /** Time spent on the connection (excludes waiting for a free one), in milliseconds. */
  elapsedMs: number;
}

export interface ColumnSchema {
  name: string;
  /** Declared type as written in the schema (SQLite: may be empty). */
  type?: string;
  nullable?: boolean;
  /** Part of the table's primary key. */
  primaryKey?: boolean;
}

export interface ForeignKeySchema {
  /** Referencing columns of this table, in key order. */
  columns: string[];
  referencedTable: string;
  /** Referenced columns, in key order (resolved to the target's primary key when omitted). */
  referencedColumns: string[];
}

export interface TableSchema {
  name: string;
  /** The schema (SQLite: the attached database name, always `main` here). */
  schema?: string;
  kind?: 'table' | 'view';
  columns: ColumnSchema[];
  /** Primary key columns in key order (empty when the table has none). */
  primaryKey?: string[];
  foreignKeys?: ForeignKeySchema[];
  /** `SELECT count(*)` at introspection time; absent for views or when not asked for. */
  rowCount?: number;
}

export interface DatabaseSchema {
  tables: TableSchema[];
}

export interface IntrospectOptions {
  /** Count the rows of every table (default true). */
  rowCounts?: boolean;
}

/** A read-only database the evaluator may query. */
export interface Datasource {
  /** The engine behind it, e.g. `sqlite`. */
  readonly engine: string;
  /** Run exactly one read-only query. Throws DatasourceError. */
  execute(sql: string, options?: ExecuteOptions): Promise<QueryResult>;
  /**
   * The column names of the one read-only query `sql`, in select-list order, with the query
   * compiled against the database (its tables, columns and functions resolved) but not run:
   * no row is computed, so its cost is the compile. Fails as `execute` would for a statement
   * the database rejects before running it. Optional: a caller without it runs the query.
   */
  columns?(sql: string, options?: Pick<ExecuteOptions, 'timeoutMs' | 'signal'>): Promise<string[]>;
  /** Tables, columns, keys and row counts. */
  introspect(options?: IntrospectOptions): Promise<DatabaseSchema>;
  /** SHA-256 (hex) over the canonical schema; unchanged by re-introspecting an unchanged database. */
  fingerprint(): Promise<string>;
  /** Cancels running statements and closes every connection. */
  close(): Promise<void>;
  /**
   * Access-policy roles with a database login of their own (PostgreSQL: one login role per
   * policy role). Absent or empty when the adapter has one identity for everyone (SQLite).
   */
  readonly roles?: readonly string[];
  /**
   * The same database queried as `role`'s own login, so the database enforces the role's
   * grants. Present when `roles` is; throws a CONNECTION DatasourceError for a role without a
   * login (never falls back to the datasource's own, wider identity).
   */
  forRole?(role: string): Datasource;
}
