// The access policy lint reads is @nl2sql/access-policy's (one type, one rule, shared with
// the reference engine), re-exported for callers that lint suites.
export type { AccessPolicy } from '@nl2sql/access-policy';
export {
  type AlternativeRoles,
  alternativeReads,
  alternativeRoles,
  alternativeServes,
  alternativesFor,
  caseForRole,
} from './alt-reads.js';
export {
  ALT_SQL_PROPOSALS_FORMAT,
  type AltSqlProposal,
  type AltSqlProposals,
  formatAltSqlProposals,
  type LocatedAltSqlProposals,
  mergeAltSqlProposals,
  proposalsPath,
  type RejectedAltSql,
  readAltSqlProposals,
  readLocatedAltSqlProposals,
  writeAltSqlProposals,
} from './alt-sql-proposals.js';
export {
  APPROVE_ALL,
  type ApproveResult,
  approveCases,
  UnknownCaseError,
  unapprovableReason,
  unapprovedCases,
} from './approve-cases.js';
export { assertScorable, type ScorableOptions } from './assert-scorable.js';
export {
  type BenchmarkDatabase,
  type BenchmarkRead,
  benchmarkDatabasePath,
  DB_ID_PATTERN,
} from './benchmark-read.js';
export {
  type AltReads,
  CASE_ENGINES,
  CASE_FORMAT,
  CASE_JSON_SCHEMA,
  CASE_SOURCES,
  CASE_TAGS,
  type CaseEngine,
  type CaseSource,
  type CaseTag,
  type Cell,
  type EvalCase,
  type EvalSuite,
  type ImportedSource,
  isAnswerable,
  isApproved,
  OUTCOMES,
  type Outcome,
  type PlanNote,
  type Row,
  SNAPSHOT_NAME_PATTERN,
  type SnapshotRows,
  SOURCE_KINDS,
  type SourceKind,
  SUITE_FORMAT,
  SUITE_JSON_SCHEMA,
  sourceKind,
  TAG_PATTERN,
} from './case.js';
export { pairCaseId } from './case-id.js';
export {
  CROSS_CHECK_CLASSES,
  type CrossCheckCase,
  type CrossCheckClass,
  type CrossCheckOptions,
  type CrossCheckReport,
  crossCheckSuite,
  DIFFERENCE_REASONS,
  type Difference,
  type EngineCheck,
  explainDifference,
  OTHER_ENGINES,
  TOLERATED_DIFFERENCES,
} from './cross-check.js';
export {
  DATASET_RECORD_FORMAT,
  type DatasetRecord,
  DatasetRecordSchema,
} from './dataset-record.js';
export {
  DefogQueryError,
  defogGolds,
  expandGold,
  expansionCount,
  MAX_EXPANDED_GOLDS,
  splitGolds,
} from './defog-golds.js';
export { isDefogHeader } from './defog-record.js';
export {
  canonicalDigest,
  canonicalJson,
  goldPin,
  suiteDigest,
  suiteFileDigest,
} from './digest.js';
export {
  caseEngine,
  type GoldSql,
  GoldSqlError,
  type GoldSqlSource,
  goldRowsFor,
  goldSqlFor,
  goldTiesFor,
  type OtherEngine,
  recordedRowsFor,
} from './gold-for-engine.js';
export { GoldQueryError, goldRows, MAX_GOLD_ROWS, toCell } from './gold-rows.js';
export { type GoldTies, goldTies, type OrderTies } from './gold-ties.js';
export {
  type ImportDatasource,
  type ImportOptions,
  type ImportResult,
  importPairs,
} from './import-pairs.js';
export { jsonArrayRecords, type LocatedRecord } from './json-array-records.js';
export { ALT_MAX_ROWS, ALT_MIN_ROWS } from './lint-alternatives.js';
export { formatLintFinding, type LintFinding } from './lint-finding.js';
export { GOLD_TIMEOUT_MS, LINT_CONCURRENCY, type LintOptions } from './lint-options.js';
export { expectedOutcome } from './lint-outcomes.js';
export {
  declaredModes,
  LINT_RULES,
  type LintRule,
  type LintRuleInfo,
  type LintSeverity,
  rulesFor,
  SUITE_MODES,
  type SuiteMode,
} from './lint-rules.js';
export { lintSuite } from './lint-suite.js';
export {
  type LoadSuiteOptions,
  loadSuite,
  parseSuite,
  SUITE_MAX_BYTES,
  SUITE_REPARSE_MAX_BYTES,
} from './load-suite.js';
export { type PackagedSuite, packagedSuite } from './packaged-suite.js';
export {
  type CasePrediction,
  type PredictionSet,
  pairPredictions,
} from './pair-predictions.js';
export { PairsFileError, type PairsFileErrorCode } from './pairs-file-error.js';
export {
  type PredictionProblem,
  PredictionsFileError,
  type PredictionsFileErrorCode,
} from './predictions-file-error.js';
export {
  type ProposalSelectorProblem,
  proposalLabels,
  selectProposal,
} from './proposal-label.js';
export { type ProposalAlreadyGold, proposalsAlreadyGold } from './proposals-already-gold.js';
export {
  PAIR_FIELDS,
  PAIR_FORMAT,
  type QuestionSqlPair,
  QuestionSqlPairSchema,
} from './question-sql-pair.js';
export { type BirdFiles, readBird } from './read-bird.js';
export { readDatasetRecords, recordPair } from './read-dataset-records.js';
export {
  Collector,
  type LocatedPair,
  PAIR_FILE_FORMATS,
  type PairExpectation,
  type PairFileFormat,
  type PairProblem,
  pairFileFormat,
  parsePairs,
  type ReadPairsResult,
  readPairs,
} from './read-pairs.js';
export {
  BIRD_SEPARATOR,
  PREDICTION_LAYOUTS,
  type PredictionCandidate,
  type PredictionLayout,
  type PredictionRecord,
  type PredictionsText,
  parsePredictions,
  predictionLayout,
  readPredictions,
} from './read-predictions.js';
export { readSpider, type SpiderFiles } from './read-spider.js';
export {
  RegenerateError,
  type RegenerateErrorCode,
  type RegenerateOptions,
  type RegenerateResult,
  type RegenerateSource,
  regenerate,
  regenerateSuite,
  type Snapshot,
} from './regenerate.js';
export {
  columnsOutsideScope,
  type QueryReads,
  type RoleScope,
  roleOutcome,
} from './role-outcome.js';
export { sameSql, sqlKey } from './same-sql.js';
export type { SchemaColumn, SchemaLike, SchemaTable } from './schema-like.js';
export {
  ProposalReviewError,
  type ProposalReviewErrorCode,
  type SettledAlreadyGold,
  type SettledProposal,
  type SettleOptions,
  type SettleRequest,
  type SettleResult,
  settleAltSqlProposals,
} from './settle-alt-sql-proposals.js';
export {
  checkSnapshots,
  SNAPSHOT_CLASS_REASONS,
  type SnapshotCheck,
  type SnapshotCheckOptions,
  type SnapshotCheckReport,
  type SnapshotClass,
} from './snapshot-check.js';
export { type SourceLocation, sourceLocation } from './source-location.js';
export { SqlParserMissingError } from './sql-parser-missing-error.js';
export {
  SuiteFormatError,
  type SuiteFormatErrorCode,
  type SuiteFormatLocation,
} from './suite-format-error.js';
export { type UnscorableCase, UnscorableSuiteError } from './unscorable-suite-error.js';
export { writeReviewedSuite } from './write-reviewed-suite.js';
export { formatSuite, writeSuite } from './write-suite.js';
