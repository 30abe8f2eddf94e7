// Mode plans: a FakeLLMServer answer table that answers every LLM node from a suite's gold
// data, so the run exercises the engine's code nodes (validator with RBAC, generator, safety
// check, executor) with no model. Which case is asked is read from the question line every
// node's prompt carries.

import type { FakeAnswer, FakeRequest } from '@nl2sql/llm';
import type { PlanModel } from '@nl2sql/plan';
import { DECOMPOSER_SCHEMA_NAME } from './decomposer.js';
import { PLANNER_SCHEMA, PLANNER_SCHEMA_NAME } from './planner.js';
import { questionFromPrompt } from './prompt-question.js';
import { questionKey } from './question-key.js';
import { REFINER_SCHEMA_NAME } from './refiner.js';
import { RESOLVER_SCHEMA_NAME } from './resolver.js';
import { fillNulls } from './strict-fill.js';
import { SYNTHESIZER_SCHEMA_NAME } from './synthesizer.js';

/** What the responder reads of a case (an @nl2sql/suite EvalCase has all of it). */
export interface GoldCase {
  id: string;
  question: string;
  datasource: string;
  /** Absent on an unanswerable case. */
  sql?: string;
  plan?: PlanModel;
  rows?: ReadonlyArray<ReadonlyArray<null | number | string>>;
  /** A clarify case: why the question is ambiguous; the planner asks back about it. */
  clarify_reason?: string;
}

/** The clarifying question mode plans asks for a clarify case: its reason, as a question. */
export function clarifyQuestion(reason: string): string {
  return `Your question is ambiguous (${reason.replace(/[.\s]+$/, '')}): which did you mean?`;
}

export const KEEP_SAME_PLAN = 'Keep the same plan.';

/** A short answer that states only what the rows hold (their count and the first row). */
export function goldAnswer(rows: ReadonlyArray<ReadonlyArray<null | number | string>>): string {
  if (rows.length === 0) return 'The query returned no rows.';
  const first = rows[0] ?? [];
  const cells = first.map((c) => (c === null ? 'NULL' : String(c))).join(', ');
  if (rows.length === 1 && first.length === 1) return `The answer is ${cells}.`;
  return `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}; the first is ${cells}.`;
}

/**
 * Answers keyed by schema name for `new FakeLLMServer({ answers })`: resolver -> the case's
 * datasource (an empty list for an unanswerable case), decomposer -> one sub-query expecting
 * the plan's select names, planner -> the gold plan, refiner -> keep the same plan,
 * synthesizer -> goldAnswer of the gold rows. A clarify case (clarify_reason, no SQL) is
 * routed to its datasource and the planner asks back (clarifyQuestion). A question no case asks gets no answer (the
 * fake server replies 400, which the engine reports as LLM_ERROR).
 */
export function goldPlanResponder(suite: {
  cases: readonly GoldCase[];
}): Record<string, FakeAnswer> {
  const byQuestion = new Map<string, GoldCase>();
  for (const c of suite.cases) byQuestion.set(questionKey(c.question), c);
  const caseOf = (request: FakeRequest): GoldCase | undefined => {
    const question = questionFromPrompt(request.lastUserText);
    return question === undefined ? undefined : byQuestion.get(questionKey(question));
  };
  const answerable = (c: GoldCase) => c.sql !== undefined && c.plan !== undefined;
  return {
    [RESOLVER_SCHEMA_NAME]: (request) => {
      const c = caseOf(request);
      if (!c) return undefined;
      return answerable(c) || c.clarify_reason !== undefined
        ? { datasources: [c.datasource], reason: `gold datasource of ${c.id}` }
        : { datasources: [], reason: `${c.id} is unanswerable` };
    },
    [DECOMPOSER_SCHEMA_NAME]: (request) => {
      const c = caseOf(request);
      if (!c) return undefined;
      const columns = (c.plan?.select ?? []).map(
        (s) => s.alias ?? (s.expr.kind === 'column' ? s.expr.column : s.expr.kind),
      );
      return {
        sub_queries: [
          { question: c.question, expected_columns: columns, filters: [], groupings: [] },
        ],
      };
    },
    [PLANNER_SCHEMA_NAME]: (request) => {
      const c = caseOf(request);
      if (!c) return undefined;
      if (!answerable(c) && c.clarify_reason !== undefined) {
        return fillNulls(PLANNER_SCHEMA, {
          clarification: clarifyQuestion(c.clarify_reason),
          plan: null,
        });
      }
      return fillNulls(PLANNER_SCHEMA, { clarification: null, plan: c.plan ?? null });
    },
    [REFINER_SCHEMA_NAME]: { explanation: KEEP_SAME_PLAN, plan: null },
    [SYNTHESIZER_SCHEMA_NAME]: (request) => {
      const c = caseOf(request);
      if (!c) return undefined;
      return { answer: goldAnswer(c.rows ?? []) };
    },
  };
}
