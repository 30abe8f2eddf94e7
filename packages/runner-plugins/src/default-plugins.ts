// Every plugin of @nl2sql/runner in one call (decisions/runner-passes.md): what a caller that
// installs the heavy packages (the CLI does) gives runEval as `plugins`. Each package is
// imported here, on the call, so importing this package costs nothing until then.
import { efficiencyPlugin } from './efficiency-plugin.js';
import { judgePlugin } from './judge-plugin.js';
import { sqlAnalysis } from './sql-analysis.js';
import { testSuitePlugin } from './test-suite-plugin.js';

/** runEval's `plugins`: the SQL parser, test-suite accuracy, the verdict cascade, efficiency. */
export async function defaultPlugins() {
  const [sql, testSuite, judge, efficiency] = await Promise.all([
    sqlAnalysis(),
    testSuitePlugin(),
    judgePlugin(),
    efficiencyPlugin(),
  ]);
  return { sql, testSuite, judge, efficiency };
}
