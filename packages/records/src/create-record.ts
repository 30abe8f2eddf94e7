import { type GitInfo, gitInfo } from './git-info.js';
import {
  RECORD_FORMAT,
  type RecordConfig,
  type RecordDatabase,
  type RecordDataset,
  type RecordEngine,
  type RecordKind,
  type RetrievalMetrics,
  type RunMetrics,
  type RunRecord,
  type Scoreboard,
} from './record.js';
import { validateRecord } from './validate-record.js';

/** What a run knows at its end; `createRecord` adds the format, the time and the commit. */
export interface RecordInput {
  readonly kind: RecordKind;
  readonly engineVersion: string;
  /** Kind `engine`: the engine that ran, as it described itself. */
  readonly engine?: RecordEngine;
  readonly note?: string | null;
  readonly dataset: RecordDataset;
  readonly database: RecordDatabase;
  readonly config: RecordConfig;
  readonly metrics: RunMetrics | RetrievalMetrics;
  readonly scoreboard: Scoreboard;
  /**
   * The engine's commit: a `GitInfo` already found, or the directory to walk up from
   * (the engine package's). Default: walk up from this package's directory.
   */
  readonly git?: GitInfo | { readonly from: string };
  /** When the run finished. Default: now. Pass one for reproducible output. */
  readonly recordedAt?: Date;
}

/**
 * A validated format 2 record from a run's results: `schema: 2`, `recorded_at` in UTC to
 * the second, the commit and dirty flag (`unknown` without a repository, never null), and
 * `note` null when not given. Throws `RecordError` (`INVALID_RECORD`) when the parts do
 * not make a valid record, before anything is written.
 */
export function createRecord(input: RecordInput): RunRecord {
  const git =
    input.git === undefined ? gitInfo() : 'from' in input.git ? gitInfo(input.git.from) : input.git;
  const when = input.recordedAt ?? new Date();
  if (Number.isNaN(when.getTime())) throw new RangeError('recordedAt is not a valid date');
  const record: RunRecord = {
    schema: RECORD_FORMAT,
    kind: input.kind,
    recorded_at: when.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    engine_version: input.engineVersion,
    git_commit: git.commit,
    git_dirty: git.commit === 'unknown' ? 'unknown' : git.dirty,
    note: input.note ?? null,
    dataset: input.dataset,
    database: input.database,
    config: input.config,
    ...(input.engine ? { engine: input.engine } : {}),
    metrics: input.metrics,
    scoreboard: input.scoreboard,
  };
  return validateRecord(record, `${input.kind} record of config ${input.config.name}`);
}
