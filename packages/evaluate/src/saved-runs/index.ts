// `eval report`, `eval publish` and `eval gate` as functions: what is done with saved runs.

export { type GateRunsResult, gateRuns } from './gate-runs.js';
export { type PublishResult, publishRuns } from './publish-runs.js';
export * from './records-options.js';
export { type ReportPageResult, writeReportPage } from './report-page.js';
