import type {
  CascadeThresholdsLike,
  JudgeLike,
  KeyedSchemaLike,
  TestSuiteHandle,
} from './plugins.js';

/**
 * What the runner evaluates beyond execution accuracy on every ask (issue 16): the SQL
 * diagnostics of each case run, test-suite accuracy where a test suite is given, and the
 * three-tier verdict, with an LLM judge only when one is given with a passing calibration
 * record. None of it changes a case run's status or the gate (decisions/evaluation-beyond-ex-in-runs.md).
 */
export interface EvaluationOptions {
  /** The dialect of the golds and the SQL. Default sqlcheck's `sqlite`, or sql_checks' dialect. */
  readonly dialect?: 'sqlite' | 'postgres';
  /** The database's schema with keys (the datasource's introspection fits); default sql_checks'. */
  readonly schema?: KeyedSchemaLike;
  /** Reference tables (or `Table.Column`s) selected by value: a wrong value there is a filter value, not entity linking. */
  readonly lookupTables?: readonly string[];
  /**
   * The suite's distilled test suite, opened (@nl2sql/testsuite's `openTestSuite`); the caller
   * closes it. Needs `plugins.testSuite`.
   */
  readonly testSuite?: TestSuiteHandle;
  /**
   * The LLM judge for tier 3 and the calibration record that lets it judge: runEval checks
   * the record is this judge's and passes (`plugins.judge.calibrationFailure`) before any case runs.
   */
  readonly judge?: {
    readonly judge: JudgeLike;
    /** @nl2sql/judge's CalibrationRecord: the judge plugin reads it. */
    readonly calibration: unknown;
  };
  /** When the cascade wants the judge (default judge's: similarity 0.5, at most 1 gold row). */
  readonly cascade?: Partial<CascadeThresholdsLike>;
}
