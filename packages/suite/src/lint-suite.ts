// lintSuite: every check of a suite that needs no model, as data. Each finding names the
// case, the rule and what is wrong, so the CLI can list them and a test can require none.
// The checks live in lint-*.ts by what they look at; this file runs them in a fixed order
// (findings come out in that order, case by case). The rules themselves are lint-rules.ts.

import type { EvalCase, EvalSuite } from './case.js';
import { lintAlternatives } from './lint-alternatives.js';
import { findingAdder, type LintContext, lintContext } from './lint-context.js';
import type { LintFinding } from './lint-finding.js';
import { lintGoldRows } from './lint-gold-rows.js';
import { LINT_CONCURRENCY, type LintOptions } from './lint-options.js';
import { lintOutcomes } from './lint-outcomes.js';
import { lintPlan } from './lint-plan.js';
import { lintIds, lintParaphrase, lintPlanNotes } from './lint-references.js';
import { lintRequirements } from './lint-requirements.js';
import { lintNames, lintReads } from './lint-schema-names.js';

/** Checks a suite; an empty list means every check passed for the modes checked. */
export async function lintSuite(
  suite: EvalSuite,
  options: LintOptions = {},
): Promise<LintFinding[]> {
  const findings: LintFinding[] = [];
  const context = lintContext(suite, options, findings);
  const byId = lintIds(suite, context);
  // Cases are checked LINT_CONCURRENCY at a time (each gold runs on the database, which
  // answers several at once from its pool); each case's findings go to its own list and the
  // lists are appended in case order, so the output is what one case after another gives.
  const only = options.cases ? new Set(options.cases) : undefined;
  const checked = only ? suite.cases.filter((c) => only.has(c.id)) : suite.cases;
  const perCase: LintFinding[][] = checked.map(() => []);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < checked.length; i = next++) {
      const own: LintContext = { ...context, add: findingAdder(context.active, perCase[i]!) };
      await lintCase(checked[i]!, byId, own);
    }
  };
  const lanes = Math.min(options.concurrency ?? LINT_CONCURRENCY, checked.length);
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
  for (const own of perCase) findings.push(...own);
  lintPlanNotes(suite, byId, context);
  return findings;
}

async function lintCase(
  c: EvalCase,
  byId: ReturnType<typeof lintIds>,
  context: LintContext,
): Promise<void> {
  lintRequirements(c, context);
  lintParaphrase(c, byId, context);
  lintOutcomes(c, context);
  lintNames(c, context);
  if (c.sql === undefined) {
    // Unanswerable: nothing runs, so only that it has no plan is left to check.
    lintPlan(c, context);
    return;
  }
  await lintGoldRows(c, c.sql, context);
  await lintReads(c, c.sql, context);
  lintPlan(c, context);
  await lintAlternatives(c, c.sql, context);
}
