import type { AccessPolicy } from '@nl2sql/access-policy';
import {
  type CascadeThresholds,
  checkCalibration,
  type Judge,
  UncalibratedJudgeError,
} from '@nl2sql/judge';
import type { TestSuite } from '@nl2sql/testsuite';
import type { EvaluationOptions } from './evaluation-options.js';
import { RunnerError } from './runner-error.js';
import type { SqlChecksOptions } from './sql-checks-scorer.js';

/** The evaluation of a run with its defaults applied and its judge's calibration checked. */
export interface EvaluationSettings {
  readonly dialect: 'sqlite' | 'postgres';
  readonly schema?: EvaluationOptions['schema'];
  readonly lookupTables?: readonly string[];
  readonly testSuite?: TestSuite;
  readonly judge?: Judge;
  readonly cascade?: Partial<CascadeThresholds>;
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
}

/**
 * Resolves the evaluation options. A judge is accepted only with a calibration record that is
 * its own and passes the thresholds (UNCALIBRATED_JUDGE otherwise): a judge nobody measured
 * never decides a case.
 */
export function resolveEvaluation(
  options: EvaluationOptions | false | undefined,
  sqlChecks: SqlChecksOptions | false | undefined,
  tolerance: number | undefined,
  policy?: AccessPolicy,
): EvaluationSettings | null {
  if (options === false) return null;
  const checks = sqlChecks === false ? {} : (sqlChecks ?? {});
  const dialect = options?.dialect ?? (checks.dialect === 'postgres' ? 'postgres' : 'sqlite');
  const schema = options?.schema ?? (checks.schema as EvaluationOptions['schema']);
  if (options?.judge) {
    try {
      checkCalibration(options.judge.calibration, options.judge.judge.identity);
    } catch (error) {
      if (error instanceof UncalibratedJudgeError)
        throw new RunnerError('UNCALIBRATED_JUDGE', error.message);
      throw error;
    }
  }
  return {
    dialect,
    ...(schema ? { schema } : {}),
    ...(options?.lookupTables ? { lookupTables: options.lookupTables } : {}),
    ...(options?.testSuite ? { testSuite: options.testSuite } : {}),
    ...(options?.judge ? { judge: options.judge.judge } : {}),
    ...(options?.cascade ? { cascade: options.cascade } : {}),
    ...(tolerance !== undefined ? { tolerance } : {}),
    ...(checks.maxSqlBytes !== undefined ? { maxSqlBytes: checks.maxSqlBytes } : {}),
    ...(policy ? { policy } : {}),
  };
}
