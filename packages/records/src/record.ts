import type { CaseDiagnosticsRecord, DiagnosticsMetrics } from './diagnostics-record.js';
import type { Mode, RecordKind } from './run-mode.js';

/** The record format this package writes and reads. Format 1 was 0.6's, before roles and lenient. */
export const RECORD_FORMAT = 2;

/**
 * What kind of run a record is: one of the reference engine's modes, or `engine`, a run of an
 * engine outside this project (an HTTP service), scored in the mode `scoreboard.settings.mode`
 * names and identified by `engine`.
 */
export type { RecordKind };

/** An engine outside this project as it described itself (`GET /describe`), or `unknown`. */
export interface RecordEngine {
  /** Its name (a package or service name), or `unknown` when it did not say. */
  readonly name: string;
  /** Its version, or `unknown`. */
  readonly version: string;
  /** The models it calls, by what it calls them for, as it reported them; null when it did not. */
  readonly models: Readonly<Record<string, string>> | null;
}

/**
 * One recorded run of one config: the JSON file under `benchmarks/<mode>/<database>/`.
 * Field names are the file's (snake_case), so the type is the format, not a view of it.
 * Records are never edited after writing; a new run writes a new file.
 */
export interface RunRecord {
  /** The record format, always 2. */
  readonly schema: typeof RECORD_FORMAT;
  /** The run's mode, or `engine` for an engine outside this project (see RecordKind). */
  readonly kind: RecordKind;
  /** UTC date and time the run finished, ISO 8601 with a `Z` (`2026-10-15T09:12:44Z`). */
  readonly recorded_at: string;
  /** The installed engine version. */
  readonly engine_version: string;
  /** The engine's commit (hex, usually all 40 digits), or `unknown`; never null. */
  readonly git_commit: string;
  /** Whether the engine's tracked files had uncommitted changes, or `unknown`. */
  readonly git_dirty: boolean | 'unknown';
  /** What changed, e.g. `slim prompts`; null without one. */
  readonly note: string | null;
  readonly dataset: RecordDataset;
  readonly database: RecordDatabase;
  readonly config: RecordConfig;
  readonly metrics: RunMetrics | RetrievalMetrics;
  readonly scoreboard: Scoreboard;
  /** Kind `engine` only: which engine ran (required there, absent elsewhere). */
  readonly engine?: RecordEngine;
}

/** The suite the run was scored on. */
export interface RecordDataset {
  /** The suite's name, e.g. `chinook.yaml`. */
  readonly name: string;
  /** SHA-256 of the suite file's LF bytes. */
  readonly digest: string;
}

/** The database identity: built from the datasources the suite's cases name. */
export interface RecordDatabase {
  readonly datasource_id: string;
  /** The database engine, e.g. `sqlite`. */
  readonly engine: string;
  /** Hash of the indexed schema's tables, columns, types and keys. */
  readonly schema_fingerprint: string;
  readonly tables: number;
  readonly columns: number;
}

/** The config name (`retrieval` for a retrieval run) and `provider:model` per LLM node. */
export interface RecordConfig {
  readonly name: string;
  readonly nodes: Readonly<Record<string, string>>;
}

/** A share with its counts, e.g. pass^k or answerability. */
export interface RecordRate {
  readonly count: number;
  readonly total: number;
  /** count / total; 0 when total is 0. */
  readonly rate: number;
}

/** An accuracy with its 95% Wilson interval (over the runs scored). */
export interface RecordAccuracy extends RecordRate {
  readonly lower: number;
  readonly upper: number;
}

/** The headline numbers of a plans or full run, in the spec's order. */
export interface RunMetrics {
  /** Execution accuracy (result match and outcome), strict and lenient, over case runs. */
  readonly accuracy: {
    readonly execution: { readonly strict: RecordAccuracy; readonly lenient: RecordAccuracy };
  };
  /** Runs every scorer passed (faithfulness included). */
  readonly accuracy_all_scorers: RecordRate;
  /** Execution accuracy on the generated path; null when curated answers were off. */
  readonly accuracy_generated: RecordRate | null;
  /** Cases that passed in every pass; null with a single pass. */
  readonly pass_k: {
    readonly k: number;
    readonly strict: RecordRate;
    readonly lenient: RecordRate;
  } | null;
  /** Runs whose outcome (allowed, refused, unanswerable) was right. */
  readonly answerability: RecordRate;
  /** Dollars billed from the price table. */
  readonly dollars: {
    /** Every dollar billed for the config, calls of case runs that never finished included. */
    readonly total: number;
    /** The mean cost of a finished case run. */
    readonly per_case_run: number;
    /**
     * Of the total, what calls of case runs that never finished (a kill, a cancel) cost;
     * present when the calls were billed one by one.
     */
    readonly unfinished?: number;
  };
  readonly tokens: {
    readonly input: number;
    readonly cached_input: number;
    readonly cache_write: number;
    readonly output: number;
    readonly reasoning: number;
  };
  /** The engine's latency per case run (on the wire for an HTTP engine, else the ask). */
  readonly latency: { readonly p50_ms: number; readonly p95_ms: number };
  /**
   * The harness's time per case run besides the engine's (scoring, queueing on the event
   * loop). Absent in records made before it was measured.
   */
  readonly harness_overhead?: { readonly p50_ms: number; readonly p95_ms: number };
  /**
   * Case runs that passed with a constant query (values written in the SQL) although their
   * gold reads a table: counted, never passed silently. Absent in older records.
   */
  readonly suspect?: RecordRate;
  /** Cases with identical SQL and rows across passes; null with a single pass. */
  readonly determinism: {
    readonly cases: number;
    readonly deterministic: number;
    readonly rate: number;
  } | null;
  /** Over the answers written; null where the scorer did not run (mode plans). */
  readonly faithfulness: {
    readonly answers: number;
    readonly faithful: number;
    readonly rate: number;
    readonly unfaithful: readonly UnfaithfulAnswer[];
  } | null;
  /**
   * Accuracy by difficulty and tag, failures per error class, empty matches, test-suite
   * accuracy, the three-tier verdict, efficiency (diagnostics-record.ts). Never gated.
   * Absent in older records.
   */
  readonly diagnostics?: DiagnosticsMetrics;
}

