// Refiner: given the plan, the SQL it compiled to and what went wrong (validation errors, a
// safety violation or the database's error), returns a corrected plan, or null to keep the
// same plan and try it again (a transient failure such as a timeout).

import type { UsageRecord } from '@nl2sql/llm';
import type { PlanModel } from '@nl2sql/plan';
import type { LlmCaller } from './llm-caller.js';
import { withPlan } from './plan-output-schema.js';
import { questionLine } from './prompt-question.js';

export const REFINER_SCHEMA_NAME = 'plan_refinement';

export const REFINER_SCHEMA: Record<string, unknown> = withPlan(
  'A corrected plan, or null to keep the same plan.',
  { explanation: { type: 'string', description: 'What was wrong and what changed.' } },
);

export interface RefinerResult {
  plan: PlanModel | null;
  explanation: string;
  usage: UsageRecord[];
}

export async function refinePlan(
  llm: LlmCaller,
  input: {
    question: string;
    schema: string;
    plan: PlanModel;
    sql: string | null;
    error: string;
    dialect: string;
  },
  signal?: AbortSignal,
): Promise<RefinerResult> {
  const result = await llm.call('refiner', {
    system:
      'You repair query plans (PlanModel JSON). You get the question, the schema, the plan, ' +
      'the SQL it compiled to and the error it met. Return a corrected plan, or plan null to ' +
      "keep the same plan when the error is not the plan's fault.",
    messages: [
      {
        role: 'user',
        content: [
          `Dialect: ${input.dialect}`,
          `Schema:\n${input.schema}`,
          `Plan:\n${JSON.stringify(input.plan)}`,
          `SQL:\n${input.sql ?? '(not compiled)'}`,
          `Error:\n${input.error}`,
          '',
          questionLine(input.question),
        ].join('\n'),
      },
    ],
    output: { name: REFINER_SCHEMA_NAME, schema: REFINER_SCHEMA },
    signal,
  });
  const output = result.output as { plan: PlanModel | null; explanation: string };
  return { plan: output.plan, explanation: output.explanation, usage: result.usage };
}
