// SQL generator: compilePlan, with a row cap. A plan without LIMIT gets LIMIT maxRows + 1:
// the safety check demands a bounded query, and the one extra row lets the executor (which
// reads at most maxRows) report the result as truncated instead of silently short.

import { compilePlan, type Dialect, type PlanModel } from '@nl2sql/plan';

export function generateSql(plan: PlanModel, dialect: Dialect, maxRows: number): string {
  const bounded =
    plan.limit === undefined || plan.limit === null ? { ...plan, limit: maxRows + 1 } : plan;
  return compilePlan(bounded, dialect);
}

/** The plan dialect of a datasource engine name. */
export function planDialect(engine: string): Dialect {
  const e = engine.toLowerCase();
  if (e === 'sqlite') return 'sqlite';
  if (e === 'postgres' || e === 'postgresql') return 'postgres';
  throw new Error(`no SQL dialect for datasource engine "${engine}" (sqlite or postgres)`);
}
