import type { Mode } from '@nl2sql/gate';
import type {
  RecordConfig,
  RecordDatabase,
  RecordDataset,
  RetrievalMetrics,
  RunMetrics,
  ScoreboardSettings,
} from '@nl2sql/records';
import type { CaseRunRecord } from './case-run.js';

/** One config's board: its headline figures and every case record. */
export interface ConfigReport {
  readonly config: RecordConfig;
  readonly planned_cases: number;
  readonly completed_cases: number;
  readonly metrics: RunMetrics | RetrievalMetrics;
  readonly cases: readonly CaseRunRecord[];
}

/** Where the wall time went, in milliseconds (summed over case runs for the parts). */
export interface RunTimings {
  readonly wall_ms: number;
  /** Time inside engine.ask / retrieve. */
  readonly engine_ms: number;
  /** Of that, the executor nodes the traces report (the database). */
  readonly database_ms: number;
  /** Time spent scoring. */
  readonly scoring_ms: number;
}

/** What runEval returns: a full or partial run, every config's board. */
export interface RunReport {
  readonly mode: Mode;
  readonly dataset: RecordDataset;
  /** The database identity, when the caller gave it (records need it). */
  readonly database: RecordDatabase | null;
  readonly settings: ScoreboardSettings;
  /** Case runs planned over every config and pass. */
  readonly planned_cases: number;
  readonly completed_cases: number;
  readonly stopped: 'max_cost' | 'cancelled' | null;
  /** Dollars billed over every config. */
  readonly dollars: number;
  readonly started_at: string;
  readonly timings: RunTimings;
  readonly configs: readonly ConfigReport[];
}
