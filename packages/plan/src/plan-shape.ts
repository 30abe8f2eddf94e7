// Shape validation: the plan format's validator (the project's one ajv setup, where a union
// told apart by `kind` reports only the branch the plan chose) and its one error formatter,
// with each problem at the JSON pointer of the node at fault.

import { jsonPointer } from '@nl2sql/format';
import type { PlanError } from './plan-error.js';
import { PLAN_FORMAT } from './plan-model.js';

/** Shape errors of a candidate plan against PLAN_JSON_SCHEMA; empty when it is a PlanModel. */
export function planShapeErrors(plan: unknown): PlanError[] {
  return PLAN_FORMAT.issues(plan).map((issue) => ({
    path: jsonPointer(issue.path),
    code: 'SHAPE',
    message: issue.message,
  }));
}
