// From an eval suite (YAML, @nl2sql/suite) to what a test suite is built for, and where its
// test suite lives: beside the suite file, `<suite>.testsuite/`.
import { basename, dirname, extname, join } from 'node:path';
import { type EvalSuite, isAnswerable, isApproved } from '@nl2sql/suite';
import type { GoldQuery } from './gold-query.js';

/** The golds of a suite's approved, answerable cases; one per SQL (paraphrases share a gold). */
export function suiteGolds(suite: EvalSuite): GoldQuery[] {
  return suite.cases
    .filter((c) => isApproved(c) && isAnswerable(c))
    .map((c) => ({
      id: c.id,
      sql: c.sql!,
      ...(c.alt_sql !== undefined && c.alt_sql.length > 0 ? { altSql: c.alt_sql } : {}),
      orderMatters: c.order_matters,
    }));
}

/** `suites/chinook.yaml` -> `suites/chinook.testsuite`. */
export function testSuiteDir(suitePath: string): string {
  return join(dirname(suitePath), `${basename(suitePath, extname(suitePath))}.testsuite`);
}
