// What validatePlan returns: one value per problem, each naming where in the plan it is, so
// a refiner (or a person) can go straight to the node.

/** Kinds of plan problems. SHAPE is anything the JSON Schema rejects. */
export type PlanErrorCode =
  | 'SHAPE'
  | 'UNKNOWN_TABLE'
  | 'UNKNOWN_COLUMN'
  | 'TABLE_NOT_IN_PLAN'
  | 'DUPLICATE_TABLE_NAME'
  | 'JOIN_WITHOUT_EQUALITY'
  | 'JOIN_CONDITION_NOT_LINKING'
  | 'AGGREGATE_IN_WHERE'
  | 'AGGREGATE_IN_GROUP_BY'
  | 'NESTED_AGGREGATE'
  | 'MISSING_AGGREGATE_ARGUMENT'
  | 'UNGROUPED_COLUMN'
  | 'HAVING_WITHOUT_GROUP_BY'
  | 'CONSTANT_KEY'
  | 'NULL_COMPARISON'
  | 'DUPLICATE_ALIAS'
  | 'UNKNOWN_ORDER_ALIAS'
  | 'ORDER_BY_NOT_SELECTED'
  | 'NEGATIVE_LIMIT'
  | 'NEGATIVE_OFFSET'
  | 'INVALID_TEXT';

/** One problem with a plan. */
export interface PlanError {
  /** JSON pointer into the plan, e.g. `/select/2/expr/column`; '' is the plan itself. */
  path: string;
  code: PlanErrorCode;
  message: string;
}
