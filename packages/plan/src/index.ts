export type { JsonSchema } from '@nl2sql/format';
export { type CompileOptions, compilePlan } from './compile.js';
export { DIALECTS, isDialect } from './dialect-sql.js';
export { PlanCompileError, type PlanCompileErrorCode } from './plan-compile-error.js';
export type { PlanError, PlanErrorCode } from './plan-error.js';
export type {
  AggregateExpr,
  AggregateFunc,
  AndCondition,
  ArithmeticExpr,
  ArithmeticOp,
  BetweenCondition,
  CaseBranch,
  CaseExpr,
  CastExpr,
  CastType,
  ColumnExpr,
  CompareCondition,
  ComparisonOp,
  ConcatExpr,
  Condition,
  DatePartExpr,
  DatePartName,
  Dialect,
  Expr,
  FromTable,
  InCondition,
  IsNullCondition,
  Join,
  JoinCondition,
  LikeCondition,
  LiteralExpr,
  NotCondition,
  OrCondition,
  OrderByAlias,
  OrderByExpr,
  OrderItem,
  PlanModel,
  RoundExpr,
  SelectItem,
  SortDirection,
} from './plan-model.js';
export {
  PLAN_FORMAT,
  PLAN_JSON_SCHEMA,
  PLAN_SCHEMA_NAME,
  PLAN_STRUCTURED_OUTPUT_SCHEMA,
  PlanModelSchema,
} from './plan-model.js';
export { quoteIdentifier, quoteLiteral } from './quote.js';
export { type PlanReads, planReads } from './reads.js';
export { type PlanCatalog, validatePlan } from './validate.js';
