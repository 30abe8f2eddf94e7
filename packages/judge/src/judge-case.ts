// The runner's one call per case: gather tier 1 (canonical match and tree similarity from
// @nl2sql/sqlcheck) beside the tier-2 verdicts the runner already has, run the cascade, ask the
// judge when the cascade wants it, and return one verdict with the deciding tier and the
// judge's usage (so the run bills it under its cost cap). A judged-equivalent disagreement
// comes back with a review proposal: the candidate as an alternative gold.
import type { UsageRecord } from '@nl2sql/llm';
import { LlmError } from '@nl2sql/llm';
import { astSimilarity, normalizedMatch } from '@nl2sql/sqlcheck';
import {
  type CascadeEvidence,
  type CascadeThresholds,
  type CaseVerdict,
  decideTiers,
  settleWithJudge,
} from './cascade.js';
import type { Judge, JudgedResult, JudgeSchema } from './judge.js';

export interface JudgeCaseInput {
  question: string;
  dialect: 'sqlite' | 'postgres';
  /** The database's schema, for the judge. */
  schema?: JudgeSchema;
  orderMatters?: boolean;
  gold: { sql: string; altSql?: readonly string[]; result: JudgedResult };
  candidate: { sql: string; result: JudgedResult };
  /** The comparator's verdicts on the evaluation database. */
  strict: { pass: boolean };
  lenient?: { pass: boolean };
  /** The test-suite verdict, where the suite has one. */
  testSuite?: { pass: boolean; distinguishedBy: string | null };
  /**
   * Tier 1's canonical match, when the caller has measured it already (sqlcheck's
   * `normalizedMatch` of the candidate against the gold and its alternatives, as the runner's
   * diagnostics do); measured here otherwise.
   */
  canonicalMatch?: boolean;
}

export interface JudgeCaseOptions {
  /** The calibrated judge; without one, cases that want it keep their tier-2 verdict. */
  judge?: Judge;
  thresholds?: Partial<CascadeThresholds>;
  signal?: AbortSignal;
}

export interface CaseJudgement extends CaseVerdict {
  /** What the tiers saw. */
  evidence: CascadeEvidence;
  /** The judge's calls for this case (empty when it was not asked). */
  usage: UsageRecord[];
  costUsd: number;
  /** For `outcome: 'review'`: the candidate proposed as an alternative gold, and why. */
  proposal?: { altSql: string; reason: string };
}

export async function judgeCase(
  input: JudgeCaseInput,
  options: JudgeCaseOptions = {},
): Promise<CaseJudgement> {
  const golds = [input.gold.sql, ...(input.gold.altSql ?? [])];
  const match =
    input.canonicalMatch ??
    (await normalizedMatch(input.candidate.sql, golds, input.dialect)).match;
  const candidateResult = input.candidate.result;
  const goldResult = input.gold.result;
  // The tree diff is the dearest measure here, and the cascade reads it in one place only: rows
  // that differ without a canonical match (is the SQL close enough to ask the judge?).
  const rowsPass = input.strict.pass || input.lenient?.pass === true;
  const similarity =
    'error' in candidateResult || rowsPass || match
      ? null
      : await closestSimilarity(golds, input.candidate.sql, input.dialect);
  const evidence: CascadeEvidence = {
    ast: { match, similarity },
    execution:
      'error' in candidateResult
        ? { status: 'error', message: candidateResult.error }
        : {
            status: 'compared',
            strict: input.strict,
            ...(input.lenient ? { lenient: input.lenient } : {}),
            goldRows: 'error' in goldResult ? 0 : goldResult.rows.length,
          },
    ...(input.testSuite ? { testSuite: input.testSuite } : {}),
  };
  const step = decideTiers(evidence, options.thresholds);
  if (step.kind === 'verdict') return { ...step.verdict, evidence, usage: [], costUsd: 0 };
  if (options.judge === undefined)
    return { ...settleWithJudge(step, undefined), evidence, usage: [], costUsd: 0 };

  try {
    const verdict = await options.judge.judge(
      {
        question: input.question,
        dialect: input.dialect,
        ...(input.schema ? { schema: input.schema } : {}),
        ...(input.orderMatters !== undefined ? { orderMatters: input.orderMatters } : {}),
        gold: { sql: input.gold.sql, result: goldResult },
        candidate: { sql: input.candidate.sql, result: candidateResult },
      },
      options.signal ? { signal: options.signal } : {},
    );
    const settled = settleWithJudge(step, {
      equivalent: verdict.equivalent,
      reason: verdict.reason,
      differences: verdict.differences,
    });
    return {
      ...settled,
      evidence,
      usage: verdict.usage,
      costUsd: verdict.costUsd,
      ...(settled.outcome === 'review'
        ? { proposal: { altSql: input.candidate.sql, reason: verdict.reason } }
        : {}),
    };
  } catch (error) {
    // A cancelled run stops; any other failure leaves the tier-2 verdict, marked, with the
    // usage of calls that were billed before it.
    if (options.signal?.aborted || (error instanceof LlmError && error.code === 'CANCELLED'))
      throw error;
    const usage = error instanceof LlmError ? error.usage : [];
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...settleWithJudge(step, { error: message }),
      evidence,
      usage,
      costUsd: options.judge.cost(usage),
    };
  }
}

/** The candidate's tree similarity to the closest gold; null when no pair could be diffed. */
async function closestSimilarity(
  golds: readonly string[],
  candidate: string,
  dialect: JudgeCaseInput['dialect'],
): Promise<number | null> {
  let closest: number | null = null;
  for (const gold of golds) {
    const s = await astSimilarity(gold, candidate, dialect);
    if (s !== undefined && (closest === null || s.similarity > closest)) closest = s.similarity;
  }
  return closest;
}
