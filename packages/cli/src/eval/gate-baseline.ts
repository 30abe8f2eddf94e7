// The gate against a baseline folder: @nl2sql/evaluate's.
export {
  type BaselineGate,
  type BaselineGateOptions,
  gateAgainstBaseline,
  type MissingRuns,
  missingCaseRuns,
} from '@nl2sql/evaluate';
