import { EfficiencyError } from './efficiency-error.js';

// What a query plan is read from. The datasource refuses EXPLAIN (its gate runs queries only),
// so this package brings its own explainers: a separate read-only SQLite handle, and any
// PostgreSQL client. Their shape is the `explain()` method proposed for `Datasource`; once
// the datasource has it, a datasource is an Explainer as is.

/** One row of SQLite's EXPLAIN QUERY PLAN. */
export interface SqlitePlanRow {
  id: number;
  parent: number;
  detail: string;
}

/** The engine's plan of one query, as the engine gave it. */
export type RawPlan =
  | { engine: 'sqlite'; rows: SqlitePlanRow[] }
  /** PostgreSQL's EXPLAIN (FORMAT JSON) output: `[{ "Plan": { ... } }]`. */
  | { engine: 'postgres'; json: unknown };

export interface Explainer {
  readonly engine: 'sqlite' | 'postgres';
  /** The plan of one read-only query, without running it. Throws EfficiencyError. */
  explain(sql: string): Promise<RawPlan>;
}

/** Compiling is not reliably interruptible: refuse what the datasource would refuse. */
export function checkStatementSize(sql: string, limit: number): void {
  const bytes = Buffer.byteLength(sql, 'utf8');
  if (bytes > limit) {
    throw new EfficiencyError(
      'statement_too_long',
      `no plan: the statement is ${bytes} bytes long; at most ${limit} are accepted`,
    );
  }
}
