import type { CaseRun, RunSummary } from '@nl2sql/gate';
import { assertComparable } from '@nl2sql/gate';
import { type CaseRecord, type RunRecord, scoredMode } from './record.js';
import { RecordError } from './record-error.js';

/**
 * What makes two records comparable, in the gate's terms (a RunSummary without configs). A
 * record of kind engine is gated in the mode that scored it; that it is another engine than
 * a reference run's is for `comparable` to say (the kind and the engine's name). Roles and
 * curated answers change what mode full asks, so a full run states them and is compared on
 * them (and, with curated answers on, gated on the generated path too); modes plans and
 * retrieval have no model and no curated path, so theirs are left out.
 */
export function recordIdentity(record: RunRecord): Omit<RunSummary, 'configs'> {
  const mode = scoredMode(record);
  const identity = {
    mode,
    suiteDigest: record.dataset.digest,
    schemaFingerprint: record.database.schema_fingerprint,
  };
  if (mode !== 'full') return identity;
  return {
    ...identity,
    roles: record.scoreboard.settings.roles,
    curated: record.scoreboard.settings.curated,
  };
}

/**
 * The gate's RunSummary of one record, or of several records of one run (one per config:
 * a run comparing two configs writes two files). Each case record becomes a CaseRun:
 * `passed` is strict execution accuracy (`status`), `passedGenerated` the generated path's
 * status where curated answers answered the case. Records of one summary must be
 * comparable and name distinct configs; otherwise `RecordError` (`INCOMPARABLE_RECORDS`).
 */
export function toRunSummary(records: RunRecord | readonly RunRecord[]): RunSummary {
  const list: readonly RunRecord[] = Array.isArray(records) ? records : [records as RunRecord];
  const first = list[0];
  if (first === undefined) {
    throw new RecordError('INCOMPARABLE_RECORDS', 'toRunSummary needs at least one record');
  }
  const configs: Record<string, CaseRun[]> = {};
  for (const record of list) {
    try {
      assertComparable(recordIdentity(first), recordIdentity(record));
    } catch (error) {
      throw new RecordError(
        'INCOMPARABLE_RECORDS',
        `records of configs ${first.config.name} and ${record.config.name} cannot form one run: ${(error as Error).message}`,
      );
    }
    if (configs[record.config.name] !== undefined) {
      throw new RecordError(
        'INCOMPARABLE_RECORDS',
        `two records name config ${record.config.name}; one run has one record per config`,
      );
    }
    configs[record.config.name] = record.scoreboard.cases.map(toCaseRun);
  }
  return { ...recordIdentity(first), configs };
}

function toCaseRun(run: CaseRecord): CaseRun {
  const passed = run.status === 'pass';
  const generated =
    run.generated_status === undefined || run.generated_status === null
      ? undefined
      : run.generated_status === 'pass';
  return {
    caseId: run.case_id,
    ...(run.role === null ? {} : { role: run.role }),
    pass: run.pass,
    passed,
    ...(generated === undefined || generated === passed ? {} : { passedGenerated: generated }),
    ...(run.sql === undefined ? {} : { sql: run.sql }),
    ...(run.rows_digest === undefined ? {} : { rowsDigest: run.rows_digest }),
    ...(run.cost_usd === undefined || run.cost_usd === null ? {} : { costUsd: run.cost_usd }),
    ...(run.trajectory ? { executions: run.trajectory.executions } : {}),
    ...(run.clarify ? { clarify: run.clarify.verdict } : {}),
  };
}
