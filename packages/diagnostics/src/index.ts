export {
  type BoardAccuracy,
  boardAccuracy,
  type DiagnosedCase,
  type DiagnosticsBoard,
  diagnosticsBoard,
} from './diagnostics-board.js';
export { type DifficultyLevel, ERROR_CLASSES, type ErrorClass } from './error-classes.js';
export {
  DEFAULT_MAX_SQL_BYTES,
  type SqlViolation,
  sqlBytes,
  sqlSizeViolation,
} from './sql-size.js';
export {
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
} from './ves.js';
