// One verdict per case from the three tiers (spec 004 C.2, 001 section 6's flow), as pure
// functions. Tier 1 is the canonical AST match, tier 2 execution (the comparator strict, then
// lenient, and the test suite where one exists), tier 3 the LLM judge, asked only where the
// first two disagree or cannot decide:
//  - the candidate failed to run: fail (execution), never judged;
//  - AST match and rows match: pass (ast);
//  - AST match but rows differ: the tiers disagree, ask the judge (the verdict stays a fail);
//  - rows match but a test-suite database tells them apart: fail, a lucky match (execution);
//  - rows match on a suspiciously small gold result (empty, or at most `smallResultRows`
//    rows): ask the judge; not equivalent turns the pass into a lucky-match fail;
//  - rows differ but the SQL is close (AST similarity >= `closeSimilarity`): ask the judge;
//    equivalent makes it a review proposal (a possible new gold), never a pass;
//  - otherwise execution decides.
// The judge can turn a pass into a fail, never a fail into a pass: when a database is there,
// a pass rests on rows (001 section 6: "never use an LLM judge instead of execution").

/** The tier that decided a case. */
export type Tier = 'ast' | 'execution' | 'judge';

/** Why the judge was wanted. */
export type JudgeTrigger = 'small_result' | 'close_sql' | 'tiers_disagree';

export type CaseOutcome =
  /** tier 1: canonically the same query as the gold (or an alternative), rows agreeing */
  | 'ast_match'
  /** tier 2: the rows match (strict, or lenient when strict failed) */
  | 'rows_match'
  /** tier 2: the rows differ */
  | 'rows_differ'
  /** tier 2: the candidate did not run */
  | 'execution_error'
  /** the rows match here, but a test-suite database or the judge shows they are not the same query */
  | 'lucky_match'
  /** tier 3: a pass on a small result, confirmed equivalent */
  | 'judge_confirmed'
  /** tier 3: the rows differ and the judge agrees the queries differ */
  | 'judge_rejected'
  /** tier 3: the rows differ but the judge calls the queries equivalent: a human decides */
  | 'review';

export interface CascadeEvidence {
  /**
   * Tier 1: canonical match with the gold or an alternative; tree similarity to the closest
   * gold (judgeCase measures it only where it is read: rows differing without a match).
   */
  ast?: { match: boolean; similarity?: number | null };
  /** Tier 2 on the evaluation database. */
  execution:
    | { status: 'error'; message: string }
    | {
        status: 'compared';
        strict: { pass: boolean };
        lenient?: { pass: boolean };
        /** Rows of the gold result (the suspiciously-small test reads this). */
        goldRows: number;
      };
  /** Tier 2 on the test suite's databases, where a suite exists. */
  testSuite?: { pass: boolean; distinguishedBy: string | null };
}

export interface CascadeThresholds {
  /** AST similarity at or above which a failing candidate "looks close" (default 0.5). */
  closeSimilarity: number;
  /** A gold result with at most this many rows is suspiciously small (default 1). */
  smallResultRows: number;
}

export const DEFAULT_CASCADE_THRESHOLDS: Readonly<CascadeThresholds> = Object.freeze({
  closeSimilarity: 0.5,
  smallResultRows: 1,
});

/** What the judge said, as the verdict keeps it. */
export type JudgeFinding =
  | { equivalent: boolean; reason: string; differences: string[] }
  | { error: string };

export interface CaseVerdict {
  pass: boolean;
  tier: Tier;
  outcome: CaseOutcome;
  /** One line for the board. */
  reason: string;
  /** Why the judge was wanted, when it was (asked or not). */
  judgeTrigger?: JudgeTrigger;
  /** What the judge said, when it was asked. */
  judge?: JudgeFinding;
}

export type CascadeStep =
  | { kind: 'verdict'; verdict: CaseVerdict }
  | { kind: 'ask_judge'; trigger: JudgeTrigger; provisional: CaseVerdict };

const TRIGGER_TEXT: Record<JudgeTrigger, string> = {
  small_result: 'the rows match on a suspiciously small gold result',
  close_sql: 'the rows differ but the SQL is close to the gold',
  tiers_disagree: 'the SQL matches the gold canonically but the rows differ',
};

