// The bounded repair loop: a plan is attempted; on a refinable failure the refiner is shown
// the plan, its SQL and the error and may return a new plan, at most `maxRefinements` times,
// after which the last failure is the answer. A plan that succeeds without coming from the
// cache is cached for the same question on the same database.

import { type AskResponse, EngineError } from '@nl2sql/engine';
import type { PlanModel } from '@nl2sql/plan';
import type { AskContext } from './ask-context.js';
import { attemptPlan } from './plan-attempt.js';
import type { Planned } from './plan-stage.js';
import { refinePlan } from './refiner.js';

export async function runWithRepair(ask: AskContext, planned: Planned): Promise<AskResponse> {
  const { rec, ds, question, signal } = ask;
  const { llm, maxRefinements, usePlanCache } = ask.settings;
  const { schemaText } = planned;
  let plan = planned.plan;
  for (let round = 0; ; round++) {
    rec.plan = plan;
    const attempt = await attemptPlan(ask, plan);
    if ('result' in attempt) {
      if (usePlanCache && !rec.planCached)
        ask.engine.planCache.set(ds.entry.id, ds.fingerprint, ask.planKey, plan);
      return ask.finish(attempt.sql, attempt.result);
    }
    if (round >= maxRefinements) throw new EngineError(attempt.code, attempt.message);
    const current: PlanModel = plan;
    const refined = await rec.node('refiner', () =>
      refinePlan(
        llm,
        {
          question,
          schema: schemaText,
          plan: current,
          sql: attempt.sql,
          error: `${attempt.code}: ${attempt.message}`,
          dialect: ds.dialect,
        },
        signal,
      ),
    );
    rec.addUsage(refined.usage);
    rec.refinements++;
    plan = refined.plan ?? current;
  }
}
