import type { TableLike } from '@nl2sql/comparator';
import type { UsageRecord } from '@nl2sql/llm';
import type { CaseTestSuiteRecord, CaseVerdictRecord } from '@nl2sql/records';
import type { EvalCase } from '@nl2sql/suite';
import type { CaseResult } from './case-result.js';
import type { ExecutionMatch } from './case-test-suite.js';
import type { EvaluationOptions } from './evaluation-options.js';
import type { CascadeThresholdsLike, CaseJudgementLike, JudgeLike, JudgePass } from './plugins.js';
import { rowsCheckPassed } from './rows-check.js';

/** A verdict and what its judge cost (nothing when the judge was not asked). */
export interface DecidedVerdict {
  readonly verdict: CaseVerdictRecord;
  readonly usage: readonly UsageRecord[];
  readonly costUsd: number;
}

export interface VerdictInput {
  readonly case: EvalCase;
  /** The finished case run: its SQL, the engine's status and error, the head of its result. */
  readonly result: CaseResult;
  readonly gold: readonly TableLike[];
  readonly ex: ExecutionMatch;
  readonly testSuite: CaseTestSuiteRecord | null;
  /** Tier 1's canonical match as the case run's diagnostics measured it (against every gold). */
  readonly canonicalMatch?: boolean;
  readonly dialect: 'sqlite' | 'postgres';
  readonly schema?: EvaluationOptions['schema'];
  /** The cascade that decides (plugins.judge). */
  readonly cascade: JudgePass;
  readonly judge?: JudgeLike;
  readonly thresholds?: Partial<CascadeThresholdsLike>;
  readonly signal?: AbortSignal;
}

function record(j: CaseJudgementLike): CaseVerdictRecord {
  return {
    pass: j.pass,
    tier: j.tier,
    outcome: j.outcome,
    reason: j.reason,
    ...(j.judgeTrigger ? { judge_trigger: j.judgeTrigger } : {}),
    ...(j.judge
      ? {
          judge:
            'error' in j.judge
              ? { error: j.judge.error }
              : { equivalent: j.judge.equivalent, reason: j.judge.reason },
        }
      : {}),
    ...(j.usage.length > 0 ? { judge_cost_usd: j.costUsd } : {}),
    ...(j.proposal ? { proposal: { alt_sql: j.proposal.altSql, reason: j.proposal.reason } } : {}),
  };
}

/** The first failed execution score other than the rows' own (result_match), or null. */
function failedCheck(result: CaseResult): { name: string; explanation: string } | null {
  for (const [name, score] of Object.entries(result.scores)) {
    if (name === 'result_match' || score.kind !== 'execution' || score.pass) continue;
    return { name, explanation: score.explanation ?? 'no reason given' };
  }
  return null;
}

/**
 * The three-tier verdict of an allowed case run (spec 004; `@nl2sql/judge`'s cascade): the
 * canonical AST match, then execution (EX strict then lenient, and the test suite where there
 * is one), then the judge only where those disagree or cannot decide. The judge can turn a
 * pass into a fail and a fail into a review proposal, never a fail into a pass. A case run
 * without SQL, or whose engine did not answer, is decided by execution.
 */
export async function decideVerdict(input: VerdictInput): Promise<DecidedVerdict> {
  const { result } = input;
  const goldSql = input.case.sql;
  const answered = result.error
    ? `${result.error.code}: ${result.error.message}`
    : `the engine answered ${result.engineStatus ?? 'nothing'}`;
  // The harness's check of an external engine's answer failed (rows that are not its SQL's,
  // SQL it could not or would not run): no tier may pass it, and no judge is paid for it.
  if (!rowsCheckPassed(result.rowsCheck)) {
    return {
      verdict: {
        pass: false,
        tier: 'execution',
        outcome: 'execution_error',
        reason: `the harness's check of the answer failed: ${answered}`,
      },
      usage: [],
      costUsd: 0,
    };
  }
  // A check beside the rows failed the case run (a leak or a wrong outcome, an unsafe step of
  // its trajectory, the SQL size limit): the tiers ask whether the SQL means the gold, and no
  // answer to that can make such a run pass.
  const failed = failedCheck(result);
  if (failed !== null) {
    return {
      verdict: {
        pass: false,
        tier: 'execution',
        outcome: 'execution_error',
        reason: `the case run failed ${failed.name}: ${failed.explanation}`,
      },
      usage: [],
      costUsd: 0,
    };
  }
  if (goldSql === undefined || result.sql === null || result.sql.trim() === '') {
    return {
      verdict: {
        pass: false,
        tier: 'execution',
        outcome: 'execution_error',
        reason: `no SQL to judge: ${answered}`,
      },
      usage: [],
      costUsd: 0,
    };
  }
  // The judge sees the head of each result, as the case run kept it.
  const head = result.resultHead;
  const candidate =
    result.engineStatus === 'success' && head !== null
      ? { columns: head.columns, rows: head.rows, truncated: head.truncated }
      : { error: answered };
  const gold = input.gold[0] ?? { columns: [], rows: [] };
  const ts = input.testSuite;
  const judgement = await input.cascade.judgeCase(
    {
      question: input.case.question,
      dialect: input.dialect,
      ...(input.schema ? { schema: input.schema } : {}),
      orderMatters: input.case.order_matters,
      gold: {
        sql: goldSql,
        ...(input.case.alt_sql ? { altSql: input.case.alt_sql } : {}),
        result: { columns: gold.columns, rows: gold.rows },
      },
      candidate: { sql: result.sql, result: candidate },
      ...(input.canonicalMatch !== undefined ? { canonicalMatch: input.canonicalMatch } : {}),
      strict: { pass: input.ex.strict },
      lenient: { pass: input.ex.lenient },
      // The suite's verdict under the policy EX passed with.
      ...(ts && ts.error === undefined
        ? {
            testSuite: {
              pass: input.ex.strict ? ts.pass : ts.lenient,
              distinguishedBy: ts.distinguished_by,
            },
          }
        : {}),
    },
    {
      ...(input.judge ? { judge: input.judge } : {}),
      ...(input.thresholds ? { thresholds: input.thresholds } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    },
  );
  return { verdict: record(judgement), usage: judgement.usage, costUsd: judgement.costUsd };
}
