import {
  GateInputError,
  type GateResult,
  type GateThresholds,
  gate,
  IncomparableRunsError,
} from '@nl2sql/gate';
import {
  newestComparableBaseline,
  RecordError,
  type RunRecord,
  readRecords,
  type StoredRecord,
  toRunSummary,
} from '@nl2sql/records';
import { configError } from '../cli-error.js';

export interface BaselineGate {
  readonly result: GateResult;
  /** The baseline record files gated against. */
  readonly paths: readonly string[];
}

/**
 * Gates a run's records (one per config) against the newest comparable record of each
 * config under `dir`. Returns null when no config has a comparable baseline.
 */
export function gateAgainstBaseline(
  records: readonly RunRecord[],
  dir: string,
  thresholds: Partial<GateThresholds> = {},
): BaselineGate | null {
  let stored: StoredRecord[];
  try {
    stored = readRecords(dir);
  } catch (error) {
    if (error instanceof RecordError) throw configError(error.message);
    throw error;
  }
  const baselines = records.flatMap((record) => {
    const found = newestComparableBaseline(stored, record);
    return found ? [found] : [];
  });
  if (baselines.length === 0) return null;
  try {
    const result = gate(
      toRunSummary(baselines.map((b) => b.record)),
      toRunSummary(records),
      thresholds,
    );
    return { result, paths: baselines.map((b) => b.path) };
  } catch (error) {
    if (
      error instanceof RecordError ||
      error instanceof IncomparableRunsError ||
      error instanceof GateInputError
    ) {
      throw configError(error.message);
    }
    throw error;
  }
}