/** One answer the faithfulness scorer flagged, as the board lists it. */
export interface UnfaithfulAnswer {
  readonly case_id: string;
  readonly role: string | null;
  readonly pass: number;
  readonly unsupported_numbers: readonly string[];
  readonly unsupported_entities: readonly string[];
}

/** The recall summary of a retrieval run. */
export interface RetrievalMetrics {
  readonly retrieval: {
    /** Case runs scored (answerable case x role). */
    readonly cases: number;
    /** Mean table recall, 0..1. */
    readonly table_recall: number;
    /** Mean column recall, 0..1. */
    readonly column_recall: number;
    /** Case runs that were sent every needed table. */
    readonly perfect_tables: number;
    /** Case runs that were sent every needed column. */
    readonly perfect_columns: number;
    /** Mean tables sent. */
    readonly tables_sent: number;
    /** Mean columns sent. */
    readonly columns_sent: number;
    /** The routing scorer's share, where it applies; null otherwise. */
    readonly routing: RecordRate | null;
    // Spec 003's selection figures, where the run scored them (absent in older records;
    // null when no case run carried them).
    /** Mean recall of the relationships the gold plans join over. */
    readonly relationships_recall?: number | null;
    /** Mean recall of tables, columns and relationships pooled per case run. */
    readonly element_recall?: number | null;
    /** Case runs sent every required table, column and relationship (complete strategy). */
    readonly complete?: RecordRate | null;
    /** Case runs whose gold query returned the gold rows on a database holding only what was sent. */
    readonly reference_matches?: RecordRate | null;
    /** Case runs whose selection ended in the state expected (ready, for answerable cases). */
    readonly boundary_as_expected?: RecordRate | null;
  };
}

/** A pass/fail status as the case record writes it. */
export type CaseStatus = 'pass' | 'fail' | 'error';

/** The config's whole board: the settings, how far the run got and every case record. */
export interface Scoreboard {
  /** Case runs planned (case x role x pass). */
  readonly planned_cases: number;
  /** Case runs finished; short of planned when the run stopped. */
  readonly completed_cases: number;
  /** Why the run stopped early, or null. */
  readonly stopped: 'max_cost' | 'cancelled' | null;
  readonly settings: ScoreboardSettings;
  readonly cases: readonly CaseRecord[];
}

/** What the run was asked to do; two runs are compared only like for like. */
export interface ScoreboardSettings {
  /** The roles asked as (empty when the run has no roles). */
  readonly roles: readonly string[];
  /** Whether curated answers were on. */
  readonly curated: boolean;
  readonly passes: number;
  readonly max_cost_usd: number | null;
  /** Mode retrieval: the k values and MMR settings used. */
  readonly retrieval?: Readonly<Record<string, unknown>> | null;
  /**
   * The mode the runner scored the run in. Required in a record of kind `engine` (plans,
   * full or retrieval); in the others it repeats `kind` and may be absent (older records).
   */
  readonly mode?: Mode;
  readonly [setting: string]: unknown;
}

/** One case asked once: one case, one role, one pass. */
export interface CaseRecord {
  readonly case_id: string;
  readonly role: string | null;
  /** Which pass, from 1. */
  readonly pass: number;
  /** Strict execution accuracy (result match and outcome); in retrieval, perfect recall. */
  readonly status: CaseStatus;
  /** Lenient execution accuracy. */
  readonly lenient_status: CaseStatus;
  /** The generated path's status when curated answers answered the case; else null. */
  readonly generated_status?: CaseStatus | null;
  readonly sql?: string | null;
  readonly rows_digest?: string | null;
  /** Dollars this case run cost; null when the run recorded no cost. */
  readonly cost_usd?: number | null;
  readonly latency_ms?: number | null;
  /** The case run's time in the harness besides the engine's. */
  readonly harness_ms?: number | null;
  /** Why a passing case run is suspect (a constant query where the gold reads a table), or null. */
  readonly suspect?: string | null;
  /** The case run's diagnostics (diagnostics-record.ts); null where none apply, absent in older records. */
  readonly diagnostics?: CaseDiagnosticsRecord | null;
  readonly [field: string]: unknown;
}

/** A record as read from disk: where it is, and what it holds. */
export interface StoredRecord {
  /** The file's path as found (joined onto the directory given to `readRecords`). */
  readonly path: string;
  readonly record: RunRecord;
}

/** The mode a record was scored in: its kind, or for kind `engine` its settings' mode. */
export function scoredMode(record: RunRecord): Mode {
  return record.kind === 'engine' ? (record.scoreboard.settings.mode ?? 'plans') : record.kind;
}

/** True for a retrieval run's metrics. */
export function isRetrievalMetrics(
  metrics: RunMetrics | RetrievalMetrics,
): metrics is RetrievalMetrics {
  return 'retrieval' in metrics;
}

/** Records as StoredRecords; a bare record gets an empty path (and no link on the pages). */
export function asStored(item: StoredRecord | RunRecord): StoredRecord {
  return 'record' in item ? item : { path: '', record: item };
}
