export {
  type BoardAccuracy,
  boardAccuracy,
  type DiagnosedCase,
  type DiagnosticsBoard,
  diagnosticsBoard,
  type EfficiencyCase,
  type EfficiencyStatus,
  type EfficiencySummary,
  RVES_BUCKETS,
  type RvesReward,
  type RvesSummary,
  rves,
  rvesReward,
  ves,
  vesReward,
} from '@nl2sql/diagnostics';
export {
  type BudgetCheck,
  type CostBudget,
  type CostProxy,
  type CostUnit,
  checkBudget,
  costProxy,
} from './cost-proxy.js';
export { EfficiencyError, type EfficiencyErrorCode } from './efficiency-error.js';
export type { Explainer, RawPlan, SqlitePlanRow } from './explainer.js';
export {
  DEFAULT_REPEATS,
  DEFAULT_TRIM_SIGMAS,
  DEFAULT_WARMUP,
  type EfficiencyMeasurement,
  type MeasureEfficiencyOptions,
  MIN_RUN_MS,
  measureEfficiency,
  type QueryTimes,
  type TimedRound,
} from './measure-efficiency.js';
export { type Trimmed, trimOutliers } from './outlier-trim.js';
export type { PlanScan } from './plan-scan.js';
export { type PostgresQueryable, postgresExplainer } from './postgres-explainer.js';
export {
  comparePlans,
  DEFAULT_LARGE_TABLE_ROWS,
  type PlanComparison,
  type QueryPlan,
  type QueryPlanOptions,
  queryPlan,
} from './query-plan.js';
export { openSqliteExplainer, SqliteExplainer } from './sqlite-explainer.js';
