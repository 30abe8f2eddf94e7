// What a plan reads: the tables and `Table.Column` columns it touches, aliases resolved to
// table names. Case lint compares this with a case's `tables`/`columns`, and RBAC decides
// from it, so join keys, filters and sort keys count as reads, not just selected columns.

import type { PlanModel } from './plan-model.js';
import { clauseExprs, walkExpr } from './plan-walk.js';

/** Tables and columns a plan reads, each sorted and without duplicates. */
export interface PlanReads {
  tables: string[];
  /** `Table.Column`, with the table's schema name (never its alias). */
  columns: string[];
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Lists the tables and columns the plan reads. COUNT(*) reads no column. A column whose
 * table qualifier names no table of the plan is reported under the qualifier as written
 * (validatePlan flags it).
 */
export function planReads(plan: PlanModel): PlanReads {
  const bindings = new Map<string, string>();
  const tables = new Set<string>();
  for (const source of [plan.from, ...(plan.joins ?? [])]) {
    bindings.set(source.alias ?? source.table, source.table);
    tables.add(source.table);
  }
  const columns = new Set<string>();
  for (const { expr, path } of clauseExprs(plan)) {
    walkExpr(expr, path, (node) => {
      if (node.kind === 'column')
        columns.add(`${bindings.get(node.table) ?? node.table}.${node.column}`);
    });
  }
  return { tables: [...tables].sort(byCodeUnit), columns: [...columns].sort(byCodeUnit) };
}
