export {
  CLARIFY_VERDICTS,
  type ClarifyRecord,
  type ClarifyVerdict,
  TRAJECTORY_KINDS,
  type TrajectoryRecord,
  type TrajectoryStepRecord,
} from './agent-record.js';
export {
  type BaselineMiss,
  type BaselineOptions,
  baselineMisses,
  explainNoBaseline,
  newestComparableBaseline,
} from './baseline.js';
export {
  HISTORY_ALT,
  MODE_ORDER,
  type RenderOptions,
  renderBenchmarksPage,
} from './benchmarks-page.js';
export { type Comparability, comparable, type RecordDifference } from './comparable.js';
export { createRecord, type RecordInput } from './create-record.js';
export {
  type CaseDiagnosticsRecord,
  type CaseEfficiencyRecord,
  type CaseTestSuiteRecord,
  type CaseVerdictRecord,
  VERDICT_TIERS,
  type VerdictTier,
} from './diagnostics-record.js';
export { gateThresholds, recordGateThresholds } from './gate-thresholds.js';
export { type GitInfo, gitInfo } from './git-info.js';
export { markdownImage, markdownLink } from './markdown-link.js';
export { markdownText } from './markdown-text.js';
export {
  applyPublish,
  type PlannedHistory,
  type PublishHistory,
  type PublishOptions,
  type PublishPlan,
  type PublishResult,
  planPublish,
  publish,
} from './publish.js';
export { readRecords, sortRecords } from './read-records.js';
export {
  asStored,
  type CaseRecord,
  type CaseStatus,
  type DiagnosticsMetrics,
  type FalsePositiveRecord,
  isRetrievalMetrics,
  RECORD_FORMAT,
  type RecordAccuracy,
  type RecordConfig,
  type RecordDatabase,
  type RecordDataset,
  type RecordEngine,
  type RecordKind,
  type RecordRate,
  type RetrievalMetrics,
  type RunMetrics,
  type RunRecord,
  recordSchema,
  type Scoreboard,
  type ScoreboardSettings,
  type StoredRecord,
  scoredMode,
  type UnfaithfulAnswer,
} from './record.js';
export { RecordError, type RecordErrorCode } from './record-error.js';
export {
  type RecordName,
  recordDir,
  recordFileName,
  recordName,
  recordPath,
} from './record-path.js';
export {
  RESULTS_END,
  RESULTS_START,
  renderResultsBlock,
  replaceResultsBlock,
} from './results-block.js';
export {
  ROWS_CHECK_OUTCOMES,
  ROWS_SOURCES,
  type RowsCheckOutcome,
  type RowsSource,
} from './rows-source.js';
export { isMode, type Mode, RUN_MODES } from './run-mode.js';
export { recordIdentity, toRunSummary } from './run-summary.js';
export {
  parseRecord,
  type RecordIssue,
  recordIssues,
  validateRecord,
} from './validate-record.js';
export { formatRecord, writeRecord, writeRecordFile } from './write-record.js';
