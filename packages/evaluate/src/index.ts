// @nl2sql/evaluate: an evaluation run from options, as `nl2sql eval run` and `eval merge` do
// it, for a script, a test or a CI step of a team's own (the CLI is these functions behind
// its flags). Below them, the pieces the CLI's other commands share: the project, its
// datasources and suites, saved reports, the gate against a baseline.

export * from './authoring/index.js';
export { checkOptions } from './check-options.js';
export * from './commands/index.js';
export { openDatabase } from './datasources/open-database.js';
export { openPostgresDatabase, withoutPasswords } from './datasources/open-postgres.js';
// The API.
export { evaluate } from './evaluate.js';
export {
  EVALUATE_OPTIONS,
  type EvaluateOptions,
  MERGE_OPTIONS,
  type MergeOptions,
} from './evaluate-options.js';
export type { EvaluateResult } from './evaluate-result.js';
export { mergeRuns } from './merge-runs.js';
export * from './options.js';
export { type OpenDatasource, withLimits } from './project/datasource-limits.js';
// The project a command works in: evals.yaml (or the built-in Chinook one), its suites,
// datasources and snapshots.
export {
  loadProjectFile,
  openProject,
  openProjectBeforeData,
  type ProjectBeforeData,
  projectFile,
} from './project/open-project.js';
export { type ProjectCommit, projectCommit, recordsCommit } from './project/project-commit.js';
export { type OpenDatasources, openDatasources } from './project/project-datasources.js';
export {
  type OpenSnapshot,
  type OpenSnapshots,
  openSnapshots,
} from './project/project-snapshots.js';
export {
  type ChosenSuite,
  chooseSuite,
  type SuiteList,
  suiteName,
} from './project/project-suite.js';
export { openSuiteDatabases, type SuiteDatabases } from './project/suite-databases.js';
export { reportersFor } from './reporting/reporter-set.js';
export {
  parseReporter,
  type ReporterOptions,
  type ReporterSpec,
  readsSuite,
  reporterSpecs,
} from './reporting/reporter-specs.js';
export { FileFailures } from './run/file-failures.js';
export {
  type BaselineGate,
  type BaselineGateOptions,
  gateAgainstBaseline,
  type MissingRuns,
  missingCaseRuns,
} from './run/gate-baseline.js';
export { gateOverrides } from './run/gate-flags.js';
export { type BuiltJudge, buildJudge } from './run/judge-option.js';
export { type LintDatabase, lintOnDatasources } from './run/lint-datasources.js';
// Engines and the judge a run builds.
export {
  checkPredictionFlags,
  loadPredictions,
  NO_PREDICTION,
  predictionsConfig,
  predictionsEngine,
} from './run/predictions-engine.js';
export {
  type ProcessEngineEntry,
  type ProcessEngineSetup,
  processEngineConfig,
} from './run/process-engine-config.js';
// What a run prints and how it is stopped.
export { progressListener } from './run/progress-line.js';
export { writeReviewProposals } from './run/review-proposals.js';
export {
  type RunExitRules,
  type RunExitVerdict,
  runExitRules,
  runExitVerdict,
} from './run/run-exit.js';
export { redactingIo, runRedactor, urlSecrets } from './run/run-secrets.js';
export { loadRunSuite } from './run/run-suite-file.js';
// Saved reports, records, the gate and how a run exits.
export {
  readRunRecords,
  readSavedReport,
  type SavedReport,
  savedReport,
  savedReportListener,
  writeSavedReport,
} from './run/saved-report.js';
export {
  STOP_SIGNALS,
  type StopSignal,
  type StopSignals,
  stopOnSignals,
} from './run/stop-signals.js';
export * from './saved-runs/index.js';
export { reviewQueueFile } from './suite/review-queue-file.js';
export { unapprovedNote } from './suite/unapproved-note.js';
