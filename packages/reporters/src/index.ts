// @nl2sql/reporters: how a finished (or stopped) run is reported. The text board, JSON,
// JUnit XML, GitHub Actions annotations and summary, the HTML page and spec 003's
// selection report, chosen with `--reporter NAME[=FILE]` specs; and the text of boards,
// gates and diagnostics they are made of. Nothing here runs an evaluation.

export {
  type AccuracyDelta,
  accuracyDeltas,
  deltaText,
  figureText,
  pointsText,
} from './accuracy-delta.js';
export type { BaselineGate, MissingRuns } from './baseline-gate.js';
export { describeFailure, whatRan } from './board-heading.js';
export { boardMarkdown, SUMMARY_FAILURES } from './board-markdown.js';
export {
  boardRows,
  caseRunName,
  failingLines,
  type RenderOptions,
  renderReport,
  suspectLines,
} from './board-text.js';
export { comparisonText } from './comparison-text.js';
export { diagnosticsSection } from './diagnostics-text.js';
export { GATE_NOT_RUN, renderGate } from './gate-text.js';
export { annotations, githubReporter, MAX_CASE_ANNOTATIONS } from './github-reporter.js';
export { htmlReporter } from './html-reporter.js';
export { jsonReporter, outcomeJson } from './json-reporter.js';
export { type JunitPlaces, junitReporter, junitXml } from './junit-reporter.js';
export { mustPassEveryCase } from './must-pass.js';
export { checkOutputPath, writeOutputFile } from './output-file.js';
export { policiesLines } from './policies-text.js';
export {
  type GateOutcome,
  gateOutcome,
  type Reporter,
  type ReporterContext,
  type RunOutcome,
} from './reporter.js';
export { ReporterError, reporterConfigError, reporterUsageError } from './reporter-error.js';
export type { ReporterIo } from './reporter-io.js';
export {
  parseReporter,
  REPORTER_NAMES,
  type ReporterChoice,
  type ReporterName,
  type ReporterSpec,
  readsSuite,
  reporterFlag,
  reporterSpecs,
} from './reporter-option.js';
export { openReporters, type Reporting, reportersFor } from './reporter-set.js';
export { type SavedReport, savedReport } from './saved-report.js';
export { selectionReporter } from './selection-reporter.js';
export { type Align, renderTable } from './table.js';
export {
  type Colors,
  colorEnabled,
  colorsFor,
  deltaColor,
  PLAIN,
  statusColor,
} from './terminal-colors.js';
export { terminalSafe, terminalSafeValue } from './terminal-text.js';
export { textReporter } from './text-reporter.js';
export {
  type AnnotationLevel,
  annotation,
  escapeData,
  escapeProperty,
} from './workflow-command.js';
