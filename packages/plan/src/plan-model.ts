// PlanModel: the typed query plan a planner (an LLM with structured output) emits and the
// SQL generator compiles. These types mirror PLAN_JSON_SCHEMA field for field; optional
// fields also accept null because strict structured output (every key required) writes
// null where a hand-written plan simply leaves the key out.

/** SQL dialects the compiler writes. */
export type Dialect = 'sqlite' | 'postgres';

/** Binary comparison operators, shared by WHERE/HAVING comparisons and join conditions. */
export type ComparisonOp = '=' | '<>' | '<' | '<=' | '>' | '>=';

/** Arithmetic operators. Division of two integers truncates on both dialects. */
export type ArithmeticOp = '+' | '-' | '*' | '/';

/** Aggregate functions. `count` with no argument is COUNT(*). */
export type AggregateFunc = 'count' | 'sum' | 'avg' | 'min' | 'max';

/**
 * Date parts. year..second and day_of_week (0 = Sunday) are integers on both dialects;
 * year_month ('YYYY-MM') and date ('YYYY-MM-DD') are text labels.
 */
export type DatePartName =
  | 'year'
  | 'quarter'
  | 'month'
  | 'day'
  | 'day_of_week'
  | 'hour'
  | 'minute'
  | 'second'
  | 'year_month'
  | 'date';

/** Target types of a cast: `real` forces floating-point division, `text` a label. */
export type CastType = 'integer' | 'real' | 'text';

/** A column of a table in the plan, qualified by that table's alias (or its name if unaliased). */
export interface ColumnExpr {
  kind: 'column';
  table: string;
  column: string;
}

/** A constant. Dates are written as ISO strings ('2010-01-01'). */
export interface LiteralExpr {
  kind: 'literal';
  value: string | number | boolean | null;
}

/** COUNT/SUM/AVG/MIN/MAX, optionally over DISTINCT values. */
export interface AggregateExpr {
  kind: 'aggregate';
  func: AggregateFunc;
  /** Omitted or null only for COUNT(*). */
  arg?: Expr | null;
  distinct?: boolean | null;
}

export interface ArithmeticExpr {
  kind: 'arithmetic';
  op: ArithmeticOp;
  left: Expr;
  right: Expr;
}

/** ROUND(arg, digits); digits defaults to 0. */
export interface RoundExpr {
  kind: 'round';
  arg: Expr;
  digits?: number | null;
}

export interface DatePartExpr {
  kind: 'date_part';
  part: DatePartName;
  arg: Expr;
}

/** String concatenation (`||`) of two or more parts; NULL in any part gives NULL. */
export interface ConcatExpr {
  kind: 'concat';
  parts: Expr[];
}

export interface CaseBranch {
  when: Condition;
  /** The value when `when` holds (named `result`, not `then`, so a branch is never a thenable). */
  result: Expr;
}

/** Searched CASE: the first branch whose condition holds, else `else` (NULL if absent). */
export interface CaseExpr {
  kind: 'case';
  branches: CaseBranch[];
  else?: Expr | null;
}

export interface CastExpr {
  kind: 'cast';
  arg: Expr;
  to: CastType;
}

/** A value-producing expression. */
export type Expr =
  | ColumnExpr
  | LiteralExpr
  | AggregateExpr
  | ArithmeticExpr
  | RoundExpr
  | DatePartExpr
  | ConcatExpr
  | CaseExpr
  | CastExpr;

export interface CompareCondition {
  kind: 'compare';
  op: ComparisonOp;
  left: Expr;
  right: Expr;
}

/** expr [NOT] IN (values): a list of constants. */
export interface InCondition {
  kind: 'in';
  expr: Expr;
  values: Array<string | number>;
  negated?: boolean | null;
}

export interface BetweenCondition {
  kind: 'between';
  expr: Expr;
  low: Expr;
  high: Expr;
  negated?: boolean | null;
}

/**
 * expr [NOT] LIKE pattern, case-insensitive on both dialects (ILIKE on PostgreSQL, to match
 * SQLite's LIKE); `%` and `_` are wildcards and `\` escapes them.
 */
export interface LikeCondition {
  kind: 'like';
  expr: Expr;
  pattern: string;
  negated?: boolean | null;
}

export interface IsNullCondition {
  kind: 'is_null';
  expr: Expr;
  negated?: boolean | null;
}

export interface AndCondition {
  kind: 'and';
  conditions: Condition[];
}

export interface OrCondition {
  kind: 'or';
  conditions: Condition[];
}

export interface NotCondition {
  kind: 'not';
  condition: Condition;
}

/** A boolean tree for WHERE, HAVING and CASE branches. */
export type Condition =
  | CompareCondition
  | InCondition
  | BetweenCondition
  | LikeCondition
  | IsNullCondition
  | AndCondition
  | OrCondition
  | NotCondition;

export interface SelectItem {
  expr: Expr;
  /** The output column name; the decomposer's expected columns are these aliases. */
  alias?: string | null;
}

/** The FROM table. Columns refer to it by `alias` when given, else by `table`. */
export interface FromTable {
  table: string;
  alias?: string | null;
}

/** `left.column op right.column`; op defaults to '='. */
export interface JoinCondition {
  left: ColumnExpr;
  op?: ComparisonOp | null;
  right: ColumnExpr;
}

/** INNER or LEFT join; `on` is ANDed and must hold at least one key equality. */
export interface Join {
  kind: 'inner' | 'left';
  table: string;
  alias?: string | null;
  on: JoinCondition[];
}

export type SortDirection = 'asc' | 'desc';

export interface OrderByExpr {
  kind: 'expr';
  expr: Expr;
  direction?: SortDirection | null;
}

/** Orders by a select item's alias. */
export interface OrderByAlias {
  kind: 'alias';
  alias: string;
  direction?: SortDirection | null;
}

export type OrderItem = OrderByExpr | OrderByAlias;

/** The whole plan: one SELECT with no subqueries and no window functions. */
export interface PlanModel {
  select: SelectItem[];
  distinct?: boolean | null;
  from: FromTable;
  joins?: Join[] | null;
  where?: Condition | null;
  group_by?: Expr[] | null;
  having?: Condition | null;
  order_by?: OrderItem[] | null;
  limit?: number | null;
  offset?: number | null;
}
