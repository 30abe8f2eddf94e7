import { sqlSizeViolation } from '@nl2sql/diagnostics';
import type { UsageRecord } from '@nl2sql/llm';
import type { CaseDiagnosticsRecord, CaseTestSuiteRecord } from '@nl2sql/records';
import { caseForRole } from '@nl2sql/suite';
import type { CaseResult } from './case-result.js';
import { caseTestSuite, type ExecutionMatch } from './case-test-suite.js';
import { decideVerdict } from './case-verdict.js';
import type { EvaluationSettings } from './evaluation-settings.js';
import { goldTables } from './gold-tables.js';
import type { CaseDiagnostics, DiagnoseCaseInput } from './plugins.js';
import { rowsCheckPassed } from './rows-check.js';
import type { CaseTask } from './task-list.js';

/** A case run's diagnostics, and the judge's calls they took (billed to the case run). */
export interface CaseEvaluation {
  readonly diagnostics: CaseDiagnosticsRecord;
  readonly judgeUsage: readonly UsageRecord[];
  readonly judgeCostUsd: number;
}

const NOTHING = {
  normalized_match: null,
  component_f1: null,
  ast_similarity: null,
  filter_values: null,
  difficulty: null,
  error_class: null,
  error_evidence: [],
  empty_match: false,
  test_suite: null,
} as const;

/**
 * What sqlcheck's diagnostics read of a case run, or null when the case is decided by its
 * outcome alone (a refusal expected, no gold SQL, or no row comparison).
 */
export function diagnoseInput(
  task: CaseTask,
  result: CaseResult,
  settings: EvaluationSettings,
): DiagnoseCaseInput | null {
  // Only the alternatives the role may read all of are golds for it (role-golds.ts).
  const c = caseForRole(task.case, task.role, settings.policy);
  const match = result.scores.result_match;
  if (task.expected !== 'allowed' || c.sql === undefined || match === undefined) return null;
  return {
    goldSql: c.sql,
    ...(c.alt_sql ? { altSql: c.alt_sql } : {}),
    predSql: result.sql && result.sql.trim() !== '' ? result.sql : null,
    dialect: settings.dialect,
    verdict: {
      pass: match.pass,
      lenientPass: match.lenient,
      executed: result.engineStatus === 'success' && rowsCheckPassed(result.rowsCheck),
    },
    ...(settings.schema ? { schema: settings.schema } : {}),
    ...(settings.lookupTables ? { lookupTables: settings.lookupTables } : {}),
  };
}

/** Why a text of this case run is too long to diagnose, or undefined when none is. */
export function overLimit(
  input: DiagnoseCaseInput,
  settings: EvaluationSettings,
): string | undefined {
  const texts = [input.predSql ?? '', input.goldSql, ...(input.altSql ?? [])];
  for (const [i, text] of texts.entries()) {
    const finding = sqlSizeViolation(text, settings.maxSqlBytes);
    if (finding !== undefined) {
      const which = i === 0 ? "the engine's SQL" : i === 1 ? 'the gold SQL' : 'an alt_sql';
      return `not diagnosed: ${which}: ${finding.message}`;
    }
  }
  return undefined;
}

/**
 * Everything issue 16 adds to one finished, asked case run: sqlcheck's diagnostics
 * (normalised exact match, component F1, AST similarity, filter values, the gold's difficulty,
 * the error class of a failure), the test-suite verdict, and the three-tier verdict. It reads
 * the case run as it was recorded (its SQL, the engine's status, the result_match score, the
 * head of its result), so it runs after the asks (evaluation-pass.ts); sqlcheck's part may have
 * been computed while they ran (diagnostics-ahead.ts). A case whose expected
 * outcome is a refusal (or that has no gold SQL) is decided by its outcome. Diagnostics never
 * change the case run's status.
 */
export async function evaluateCase(
  task: CaseTask,
  result: CaseResult,
  settings: EvaluationSettings,
  signal?: AbortSignal,
  ahead?: CaseDiagnostics,
): Promise<CaseEvaluation> {
  const c = caseForRole(task.case, task.role, settings.policy);
  const match = result.scores.result_match;
  const input = diagnoseInput(task, result, settings);
  if (input === null || c.sql === undefined || match === undefined) {
    const pass = result.status === 'pass';
    return {
      diagnostics: {
        ...NOTHING,
        verdict: {
          pass,
          tier: 'execution',
          outcome: pass ? 'outcome_match' : 'outcome_differs',
          reason: pass
            ? `the engine's answer is the expected outcome (${task.expected})`
            : (result.explanation ?? `the expected outcome was ${task.expected}`),
        },
      },
      judgeUsage: [],
      judgeCostUsd: 0,
    };
  }
  const ex: ExecutionMatch = { strict: match.pass, lenient: match.lenient };
  const sql = input.predSql ?? null;
  const unread = overLimit(input, settings);
  if (unread !== undefined) {
    // Not parsed, not judged: the sql_size scorer has already failed the case run.
    return {
      diagnostics: {
        ...NOTHING,
        verdict: { pass: false, tier: 'execution', outcome: 'execution_error', reason: unread },
      },
      judgeUsage: [],
      judgeCostUsd: 0,
    };
  }
  // computed while the asks ran (diagnostics-ahead.ts) from this same input, or now
  const found = ahead ?? (await settings.sql.diagnoseCase(input));
  const gold = goldTables(c, result.resultHead?.columns.length ?? 0);
  let testSuite: CaseTestSuiteRecord | null = null;
  if (settings.testSuite) {
    testSuite = await caseTestSuite(settings.testSuite, c, sql, gold, ex, settings.tolerance);
  }
  const decided = await decideVerdict({
    case: c,
    result,
    gold,
    ex,
    testSuite,
    ...(sql !== null ? { canonicalMatch: found.normalizedMatch } : {}),
    dialect: settings.dialect,
    ...(settings.schema ? { schema: settings.schema } : {}),
    cascade: settings.cascadePass,
    ...(settings.judge ? { judge: settings.judge } : {}),
    ...(settings.cascade ? { thresholds: settings.cascade } : {}),
    ...(signal ? { signal } : {}),
  });
  const values = found.filterValues;
  return {
    diagnostics: {
      normalized_match: sql === null ? null : found.normalizedMatch,
      component_f1: found.componentF1,
      ast_similarity: found.astSimilarity,
      filter_values: values
        ? {
            total: values.total,
            present: values.present,
            all_present: values.allPresent,
            ids: { total: values.ids.total, present: values.ids.present },
            missing: values.missing.map((v) => (v.kind === 'string' ? `'${v.value}'` : v.value)),
          }
        : null,
      difficulty: found.difficulty?.level ?? null,
      error_class: found.errorClass,
      error_evidence: found.errorEvidence,
      empty_match: match.pass && match.detail.empty_match === true,
      test_suite: testSuite,
      verdict: decided.verdict,
    },
    judgeUsage: decided.usage,
    judgeCostUsd: decided.costUsd,
  };
}
