// Planner: question + retrieved schema -> PlanModel, through structured output, or a
// clarifying question when the question is too ambiguous to plan (the ask's clarify status).

import type { UsageRecord } from '@nl2sql/llm';
import type { PlanModel } from '@nl2sql/plan';
import type { SubQuery } from './decomposer.js';
import type { LlmCaller } from './llm-caller.js';
import { withPlan } from './plan-output-schema.js';
import { questionLine } from './prompt-question.js';

export const PLANNER_SCHEMA_NAME = 'planner_output';

export const PLANNER_SCHEMA: Record<string, unknown> = withPlan(
  'The plan that answers the question, or a clarifying question when it is ambiguous.',
  {
    clarification: {
      type: ['string', 'null'],
      description: 'A question back to the user when the request is ambiguous; null otherwise.',
    },
  },
);

export interface PlannerResult {
  plan: PlanModel | null;
  clarification: string | null;
  usage: UsageRecord[];
}

export const PLANNER_SYSTEM =
  'You write query plans (PlanModel JSON) for a SQL database. Use only the tables and ' +
  'columns listed. Qualify every column with its table alias (or table name when ' +
  'unaliased). Join on the foreign keys shown. Select exactly the columns the question ' +
  'asks for, in the order it asks. When the question is too ambiguous to answer without ' +
  'guessing, set plan to null and ask one clarifying question instead. When the schema ' +
  'names a schema selection state, the join or table it concerns was not given to you on ' +
  'purpose: do not invent one; ask instead.';

export async function planQuestion(
  llm: LlmCaller,
  input: {
    question: string;
    schema: string;
    subQueries: readonly SubQuery[];
    dialect: string;
    /** Evidence, instructions, today's date (question-context.ts); '' or absent for none. */
    context?: string;
  },
  signal?: AbortSignal,
): Promise<PlannerResult> {
  const steps = input.subQueries.length
    ? `\n\nSub-queries:\n${input.subQueries
        .map(
          (s) =>
            `- ${s.question} (columns: ${s.expected_columns.join(', ') || '-'}; filters: ${s.filters.join(', ') || '-'}; groupings: ${s.groupings.join(', ') || '-'})`,
        )
        .join('\n')}`
    : '';
  const result = await llm.call('planner', {
    system: PLANNER_SYSTEM,
    messages: [
      {
        role: 'user',
        content: `Dialect: ${input.dialect}\nSchema:\n${input.schema}${steps}${input.context ? `\n\n${input.context}` : ''}\n\n${questionLine(input.question)}`,
      },
    ],
    output: { name: PLANNER_SCHEMA_NAME, schema: PLANNER_SCHEMA },
    signal,
  });
  const output = result.output as { plan: PlanModel | null; clarification: string | null };
  return { plan: output.plan, clarification: output.clarification, usage: result.usage };
}
