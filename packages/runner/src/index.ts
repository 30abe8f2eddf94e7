export {
  accuracy,
  type BoardOptions,
  buildBoard,
  buildRetrievalBoard,
  passedAllScorers,
} from './board.js';
export { caseCost, tokenTotals } from './case-cost.js';
export { CaseTimeoutError, withDeadline } from './case-deadline.js';
export type { CaseRunRecord, PlannedRun, TokenTotals } from './case-run.js';
export { CostCap } from './cost-cap.js';
export { databaseIdentity } from './database-identity.js';
export type { EngineSwitches, EvalConfig } from './eval-config.js';
export { faithfulnessScorer } from './faithfulness-scorer.js';
export { goldTables } from './gold-tables.js';
export {
  Journal,
  type JournalContents,
  type JournalEntry,
  type JournalHeader,
  readJournal,
} from './journal.js';
export { type ActualOutcome, actualOutcome, outcomeScorer } from './outcome-scorer.js';
export { percentile } from './percentile.js';
export { type CaseSelection, planRuns, runKey, selectCases } from './plan-runs.js';
export { type PlansEngine, plansEngine } from './plans-engine.js';
export { type ReferenceConfig, type ReferenceSetup, referenceConfig } from './reference-config.js';
export { type ReportRecordOptions, reportRecords } from './report-records.js';
export { resultMatchScorer } from './result-match-scorer.js';
export { retrievalRecallScorer } from './retrieval-recall-scorer.js';
export { routingScorer } from './routing-scorer.js';
export { rowsDigest } from './rows-digest.js';
export {
  defaultScorers,
  type RetrievalSettings,
  type RunEvalOptions,
  runEval,
} from './run-eval.js';
export type { RunEvent, RunEventListener, StartedCase } from './run-event.js';
export type { ConfigReport, RunReport, RunTimings } from './run-report.js';
export { RunnerError, type RunnerErrorCode } from './runner-error.js';
export {
  type AskScoreInput,
  type RetrievalScoreInput,
  type ScoreInput,
  type ScoreResult,
  type Scorer,
  type ScorerKind,
  verdict,
} from './scorer.js';
export { type SqlChecksOptions, sqlChecksScorer } from './sql-checks-scorer.js';
