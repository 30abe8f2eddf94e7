// Small constructors so test plans read like the SQL they stand for.

import type { ColumnExpr, Expr, LiteralExpr, PlanModel } from '../src/index.js';

export const col = (table: string, column: string): ColumnExpr => ({
  kind: 'column',
  table,
  column,
});
export const lit = (value: string | number | boolean | null): LiteralExpr => ({
  kind: 'literal',
  value,
});

/** SELECT expr FROM "T" AS "t" plus whatever the test overrides. */
export function planOf(expr: Expr, extra: Partial<PlanModel> = {}): PlanModel {
  return { select: [{ expr }], from: { table: 'T', alias: 't' }, ...extra };
}
