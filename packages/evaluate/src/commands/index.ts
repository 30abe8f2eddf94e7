// The CLI's other commands as functions, each `nl2sql` command's flags as camelCased options
// and `{ exitCode, ... }` back with the data a script wants: the CLI is these behind its
// flags, and builds no datasource, engine or judge of its own.

export { type CheckSqlResult, checkSql } from '../check/check-sql.js';
export {
  crossCheckSnapshots,
  type SnapshotCrossCheck,
} from '../cross-check/cross-check-snapshots.js';
export {
  type CrossCheckResult,
  crossCheckSuite,
  type EngineCrossCheck,
} from '../cross-check/cross-check-suite.js';
export { type GrantRolesResult, grantRoles } from '../databases/grant-roles.js';
export { serveDatabase, startDatabase } from '../databases/start-database.js';
export type {
  StartedDatabase,
  StartedServer,
  WrittenDuckdb,
} from '../databases/started-database.js';
export { COMPARATOR_DEMO_CASES, type DemoCase } from '../demo/comparator-demo-cases.js';
export { type ComparatorDemoResult, comparatorDemo } from '../demo/demo-comparator.js';
export {
  datasourceIdFor,
  INIT_ROLE,
  type InitFile,
  type InitInput,
  initFiles,
  type ProjectFilesInput,
  projectFiles,
} from '../init/init-files.js';
export { type InitProjectResult, initProject } from '../init/init-project.js';
export { type CalibrateJudgeResult, calibrateJudge } from '../judge/calibrate-judge.js';
export { readPolicy } from '../project/policy-file.js';
export { type SuiteTestSuiteResult, suiteTestSuite } from '../testsuite/suite-test-suite.js';
export * from './command-options.js';
