import type {
  Mode,
  RecordConfig,
  RecordDatabase,
  RecordDataset,
  RecordKind,
  RetrievalMetrics,
  RowsSource,
  RunMetrics,
  ScoreboardSettings,
} from '@nl2sql/records';
import type { CaseResult } from './case-result.js';
import type { EngineIdentity } from './engine-identity.js';
import type { JournalHeader } from './journal.js';

/**
 * One config's board: its headline figures and every case result. `metrics` and the
 * report's `settings` are already in the record's format (records' types): a record stores
 * them as they are.
 */
export interface ConfigReport {
  readonly config: RecordConfig;
  /** What its records are: the run's mode, or `engine` for an external engine. */
  readonly kind: RecordKind;
  /** The engine that ran, as it described itself. */
  readonly engine: EngineIdentity;
  /**
   * An external engine's rows: `executed` when the harness ran its SQL, `trusted` when the
   * run scored what it reported (trustReportedRows). Null for the reference engine.
   */
  readonly rows: RowsSource | null;
  readonly plannedCases: number;
  readonly completedCases: number;
  readonly metrics: RunMetrics | RetrievalMetrics;
  readonly cases: readonly CaseResult[];
}

/** Where the wall time went, in milliseconds (summed over case runs for the parts). */
export interface RunTimings {
  readonly wallMs: number;
  /** The engine's time (as measured on the wire for an HTTP engine). */
  readonly engineMs: number;
  /** Of that, the executor nodes the traces report (the database). */
  readonly databaseMs: number;
  /** Time spent scoring. */
  readonly scoringMs: number;
  /** The rest of the case runs' time in the harness: waiting for the event loop, bookkeeping. */
  readonly queuedMs: number;
}

/** What runEval returns: a full or partial run, every config's board. */
export interface RunReport {
  readonly mode: Mode;
  readonly dataset: RecordDataset;
  /** The database identity, when the caller gave it (records need it). */
  readonly database: RecordDatabase | null;
  readonly settings: ScoreboardSettings;
  /** Case runs planned over every config and pass. */
  readonly plannedCases: number;
  readonly completedCases: number;
  readonly stopped: 'max_cost' | 'cancelled' | null;
  /** Dollars billed over every config. */
  readonly dollars: number;
  /** When the run started (ISO 8601). */
  readonly startedAt: string;
  readonly timings: RunTimings;
  readonly configs: readonly ConfigReport[];
  /** Present when the run was one shard of a larger one (`shard` option): see RunShard. */
  readonly shard?: RunShard;
}

/**
 * What a shard's report says of the run it is part of, so `mergeShards` can check that
 * shards belong together and cover the run, and put their case runs back in its order.
 */
export interface RunShard {
  /** This shard, i of n. */
  readonly index: number;
  readonly count: number;
  /** The dollar cap this shard spent against (the run's / n unless given); null without one. */
  readonly maxCostUsd: number | null;
  /** The whole run's task-list digest (every shard's tasks in the run's order). */
  readonly runTasksDigest: string;
  /** Case runs the whole run plans, over every shard. */
  readonly runPlannedCases: number;
  /** Each of this shard's cases by id: its position in the suite. */
  readonly casePositions: Readonly<Record<string, number>>;
  /**
   * The run's identity as this shard's journal header states it (mode, suite digest,
   * configs, engines, database and its data, scoring options, the shard): shards merge only
   * when everything but the shard and its own task digest is the same.
   */
  readonly identity: JournalHeader;
}