/** Tiers 1 and 2: a verdict, or the question for the judge with the verdict to keep without one. */
export function decideTiers(
  evidence: CascadeEvidence,
  thresholds: Partial<CascadeThresholds> = {},
): CascadeStep {
  const t = { ...DEFAULT_CASCADE_THRESHOLDS, ...thresholds };
  const exec = evidence.execution;
  if (exec.status === 'error') {
    return {
      kind: 'verdict',
      verdict: {
        pass: false,
        tier: 'execution',
        outcome: 'execution_error',
        reason: `the candidate did not run: ${exec.message}`,
      },
    };
  }
  const rowsPass = exec.strict.pass || exec.lenient?.pass === true;
  const score = exec.strict.pass ? 'strict' : 'lenient';
  if (!rowsPass) {
    const fail: CaseVerdict = {
      pass: false,
      tier: 'execution',
      outcome: 'rows_differ',
      reason: 'the rows differ from the gold (strict and lenient)',
    };
    if (evidence.ast?.match === true)
      return { kind: 'ask_judge', trigger: 'tiers_disagree', provisional: fail };
    const similarity = evidence.ast?.similarity;
    if (typeof similarity === 'number' && similarity >= t.closeSimilarity)
      return { kind: 'ask_judge', trigger: 'close_sql', provisional: fail };
    return { kind: 'verdict', verdict: fail };
  }
  if (evidence.testSuite !== undefined && !evidence.testSuite.pass) {
    return {
      kind: 'verdict',
      verdict: {
        pass: false,
        tier: 'execution',
        outcome: 'lucky_match',
        reason: `the rows match on the evaluation database but differ on test-suite database ${evidence.testSuite.distinguishedBy ?? '(unnamed)'}`,
      },
    };
  }
  if (evidence.ast?.match === true) {
    return {
      kind: 'verdict',
      verdict: {
        pass: true,
        tier: 'ast',
        outcome: 'ast_match',
        reason: 'the SQL is canonically the same as a gold query',
      },
    };
  }
  const pass: CaseVerdict = {
    pass: true,
    tier: 'execution',
    outcome: 'rows_match',
    reason: `the rows match the gold (${score}${evidence.testSuite?.pass ? ', and on every test-suite database' : ''})`,
  };
  if (exec.goldRows <= t.smallResultRows)
    return { kind: 'ask_judge', trigger: 'small_result', provisional: pass };
  return { kind: 'verdict', verdict: pass };
}

/**
 * Tier 3: the verdict once the judge has answered. Without a judge (none configured, or the
 * call failed) the provisional verdict stands, marked with the trigger (and the error).
 */
export function settleWithJudge(
  step: Extract<CascadeStep, { kind: 'ask_judge' }>,
  finding: JudgeFinding | undefined,
): CaseVerdict {
  const { trigger, provisional } = step;
  if (finding === undefined) {
    return {
      ...provisional,
      judgeTrigger: trigger,
      reason: `${provisional.reason}; ${TRIGGER_TEXT[trigger]}, but no judge is configured`,
    };
  }
  if ('error' in finding) {
    return {
      ...provisional,
      judgeTrigger: trigger,
      judge: finding,
      reason: `${provisional.reason}; ${TRIGGER_TEXT[trigger]}, but the judge failed: ${finding.error}`,
    };
  }
  const base = { tier: 'judge' as const, judgeTrigger: trigger, judge: finding };
  if (trigger === 'small_result') {
    return finding.equivalent
      ? {
          ...base,
          pass: true,
          outcome: 'judge_confirmed',
          reason: `the rows match on a small result and the judge finds the queries equivalent: ${finding.reason}`,
        }
      : {
          ...base,
          pass: false,
          outcome: 'lucky_match',
          reason: `the rows match on a small result, but the judge finds the queries differ: ${finding.reason}`,
        };
  }
  return finding.equivalent
    ? {
        ...base,
        pass: false,
        outcome: 'review',
        reason: `${TRIGGER_TEXT[trigger]}; the judge finds them equivalent, so the candidate is proposed as an alternative gold for review: ${finding.reason}`,
      }
    : {
        ...base,
        pass: false,
        outcome: 'judge_rejected',
        reason: `${TRIGGER_TEXT[trigger]}; the judge confirms they differ: ${finding.reason}`,
      };
}
