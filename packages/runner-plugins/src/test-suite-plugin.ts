// Test-suite accuracy (@nl2sql/testsuite, on SQLite): runEval's `plugins.testSuite`.
import type * as Testsuite from '@nl2sql/testsuite';

/** runEval's `plugins.testSuite`, over @nl2sql/testsuite as loaded. */
export function testSuitePluginOf(testsuite: typeof Testsuite) {
  return {
    match: testsuite.testSuiteMatch,
    isSuiteError: (error: unknown): error is Error => error instanceof testsuite.TestSuiteError,
  };
}

/** runEval's `plugins.testSuite`: @nl2sql/testsuite, imported now. */
export async function testSuitePlugin(): Promise<ReturnType<typeof testSuitePluginOf>> {
  return testSuitePluginOf(await import('@nl2sql/testsuite'));
}
