export {
  type AnswerCheckOptions,
  type AnswerChecks,
  type AnswerExecution,
  type CheckedAnswer,
  checkAnswer,
  DEFAULT_ANSWER_TIMEOUT_MS,
} from './answer-execution.js';
export { askCase } from './ask-case.js';
export {
  accuracy,
  type BoardOptions,
  buildBoard,
  buildRetrievalBoard,
  passedAllScorers,
} from './board.js';
export { BoardTally, type BoardTallyOptions } from './board-tally.js';
export type { CaseContext } from './case-context.js';
export { caseCost } from './case-cost.js';
export { CaseTimeoutError, withDeadline } from './case-deadline.js';
export { type CaseEvaluation, evaluateCase } from './case-diagnostics.js';
export {
  type CaseAnswer,
  type CaseResult,
  type CaseTimings,
  caseResult,
  type FinishedRun,
  roundMs,
  timedResult,
} from './case-result.js';
export {
  type CaseRunRecord,
  fromCaseRunRecord,
  type ReportCaseRun,
  type TokenTotals,
  toCaseRunRecord,
  toReportCaseRun,
} from './case-run-record.js';
export { type CaseSelection, selectCases } from './case-selection.js';
export { caseTestSuite, type ExecutionMatch } from './case-test-suite.js';
export { type DecidedVerdict, decideVerdict, type VerdictInput } from './case-verdict.js';
export { clarifyVerdict } from './clarify-verdict.js';
export { CostCap } from './cost-cap.js';
export { type DataFingerprint, dataFingerprint } from './data-fingerprint.js';
export { databaseIdentity } from './database-identity.js';
export { defaultScorers, type ScorerOptions } from './default-scorers.js';
export {
  type DiagnosticsMetricsOptions,
  diagnosticsMetrics,
  type TestSuiteSummary,
} from './diagnostics-metrics.js';
export {
  type EfficiencyOptions,
  efficiencyMetrics,
  efficiencyPass,
} from './efficiency-pass.js';
export {
  describeEngine,
  type EngineIdentity,
  recordEngine,
} from './engine-identity.js';
export type { EvalConfig } from './eval-config.js';
export type { EvaluationOptions } from './evaluation-options.js';
export { type EvaluationPassOptions, evaluationPass } from './evaluation-pass.js';
export { type EvaluationSettings, resolveEvaluation } from './evaluation-settings.js';
export { faithfulnessScorer } from './faithfulness-scorer.js';
export { goldRelationships, type PlanJoins } from './gold-relationships.js';
export { goldTables } from './gold-tables.js';
export {
  JOURNAL_FORMAT,
  Journal,
  type JournalCall,
  type JournalContents,
  type JournalDatabase,
  type JournalEngine,
  type JournalEntry,
  type JournalHeader,
  readJournal,
} from './journal.js';
export {
  type DifferenceLabels,
  type JournalListener,
  type JournalRun,
  journalDifferences,
  journalHeader,
  journalListener,
  type ResumedRun,
  resumeJournal,
} from './journal-listener.js';
export { JournalLock } from './journal-lock.js';
export { Streamed, streamed, writeJsonFile } from './json-file.js';
export type { LlmCallFeed, LlmCallListener } from './llm-call-feed.js';
export { mergeShards, type ShardInput } from './merge-shards.js';
export {
  type ActualOutcome,
  actualOutcome,
  type OutcomeScorerOptions,
  outcomeScorer,
} from './outcome-scorer.js';
export {
  PEER_POLICIES,
  type PeerPolicyName,
  type PeerVerdict,
  peerPoliciesScorer,
} from './peer-policies-scorer.js';
export { BOARD_POLICIES, type BoardPolicy, PeerPolicyTally } from './peer-policy-tally.js';
export { percentile } from './percentile.js';
export type {
  CascadeThresholdsLike,
  CaseDiagnostics,
  CaseJudgementLike,
  DiagnoseCaseInput,
  EfficiencyMeasureInput,
  EfficiencyPass,
  JudgeCaseInput,
  JudgedResult,
  JudgeLike,
  JudgePass,
  KeyedSchemaLike,
  RunnerPlugins,
  SchemaLike,
  SqlAnalysis,
  SqlCheckLevel,
  SqlCheckOptions,
  SqlCheckReport,
  TestSuiteDatabase,
  TestSuiteHandle,
  TestSuiteMatchInput,
  TestSuitePass,
} from './plugins.js';
export { buildReport, type ReportInput } from './report.js';
export {
  type RecordsListener,
  type ReportRecordOptions,
  recordsListener,
  reportRecords,
} from './report-records.js';
export { reportedRowsDiffer } from './reported-rows.js';
export { missingPlugin, requirePlugins } from './require-plugins.js';
export {
  RESULT_HEAD_BYTES,
  RESULT_HEAD_ROWS,
  type ResultHead,
  resultHead,
} from './result-head.js';
export { resultMatchScorer } from './result-match-scorer.js';
export { retrievalRecallScorer, type SelectionScoring } from './retrieval-recall-scorer.js';
export { retrieveCase } from './retrieve-case.js';
export { type RoleGolds, roleGolds } from './role-golds.js';
export { routingScorer } from './routing-scorer.js';
export { DEFAULT_MAX_ROWS, rowCapLimit } from './row-cap.js';
export {
  ROWS_CHECK_CODES,
  type RowsCheck,
  type RowsCheckOutcome,
  rowsCheckPassed,
} from './rows-check.js';
export { rowsDigest } from './rows-digest.js';
export { type CollectorBoards, RunCollector } from './run-collector.js';
export { runEval } from './run-eval.js';
export {
  allListeners,
  type FinishedCase,
  type RunEvent,
  type RunEventListener,
  type StartedCase,
} from './run-event.js';
export {
  type RetrievalSettings,
  type RunEvalOptions,
  type RunSettings,
  resolveRunOptions,
} from './run-options.js';
export type { ConfigReport, RunReport, RunShard, RunTimings } from './run-report.js';
export {
  type RunReportJson,
  reportCaseJson,
  runReportJson,
  streamedReportJson,
} from './run-report-json.js';
export { RunnerError, type RunnerErrorCode } from './runner-error.js';
export {
  type Admission,
  type ScheduleOptions,
  type ScheduleResult,
  type ScheduleStop,
  schedule,
} from './schedule.js';
export { leakText, type ScopeCheck, type ScopeLeak, scopeLeak } from './scope-leak.js';
export { type CaseVerdict, errorVerdict, scoreCase } from './score-case.js';
export {
  type AskScoreInput,
  type RetrievalScoreInput,
  type ScoreInput,
  type ScoreResult,
  type Scorer,
  type ScorerKind,
  verdict,
} from './scorer.js';
export { selectionReportJson } from './selection-report-json.js';
export {
  checkShard,
  MAX_SHARDS,
  parseShard,
  type Shard,
  shardOfCase,
  shardText,
} from './shard.js';
export {
  fromShardReportJson,
  type ShardConfigJson,
  type ShardJson,
  type ShardReportJson,
  shardReportJson,
} from './shard-report-json.js';
export {
  checkSnapshotGolds,
  checkSnapshotSchemas,
  type RunSnapshot,
  type RunSnapshots,
  type SnapshotMatchOptions,
  snapshotMatch,
} from './snapshot-match.js';
export { type SqlChecksOptions, sqlChecksScorer } from './sql-checks-scorer.js';
export { sqlSizeScorer } from './sql-size-scorer.js';
export { suspectReason } from './suspect.js';
export {
  type CaseTask,
  listTasks,
  type PlannedRun,
  pendingTasks,
  plannedRuns,
  type ShardPart,
  type TaskList,
  taskKey,
  taskKeysDigest,
} from './task-list.js';
export {
  checkTrajectory,
  type TrajectoryChecks,
  type TrajectoryInput,
} from './trajectory-check.js';
