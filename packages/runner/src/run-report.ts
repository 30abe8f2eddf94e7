import type {
  Mode,
  RecordConfig,
  RecordDatabase,
  RecordDataset,
  RecordKind,
  RetrievalMetrics,
  RunMetrics,
  ScoreboardSettings,
} from '@nl2sql/records';
import type { CaseResult } from './case-result.js';
import type { EngineIdentity } from './engine-identity.js';

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
}
