// Lint checks of a case's gold plan: an answerable case has one and an unanswerable case
// none; the plan is valid on the database, reads the tables the case lists, and selects as
// many columns as the gold rows have, so mode plans runs the case's own answer.

import { planReads, validatePlan } from '@nl2sql/plan';
import type { EvalCase } from './case.js';
import { type LintContext, list, sameList } from './lint-context.js';

/** `plan-unexpected`, `plan-missing`, `plan-invalid`, `plan-tables` and `plan-width`. */
export function lintPlan(c: EvalCase, { add, schema }: LintContext): void {
  if (c.sql === undefined) {
    if (c.plan !== undefined) add(c, 'plan-unexpected', 'an unanswerable case has no plan');
    return;
  }
  if (c.plan === undefined) {
    add(c, 'plan-missing', 'an answerable case needs a gold plan');
    return;
  }
  if (schema) {
    for (const e of validatePlan(c.plan, schema))
      add(c, 'plan-invalid', `plan${e.path === '' ? '' : ` at ${e.path}`}: ${e.message}`);
  }
  const planTables = planReads(c.plan).tables;
  if (!sameList(planTables, c.tables))
    add(c, 'plan-tables', `the plan reads ${list(planTables)}, tables lists ${list(c.tables)}`);
  const width = c.rows?.[0]?.length;
  if (width !== undefined && c.plan.select.length !== width)
    add(c, 'plan-width', `the plan selects ${c.plan.select.length} column(s), rows have ${width}`);
}
