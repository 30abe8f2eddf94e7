// Where an ask's plan comes from: the plan cache (a validated plan for the same question on
// the same database), or decomposer -> retriever (in the role's scope) -> planner. The
// planner may ask a clarifying question instead, which is the ask's answer.

import { type AskResponse, EngineError } from '@nl2sql/engine';
import type { PlanModel } from '@nl2sql/plan';
import type { AskContext } from './ask-context.js';
import { decompose, retrievalQuery, type SubQuery } from './decomposer.js';
import { planQuestion } from './planner.js';
import { requestScope } from './role-scope.js';
import { schemaPrompt } from './schema-prompt.js';

/** A plan to run, and the schema text the planner saw (the refiner sees the same). */
export interface Planned {
  plan: PlanModel;
  schemaText: string;
}

export async function planStage(ask: AskContext): Promise<Planned | AskResponse> {
  const { rec, ds, question, role, signal } = ask;
  const { llm, usePlanCache, policy } = ask.settings;
  const cached = usePlanCache
    ? ask.engine.planCache.get(ds.entry.id, ds.fingerprint, ask.planKey)
    : undefined;
  if (cached) {
    rec.planCached = true;
    for (const node of ['decomposer', 'retriever', 'planner']) rec.skip(node);
    return { plan: cached, schemaText: schemaPrompt(ds.schema) };
  }
  const decomposition = await rec.node('decomposer', () => decompose(llm, question, signal));
  rec.addUsage(decomposition.usage);
  const subQueries: SubQuery[] = decomposition.sub_queries;
  const retrieval = await rec.node('retriever', () =>
    ds.retriever.retrieve(retrievalQuery(question, subQueries), {
      signal,
      ...requestScope(policy, role, ds.schema),
    }),
  );
  rec.addUsage(retrieval.usage);
  rec.retrieval = retrieval.record;
  rec.schemaCall('retrieve', ds.entry.id);
  // The planner is told the selection's state (an ambiguous or unauthorised join, nothing
  // matched) beside the schema, so it asks instead of guessing.
  const schemaText = schemaPrompt(retrieval.schema, retrieval.selection);
  const planned = await rec.node('planner', () =>
    planQuestion(
      llm,
      { question, schema: schemaText, subQueries, dialect: ds.dialect, context: ask.context },
      signal,
    ),
  );
  rec.addUsage(planned.usage);
  if (planned.plan) return { plan: planned.plan, schemaText };
  if (planned.clarification) {
    return {
      status: 'clarify',
      sql: null,
      results: [],
      answer: planned.clarification,
      error: null,
      usage: rec.usage,
      trace: rec.trace(),
      trajectory: rec.steps,
    };
  }
  throw new EngineError(
    'INVALID_PLAN',
    'the planner returned neither a plan nor a clarifying question',
    { node: 'planner' },
  );
}
