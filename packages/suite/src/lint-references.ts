// Lint checks that tie cases to one another: ids are unique, a paraphrase names another case
// and shares its result, and a plan note in the suite's header names a case with a plan.

import type { EvalCase, EvalSuite } from './case.js';
import { type LintContext, rowsKey } from './lint-context.js';
import { sourceLocation } from './source-location.js';

/** `duplicate-id`, on every case after the first with an id; returns the first by id. */
export function lintIds(suite: EvalSuite, { add }: LintContext): Map<string, EvalCase> {
  const byId = new Map<string, EvalCase>();
  for (const c of suite.cases) {
    const first = byId.get(c.id);
    if (first === undefined) {
      byId.set(c.id, c);
      continue;
    }
    const here = sourceLocation(c);
    const there = sourceLocation(first);
    add(
      c,
      'duplicate-id',
      here && there
        ? `id ${c.id} is used by the cases at lines ${there.line} and ${here.line}`
        : `id ${c.id} is used by more than one case`,
    );
  }
  return byId;
}

/** `paraphrase-target` and `paraphrase-rows`. */
export function lintParaphrase(
  c: EvalCase,
  byId: ReadonlyMap<string, EvalCase>,
  { add }: LintContext,
): void {
  if (c.paraphrase_of === undefined) return;
  const target = byId.get(c.paraphrase_of);
  if (!target || target === c)
    add(
      c,
      'paraphrase-target',
      `paraphrase_of names ${c.paraphrase_of}, which is not another case`,
    );
  else if (
    rowsKey(c.rows ?? [], c.order_matters && target.order_matters) !==
    rowsKey(target.rows ?? [], c.order_matters && target.order_matters)
  )
    add(
      c,
      'paraphrase-rows',
      `rows differ from ${target.id}'s; a paraphrase group shares one result`,
    );
}

/** `plan-note`: a header note about a plan the case does not have. */
export function lintPlanNotes(
  suite: EvalSuite,
  byId: ReadonlyMap<string, EvalCase>,
  { add }: LintContext,
): void {
  for (const note of suite.plan_notes ?? []) {
    const c = byId.get(note.case);
    if (!c?.plan)
      add(note, 'plan-note', `the header notes a plan for ${note.case}, which has none`);
  }
}
