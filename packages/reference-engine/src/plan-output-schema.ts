// Structured outputs that carry a PlanModel next to other keys (the planner's clarification,
// the refiner's explanation). The plan's strict schema is nested under `plan` and its $defs
// are hoisted to the root, where its `#/$defs/...` references resolve.

import { PLAN_STRUCTURED_OUTPUT_SCHEMA } from '@nl2sql/plan';

type Schema = Record<string, unknown>;

/** An object schema (strict: every key required, none extra) with a nullable `plan`. */
export function withPlan(description: string, properties: Record<string, Schema>): Schema {
  const { $defs, title: _title, ...plan } = PLAN_STRUCTURED_OUTPUT_SCHEMA as Schema;
  const all = { ...properties, plan: { anyOf: [{ $ref: '#/$defs/PlanModel' }, { type: 'null' }] } };
  return {
    type: 'object',
    description,
    properties: all,
    required: Object.keys(all),
    additionalProperties: false,
    $defs: { ...(($defs as Schema | undefined) ?? {}), PlanModel: plan },
  };
}
