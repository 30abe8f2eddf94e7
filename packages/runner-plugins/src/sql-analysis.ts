// The SQL parser's part of a run (@nl2sql/sqlcheck, WebAssembly): runEval's `plugins.sql`.
import type * as Sqlcheck from '@nl2sql/sqlcheck';

type Module = typeof Sqlcheck;

/** runEval's `plugins.sql`, over @nl2sql/sqlcheck as loaded. */
export function sqlAnalysisOf(sqlcheck: Module) {
  return {
    load: () => sqlcheck.loadSqlcheck(),
    checkSafety: sqlcheck.checkSafety,
    runChecks: sqlcheck.runChecks,
    readSet: sqlcheck.readSet,
    diagnoseCase: sqlcheck.diagnoseCase,
  };
}

/** runEval's `plugins.sql`: @nl2sql/sqlcheck, imported now (its wasm compiles on first use). */
export async function sqlAnalysis(): Promise<ReturnType<typeof sqlAnalysisOf>> {
  return sqlAnalysisOf(await import('@nl2sql/sqlcheck'));
}
