// The compiler's one exception: a plan it cannot write as SQL. validatePlan reports the same
// problems as values first; this is for callers that compile without validating.

/** Why a plan could not be compiled. */
export type PlanCompileErrorCode =
  | 'EMPTY_IDENTIFIER'
  | 'INVALID_LITERAL'
  | 'INVALID_PLAN'
  | 'UNKNOWN_TYPE'
  | 'UNSUPPORTED_DIALECT';

/** Thrown by compilePlan; `path` is the JSON pointer of the offending node in the plan. */
export class PlanCompileError extends Error {
  override readonly name = 'PlanCompileError';
  constructor(
    readonly code: PlanCompileErrorCode,
    message: string,
    readonly path: string,
  ) {
    super(path ? `${message} (at ${path})` : message);
  }
}
