import {
  GateInputError,
  type GateResult,
  type GateThresholds,
  gate,
  IncomparableRunsError,
} from '@nl2sql/gate';
import {
  explainNoBaseline,
  newestComparableBaseline,
  RecordError,
  type RunRecord,
  readRecords,
  recordGateThresholds,
  type StoredRecord,
  toRunSummary,
} from '@nl2sql/records';
import { accuracyDeltas, type BaselineGate } from '@nl2sql/reporters';
import { configError } from '../evaluate-error.js';

export type { BaselineGate, MissingRuns } from '@nl2sql/reporters';

export interface BaselineGateOptions {
  readonly thresholds?: Partial<GateThresholds>;
  /** A run that lacks baseline case runs may pass (`--allow-partial`). Default false. */
  readonly allowPartial?: boolean;
  /**
   * No comparable baseline is not an error (`--baseline-optional`, for a first run): the
   * result is then a sentence saying so. Default false: a configuration error naming why.
   */
  readonly optional?: boolean;
}

function caseRunName(run: RunRecord['scoreboard']['cases'][number]): string {
  return `${run.case_id}${run.role === null ? '' : ` as ${run.role}`}${run.pass > 1 ? ` (pass ${run.pass})` : ''}`;
}

/** The baseline's case runs that `current` does not have, by case, role and pass. */
export function missingCaseRuns(baseline: RunRecord, current: RunRecord): string[] {
  const key = (run: RunRecord['scoreboard']['cases'][number]) =>
    JSON.stringify([run.case_id, run.role, run.pass]);
  const have = new Set(current.scoreboard.cases.map(key));
  return baseline.scoreboard.cases.filter((run) => !have.has(key(run))).map(caseRunName);
}

/**
 * Gates a run's records (one per config) against the newest comparable record of each
 * config under `dir`. A config with no comparable record is a configuration error (exit 3)
 * that says why each candidate was passed over, unless `optional`; then the configs that
 * have one are gated, and with none at all the answer is a sentence saying so. A run that
 * lacks some of the baseline's case runs (`--cases`, `--roles`, `--tags`, a cost-cap stop)
 * fails unless `allowPartial`: the flips of the case runs it did make say nothing of the
 * others.
 */
export function gateAgainstBaseline(
  records: readonly RunRecord[],
  dir: string,
  options: BaselineGateOptions = {},
): BaselineGate | string {
  let stored: StoredRecord[];
  try {
    stored = readRecords(dir);
  } catch (error) {
    if (error instanceof RecordError) throw configError(error.message);
    throw error;
  }
  const pairs = records.map((record) => ({
    record,
    baseline: newestComparableBaseline(stored, record),
  }));
  const without = pairs.filter((p) => p.baseline === undefined);
  if (without.length > 0 && options.optional !== true) {
    const why = without.map(
      (p) => `config ${p.record.config.name}: ${explainNoBaseline(stored, p.record)}`,
    );
    throw configError(
      `no comparable baseline record in ${dir}${stored.length === 0 ? ' (it holds no records)' : ''}; pass --baseline-optional for a first run\n${why.join('\n')}`,
    );
  }
  const found = pairs.flatMap((p) =>
    p.baseline === undefined ? [] : [{ record: p.record, baseline: p.baseline }],
  );
  if (found.length === 0) return `no comparable baseline record in ${dir}; nothing to gate against`;
  let result: GateResult;
  try {
    result = gate(
      toRunSummary(found.map((p) => p.baseline.record)),
      toRunSummary(records),
      recordGateThresholds(records[0] as RunRecord, options.thresholds ?? {}),
    );
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
  const missing = found.flatMap((p) => {
    const caseRuns = missingCaseRuns(p.baseline.record, p.record);
    return caseRuns.length === 0 ? [] : [{ config: p.record.config.name, caseRuns }];
  });
  const allowPartial = options.allowPartial === true;
  return {
    result,
    paths: found.map((p) => p.baseline.path),
    missing,
    allowPartial,
    pass: result.pass && (allowPartial || missing.length === 0),
    deltas: found.flatMap((p) => accuracyDeltas(p.baseline.record, p.record)),
  };
}
