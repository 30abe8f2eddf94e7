export { answerView, markSpans } from './answer-marks.js';
export { boardRows } from './board-rows.js';
export {
  buildReportData,
  type ReportInput,
  type SuiteInput,
} from './build-report-data.js';
export {
  type Executed,
  type ExecutedRows,
  type ExecutionFailure,
  SHOWN_ROWS,
} from './case-view.js';
export { historyChart, panelTitle, SERIES_COLOURS } from './history-chart.js';
export {
  type HistoryPanel,
  type HistoryPoint,
  type HistorySeries,
  historyPanels,
} from './history-series.js';
export { renderHistorySvg } from './history-svg.js';
export { escapeHtml, inlineJson } from './html-escape.js';
export { intervalBar } from './interval-bar.js';
export { loadReportData, type ReportOptions, type SavedReportValue } from './load-report.js';
export { type ReexecuteOptions, reexecute, rowsDigest } from './reexecute.js';
export type {
  BoardRow,
  BoardView,
  CandidatesView,
  CaseView,
  ComparisonView,
  Facets,
  FlipsView,
  GoldView,
  ReportData,
  RetrievalView,
  RowDiffView,
  RunView,
} from './report-data.js';
export { ReportError, type ReportErrorCode } from './report-error.js';
export { contentSecurityPolicy, renderReportPage } from './report-page.js';
export type {
  ClarifyVerdict,
  SavedCaseDiagnostics,
  SavedClarify,
  SavedEfficiency,
  SavedStep,
  SavedTestSuite,
  SavedTrajectory,
  SavedVerdict,
  StepKind,
} from './saved-process.js';
export {
  parseSavedRun,
  readSavedRun,
  type SavedAnswer,
  type SavedCaseRun,
  type SavedConfig,
  type SavedResult,
  type SavedRun,
  type SavedScore,
} from './saved-run.js';
export { type WrittenReport, writeReport } from './write-report.js';
