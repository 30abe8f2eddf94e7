// SQL generator: compilePlan, with a row cap. A plan without LIMIT gets LIMIT maxRows + 1:
// the safety check demands a bounded query, and the one extra row lets the executor (which
// reads at most maxRows) report the result as truncated instead of silently short.

import { compilePlan, type Dialect, type PlanCatalog, type PlanModel } from '@nl2sql/plan';

/** `catalog` gives the column types MySQL and DuckDB need to write integer division. */
export function generateSql(
  plan: PlanModel,
  dialect: Dialect,
  maxRows: number,
  catalog?: PlanCatalog,
): string {
  const bounded =
    plan.limit === undefined || plan.limit === null ? { ...plan, limit: maxRows + 1 } : plan;
  return compilePlan(bounded, dialect, catalog ? { catalog } : {});
}

/** The plan dialect of a datasource engine name (the datasource's kind). */
export function planDialect(engine: string): Dialect {
  const e = engine.toLowerCase();
  if (e === 'sqlite' || e === 'mysql' || e === 'duckdb') return e;
  if (e === 'postgres' || e === 'postgresql') return 'postgres';
  if (e === 'mariadb') return 'mysql';
  throw new Error(
    `no SQL dialect for datasource engine "${engine}" (sqlite, postgres, mysql or duckdb)`,
  );
}
