export {
  type CaseResultLike,
  type CaseRunStatus,
  type CaseRunTest,
  type CaseRunTestGroup,
  type CaseRunTestsOptions,
  caseRunTests,
  type EvaluationLike,
  type ReportCaseRunLike,
  type RunReportLike,
  type SavedReportLike,
} from './case-run-tests.js';
export {
  CaseRunFailed,
  describeEvaluation,
  type EvaluationSource,
  readSavedReport,
} from './describe-evaluation.js';
export { type GoldRowsOptions, type MatcherOutcome, matchGoldRows } from './gold-rows.js';
export { type Nl2sqlMatchers, nl2sqlMatchers } from './matchers.js';
export { describeValue, isTableLike } from './table-shape.js';
