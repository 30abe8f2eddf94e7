// Short constructors for PlanModel nodes, so each case template reads like its query.

import type {
  AggregateFunc,
  ColumnExpr,
  ComparisonOp,
  Condition,
  DatePartName,
  Expr,
  Join,
  OrderItem,
  SelectItem,
} from '@nl2sql/plan';

export const col = (table: string, column: string): ColumnExpr => ({
  kind: 'column',
  table,
  column,
});

export const lit = (value: string | number | boolean | null): Expr => ({ kind: 'literal', value });

export const agg = (func: AggregateFunc, arg?: Expr, distinct?: boolean): Expr => ({
  kind: 'aggregate',
  func,
  ...(arg ? { arg } : {}),
  ...(distinct ? { distinct } : {}),
});

export const round = (arg: Expr, digits: number): Expr => ({ kind: 'round', arg, digits });

export const datePart = (part: DatePartName, arg: Expr): Expr => ({ kind: 'date_part', part, arg });

export const times = (left: Expr, right: Expr): Expr => ({
  kind: 'arithmetic',
  op: '*',
  left,
  right,
});

export const minus = (left: Expr, right: Expr): Expr => ({
  kind: 'arithmetic',
  op: '-',
  left,
  right,
});

export const cmp = (op: ComparisonOp, left: Expr, right: Expr): Condition => ({
  kind: 'compare',
  op,
  left,
  right,
});

export const eq = (left: Expr, right: Expr): Condition => cmp('=', left, right);

export const and = (...conditions: Condition[]): Condition =>
  conditions.length === 1 ? (conditions[0] as Condition) : { kind: 'and', conditions };

export const between = (expr: Expr, low: Expr, high: Expr): Condition => ({
  kind: 'between',
  expr,
  low,
  high,
});

export const like = (expr: Expr, pattern: string): Condition => ({ kind: 'like', expr, pattern });

export const isNull = (expr: Expr): Condition => ({ kind: 'is_null', expr });

export const item = (expr: Expr, alias?: string): SelectItem =>
  alias ? { expr, alias } : { expr };

/** `kind` INNER/LEFT JOIN `table` AS `alias` ON left = right. */
export const join = (
  kind: 'inner' | 'left',
  table: string,
  alias: string,
  left: ColumnExpr,
  right: ColumnExpr,
): Join => ({ kind, table, alias, on: [{ left, right }] });

export const asc = (expr: Expr): OrderItem => ({ kind: 'expr', expr, direction: 'asc' });
export const desc = (expr: Expr): OrderItem => ({ kind: 'expr', expr, direction: 'desc' });
export const byAlias = (alias: string, direction: 'asc' | 'desc'): OrderItem => ({
  kind: 'alias',
  alias,
  direction,
});
