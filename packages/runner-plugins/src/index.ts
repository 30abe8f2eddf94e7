export { defaultPlugins } from './default-plugins.js';
export { efficiencyPlugin, efficiencyPluginOf, type MeasureInput } from './efficiency-plugin.js';
export { judgePlugin, judgePluginOf } from './judge-plugin.js';
export { restrictedSqliteRunner } from './restricted-sqlite-runner.js';
export { sqlAnalysis, sqlAnalysisOf } from './sql-analysis.js';
export { testSuitePlugin, testSuitePluginOf } from './test-suite-plugin.js';
