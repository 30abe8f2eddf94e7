import type { AccessPolicy } from '@nl2sql/access-policy';
import type { EvaluationOptions } from './evaluation-options.js';
import type {
  CascadeThresholdsLike,
  JudgeLike,
  JudgePass,
  RunnerPlugins,
  SqlAnalysis,
  TestSuiteHandle,
  TestSuitePass,
} from './plugins.js';
import { requireJudge, requireSql, requireTestSuite } from './require-plugins.js';
import { RunnerError } from './runner-error.js';
import type { SqlChecksOptions } from './sql-checks-scorer.js';

/** The evaluation of a run with its defaults applied and its judge's calibration checked. */
export interface EvaluationSettings {
  readonly dialect: 'sqlite' | 'postgres';
  readonly schema?: EvaluationOptions['schema'];
  readonly lookupTables?: readonly string[];
  readonly testSuite?: { readonly suite: TestSuiteHandle; readonly pass: TestSuitePass };
  readonly judge?: JudgeLike;
  readonly cascade?: Partial<CascadeThresholdsLike>;
  /** The row comparison's tolerance (EX's), which the test suite uses too. */
  readonly tolerance?: number;
  /** SQL longer than this (UTF-8 bytes) is not diagnosed: the sql checks' size limit. */
  readonly maxSqlBytes?: number;
  /**
   * The access policy the roles were asked under: the diagnostics of a case run as a role
   * (normalised match, test suite, judge) use only the alternatives that role may read all
   * of, as result_match does (role-golds.ts).
   */
  readonly policy?: AccessPolicy;
  /** The parser the diagnostics read the SQL with (plugins.sql). */
  readonly sql: SqlAnalysis;
  /** The verdict cascade (plugins.judge). */
  readonly cascadePass: JudgePass;
}

/**
 * Resolves the evaluation options. A judge is accepted only with a calibration record that is
 * its own and passes the thresholds (UNCALIBRATED_JUDGE otherwise): a judge nobody measured
 * never decides a case. The plugins it needs are required (MISSING_PLUGIN).
 */
export function resolveEvaluation(
  options: EvaluationOptions | false | undefined,
  sqlChecks: SqlChecksOptions | false | undefined,
  tolerance: number | undefined,
  policy?: AccessPolicy,
  plugins?: RunnerPlugins,
): EvaluationSettings | null {
  if (options === false) return null;
  const sql = requireSql(plugins, 'the evaluation beyond EX (evaluation: false turns it off)');
  const cascadePass = requireJudge(
    plugins,
    'the evaluation beyond EX (evaluation: false turns it off)',
  );
  const checks = sqlChecks === false ? {} : (sqlChecks ?? {});
  const dialect = options?.dialect ?? (checks.dialect === 'postgres' ? 'postgres' : 'sqlite');
  const schema = options?.schema ?? (checks.schema as EvaluationOptions['schema']);
  if (options?.judge) {
    const failure = cascadePass.calibrationFailure(options.judge.calibration, options.judge.judge);
    if (failure !== null) throw new RunnerError('UNCALIBRATED_JUDGE', failure);
  }
  const testSuite = options?.testSuite
    ? { suite: options.testSuite, pass: requireTestSuite(plugins, 'evaluation.testSuite') }
    : undefined;
  return {
    dialect,
    sql,
    cascadePass,
    ...(schema ? { schema } : {}),
    ...(options?.lookupTables ? { lookupTables: options.lookupTables } : {}),
    ...(testSuite ? { testSuite } : {}),
    ...(options?.judge ? { judge: options.judge.judge } : {}),
    ...(options?.cascade ? { cascade: options.cascade } : {}),
    ...(tolerance !== undefined ? { tolerance } : {}),
    ...(checks.maxSqlBytes !== undefined ? { maxSqlBytes: checks.maxSqlBytes } : {}),
    ...(policy ? { policy } : {}),
  };
}
