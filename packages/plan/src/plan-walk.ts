// Traversal of a plan's expression trees, shared by planReads and validatePlan so both see
// exactly the same nodes (including expressions nested in CASE conditions).

import type { Condition, Expr, PlanModel } from './plan-model.js';

/** The clause a top-level expression sits in. */
export type Clause = 'select' | 'join' | 'where' | 'group_by' | 'having' | 'order_by';

/** A top-level expression of a clause and its JSON pointer in the plan. */
export interface ClauseExpr {
  clause: Clause;
  expr: Expr;
  path: string;
}

/** The direct sub-expressions of an expression (through CASE conditions too). */
export function childExprs(expr: Expr, path: string): Array<[Expr, string]> {
  switch (expr.kind) {
    case 'aggregate':
      return expr.arg ? [[expr.arg, `${path}/arg`]] : [];
    case 'arithmetic':
      return [
        [expr.left, `${path}/left`],
        [expr.right, `${path}/right`],
      ];
    case 'round':
    case 'date_part':
    case 'cast':
      return [[expr.arg, `${path}/arg`]];
    case 'concat':
      return expr.parts.map((part, i) => [part, `${path}/parts/${i}`]);
    case 'case': {
      const out: Array<[Expr, string]> = [];
      expr.branches.forEach((branch, i) => {
        out.push(...conditionExprs(branch.when, `${path}/branches/${i}/when`));
        out.push([branch.result, `${path}/branches/${i}/result`]);
      });
      if (expr.else) out.push([expr.else, `${path}/else`]);
      return out;
    }
    default:
      return [];
  }
}

/** The top-level expressions a condition tree compares. */
export function conditionExprs(condition: Condition, path: string): Array<[Expr, string]> {
  switch (condition.kind) {
    case 'compare':
      return [
        [condition.left, `${path}/left`],
        [condition.right, `${path}/right`],
      ];
    case 'in':
    case 'like':
    case 'is_null':
      return [[condition.expr, `${path}/expr`]];
    case 'between':
      return [
        [condition.expr, `${path}/expr`],
        [condition.low, `${path}/low`],
        [condition.high, `${path}/high`],
      ];
    case 'and':
    case 'or':
      return condition.conditions.flatMap((c, i) => conditionExprs(c, `${path}/conditions/${i}`));
    case 'not':
      return conditionExprs(condition.condition, `${path}/condition`);
    default:
      return [];
  }
}

/** Calls `visit` on the expression and every expression below it, parents first. */
export function walkExpr(
  expr: Expr,
  path: string,
  visit: (expr: Expr, path: string) => void,
): void {
  visit(expr, path);
  for (const [child, childPath] of childExprs(expr, path)) walkExpr(child, childPath, visit);
}

/** Every top-level expression of the plan, clause by clause in SQL order. */
export function clauseExprs(plan: PlanModel): ClauseExpr[] {
  const out: ClauseExpr[] = [];
  const add = (clause: Clause, pairs: Array<[Expr, string]>) => {
    for (const [expr, path] of pairs) out.push({ clause, expr, path });
  };
  add(
    'select',
    plan.select.map((item, i) => [item.expr, `/select/${i}/expr`]),
  );
  (plan.joins ?? []).forEach((join, i) => {
    join.on.forEach((on, j) => {
      add('join', [
        [on.left, `/joins/${i}/on/${j}/left`],
        [on.right, `/joins/${i}/on/${j}/right`],
      ]);
    });
  });
  if (plan.where) add('where', conditionExprs(plan.where, '/where'));
  add(
    'group_by',
    (plan.group_by ?? []).map((expr, i) => [expr, `/group_by/${i}`]),
  );
  if (plan.having) add('having', conditionExprs(plan.having, '/having'));
  (plan.order_by ?? []).forEach((item, i) => {
    if (item.kind === 'expr') add('order_by', [[item.expr, `/order_by/${i}/expr`]]);
  });
  return out;
}
