import type { TableLike } from '@nl2sql/comparator';
import type { CaseTestSuiteRecord } from '@nl2sql/records';
import type { EvalCase } from '@nl2sql/suite';
import type { TestSuiteHandle, TestSuitePass } from './plugins.js';

/** What EX said of a case run, which the test suite starts from. */
export interface ExecutionMatch {
  readonly strict: boolean;
  readonly lenient: boolean;
}

/**
 * Test-suite accuracy of one allowed case run (001 §5.2): the SQL must match the gold on every
 * database of the suite under the policy EX passed it with. On the original database the
 * verdict is EX's own (`originalPass`), not run again: a case run that fails EX fails the test
 * suite without running anything, and a test-suite pass is always an EX pass. A suite that cannot judge the gold (it fails on a variant) is a failure with the
 * reason, never a pass.
 */
export async function caseTestSuite(
  testSuite: { readonly suite: TestSuiteHandle; readonly pass: TestSuitePass },
  c: EvalCase,
  sql: string | null,
  gold: readonly TableLike[],
  ex: ExecutionMatch,
  tolerance: number | undefined,
): Promise<CaseTestSuiteRecord> {
  if (c.sql === undefined || sql === null || (!ex.strict && !ex.lenient)) {
    return { pass: false, lenient: false, distinguished_by: 'original', databases: 0 };
  }
  const match = (score: 'strict' | 'lenient') =>
    testSuite.pass.match(testSuite.suite, {
      prediction: sql,
      gold: { sql: c.sql as string, ...(c.alt_sql ? { altSql: c.alt_sql } : {}) },
      policy: {
        score,
        orderMatters: c.order_matters,
        ...(tolerance !== undefined ? { tolerance } : {}),
      },
      originalGold: gold,
      // EX has just run the SQL on the original and compared it (with the gold's ties): that
      // is the verdict there, not a second run compared without them
      originalPass: score === 'strict' ? ex.strict : ex.lenient,
    });
  try {
    const strict = ex.strict ? await match('strict') : null;
    // Lenient is a superset of strict: a strict pass on every database needs no second run.
    const lenient = strict?.pass ? strict : ex.lenient ? await match('lenient') : null;
    const first = strict ?? lenient;
    // A database where the prediction did not run (a timeout on a loaded machine) tells
    // nothing apart: the suite could not judge the case, which is a failure with the reason.
    const failed = first?.databases.find((d) => !d.pass);
    if (failed?.error !== undefined) {
      return {
        pass: false,
        lenient: false,
        distinguished_by: null,
        databases: first?.databases.length ?? 0,
        error: `the test suite cannot judge this case: the SQL did not run on ${failed.database}: ${failed.error}`,
      };
    }
    return {
      pass: strict?.pass === true,
      lenient: lenient?.pass === true,
      distinguished_by: strict?.pass ? null : (first?.distinguishedBy ?? null),
      databases: first?.databases.length ?? 0,
    };
  } catch (error) {
    if (!testSuite.pass.isSuiteError(error)) throw error;
    return {
      pass: false,
      lenient: false,
      distinguished_by: null,
      databases: 0,
      error: `the test suite cannot judge this case: ${error.message}`,
    };
  }
}
