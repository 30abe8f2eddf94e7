// Drawing the suite's cases: a template per case (by weight), its gold plan compiled to the
// gold SQL (so plan and SQL agree by construction), the tables and columns the plan reads,
// each role's outcome from the access policy, and tags from what the plan does. Now and then
// a case rephrases an earlier one (`paraphrase_of`), as real suites group paraphrases. Rows
// are not written here: regenerate runs the SQL (generate-synthetic.ts).

import { compilePlan, type PlanModel, planReads } from '@nl2sql/plan';
import {
  type AccessPolicy,
  CASE_TAGS,
  type CaseTag,
  type EvalCase,
  expectedOutcome,
  type Outcome,
} from '@nl2sql/suite';
import { CASE_TEMPLATES, type Draft, ShopFacts } from './case-templates.js';
import { SeededRandom } from './seeded-random.js';
import type { ShopData } from './shop-data.js';

/** The datasource id the synthetic cases ask about. */
export const SYNTHETIC_DATASOURCE = 'synthetic';

/** Percent of cases that rephrase an earlier case. */
const PARAPHRASE_PERCENT = 4;

function tagsFor(draft: Draft, outcome: Record<string, Outcome>, paraphrase: boolean): CaseTag[] {
  const tags = new Set<CaseTag>();
  const plan = draft.plan;
  if (plan === undefined) tags.add('unanswerable');
  else {
    const joins = plan.joins?.length ?? 0;
    tags.add(joins === 0 ? 'single-table' : joins === 1 ? 'join' : 'multi-join');
    if (plan.where) tags.add('filter');
    if (plan.group_by || JSON.stringify(plan.select).includes('"kind":"aggregate"'))
      tags.add('aggregation');
    if (plan.having) tags.add('having');
    if (plan.order_by && plan.limit !== undefined) tags.add('order-limit');
    if (plan.offset !== undefined) tags.add('offset');
    if (draft.date) tags.add('date');
  }
  if (paraphrase) tags.add('paraphrase');
  if (Object.values(outcome).includes('refused')) tags.add('rbac-denial');
  return CASE_TAGS.filter((t) => tags.has(t));
}

function outcomes(
  reads: { tables: string[]; sql?: string },
  policy: AccessPolicy,
): Record<string, Outcome> {
  const probe = { sql: reads.sql, tables: reads.tables } as EvalCase;
  const outcome: Record<string, Outcome> = {};
  for (const [role, scope] of Object.entries(policy.roles))
    outcome[role] = expectedOutcome(probe, scope.tables);
  return outcome;
}

function caseOf(
  id: string,
  draft: Draft,
  policy: AccessPolicy,
  paraphraseOf: string | undefined,
): EvalCase {
  const plan: PlanModel | undefined = draft.plan;
  const sql = plan ? compilePlan(plan, 'sqlite') : undefined;
  const reads = plan ? planReads(plan) : { tables: [], columns: [] };
  const outcome = outcomes({ tables: reads.tables, ...(sql ? { sql } : {}) }, policy);
  return {
    id,
    question: draft.question,
    datasource: SYNTHETIC_DATASOURCE,
    source: 'hand',
    approved: true,
    tags: tagsFor(draft, outcome, paraphraseOf !== undefined),
    ...(paraphraseOf ? { paraphrase_of: paraphraseOf } : {}),
    order_matters: draft.ordered === true,
    outcome,
    tables: reads.tables,
    columns: reads.columns,
    ...(sql !== undefined && plan !== undefined ? { sql, plan } : {}),
  };
}

/** "How many ...?" -> "Could you tell me how many ...?" */
function rephrase(question: string): string {
  return `Could you tell me ${question.charAt(0).toLowerCase()}${question.slice(1)}`;
}

/** `count` cases for the shop `data`, drawn from `seed`; the same arguments give the same cases. */
export function generateCases(
  seed: number,
  count: number,
  data: ShopData,
  policy: AccessPolicy,
): EvalCase[] {
  const random = new SeededRandom(seed, 'cases');
  const shop = new ShopFacts(data);
  const weights = CASE_TEMPLATES.map((t) => t.weight);
  const width = Math.max(5, String(count).length);
  const cases: EvalCase[] = [];
  let original: { id: string; draft: Draft } | undefined;
  for (let i = 1; i <= count; i++) {
    const id = `syn_${String(i).padStart(width, '0')}`;
    if (original && random.percent(PARAPHRASE_PERCENT)) {
      const draft = { ...original.draft, question: rephrase(original.draft.question) };
      cases.push(caseOf(id, draft, policy, original.id));
      continue;
    }
    const template = CASE_TEMPLATES[random.weighted(weights)];
    if (template === undefined) throw new Error('no case template drawn');
    const draft = template.draw(random, shop);
    cases.push(caseOf(id, draft, policy, undefined));
    if (draft.plan) original = { id, draft };
  }
  return cases;
}
