// The model scope resolution works on: what a query reads (its tables and column uses, the
// public Analysis) and the scopes a name is looked up in (sources with their known columns,
// enclosing scopes, select aliases, USING and NATURAL joins).
import type { Catalog, CatalogTable, TableName } from './catalog.js';
import type { SqlDialect } from './dialect.js';
import type { Ident, JsonObject } from './node.js';
import type { Violation } from './verdict.js';

/** A physical table a query reads. */
export interface TableUse {
  name: TableName;
  /** The catalog entry when a schema was given and the table is in it. */
  entry?: CatalogTable;
  node: JsonObject;
}

export type Clause =
  | 'select'
  | 'join'
  | 'where'
  | 'group'
  | 'having'
  | 'order'
  | 'window'
  | 'other';

/** A column reference resolved to the physical table(s) it reads, when that is known. */
export interface ColumnUse {
  column: Ident;
  qualifier?: Ident;
  clause: Clause;
  reads: { table: TableUse; column: string }[];
  /** What the name resolved to: a physical table, a CTE/subquery output, a select alias, or nothing known. */
  target: 'table' | 'derived' | 'alias' | 'unknown';
}

export interface Analysis {
  tables: TableUse[];
  columns: ColumnUse[];
  /** Table nodes that name a CTE in scope (not physical tables). */
  cteRefs: Set<JsonObject>;
  /** FROM items that are not tables or subqueries: generate_series(...), dblink(...), ... */
  tableFunctions: { kind: string; name: string }[];
  /** L2 findings; only meaningful when a catalog was given. */
  violations: Violation[];
}

export type Cols = { open: true } | { open: false; names: Map<string, string> };
export const OPEN: Cols = { open: true };

export interface Source {
  key: string;
  cols: Cols;
  table?: TableUse;
}

export interface Scope {
  sources: Source[];
  parent?: Scope;
  aliases: Set<string>;
  usingCols: Set<string>;
  natural: boolean;
}

export interface CteBinding {
  key: string;
  cols: Cols;
}

export const SQLITE_ROWID = new Set(['rowid', 'oid', '_rowid_']);
export const SET_OPS = new Set(['union', 'intersect', 'except']);

/** What every step of one analysis shares: its findings, its dialect and its catalog. */
export interface AnalysisContext {
  readonly out: Analysis;
  readonly dialect: SqlDialect;
  readonly catalog: Catalog | undefined;
  /** The identifier's key in the dialect (case folded unless quoted). */
  readonly key: (ident: Ident) => string;
  /** The clauses where a select alias may be named (SQLite's are more than the standard's). */
  readonly aliasClauses: ReadonlySet<Clause>;
}
