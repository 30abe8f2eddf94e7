// The Engine protocol: what the runner calls to evaluate a text-to-SQL system. One question
// and a role in; a status, the SQL, the rows, a written answer, a typed error, the LLM usage
// and a trace out. Field names are snake_case where they cross the wire (HttpEngine sends
// these objects as JSON unchanged), so a Python or Go service implements the same shape.

import type { ErrorCode } from './error-codes.js';

export interface AskRequest {
  question: string;
  /** The role the question is asked as; RBAC decides what it may read. */
  role: string;
  /** Skip the resolver's routing and ask this datasource (the answerability check still runs). */
  datasource?: string;
}

/** Cells as JSON carries them (integers beyond 2^53 and blobs arrive as strings). */
export type ResultCell = null | number | string | boolean;

export interface ResultSet {
  columns: string[];
  rows: ResultCell[][];
  /** True when the row cap stopped reading. */
  truncated: boolean;
}

export type AskStatus = 'success' | 'error' | 'clarify';

export interface EngineErrorInfo {
  code: ErrorCode | (string & {});
  message: string;
}

/** One LLM call's token counts, as @nl2sql/llm's UsageRecord writes them. */
export interface AskUsage {
  node: string;
  provider: string;
  model: string;
  modelEchoed?: string | null;
  input: number;
  cached: number;
  cacheWrite: number;
  output: number;
  reasoning: number;
  latencyMs?: number;
  wire?: string;
}

/** What the schema retriever sent to the planner. */
export interface RetrievalRecord {
  tables_sent: string[];
  /** `Table.Column`. */
  columns_sent: string[];
  /** True when the whole schema was sent without a search (at most fullSnapshotMaxTables). */
  full_snapshot?: boolean;
  /** The joins sent, as `from(c,...)->to(c,...)` labels (an engine that completes paths says so). */
  relationships_sent?: string[];
  /**
   * The state the selection ended in, when the engine reports one: `ready`, `no_candidates`
   * (nothing the role may read matched), `ambiguous_path` (equally short joins that mean
   * different things) or `no_authorized_path` (tables the role's approved joins cannot connect).
   */
  selection_status?: SelectionState;
  /** What the engine noted about the selection (dropped candidates, added joins, problems). */
  selection_notes?: string[];
  /**
   * Optional: the datasource ids the engine would route the question to, best first. The
   * routing scorer of a retrieval run reads it; an engine that does not route leaves it out.
   */
  datasources?: string[];
}

/** The states a schema selection may end in (see RetrievalRecord.selection_status). */
export type SelectionState = 'ready' | 'no_candidates' | 'ambiguous_path' | 'no_authorized_path';

export interface TraceNode {
  node: string;
  /** Wall time of the node, in milliseconds. */
  ms: number;
  status: 'ok' | 'error' | 'skipped';
  /** The error code, when the node failed. */
  error?: string;
}

export interface AskTrace {
  nodes: TraceNode[];
  datasource: string | null;
  retrieval: RetrievalRecord | null;
  /** The plan that produced `sql` (null for a curated hit, a refusal before planning, ...). */
  plan: unknown;
  /** Every SQL statement sent to the safety check, in order (refinements add more). */
  sql: string[];
  /** True when a verified (curated) answer supplied the SQL. */
  curated: boolean;
  /** True when the plan came from the plan cache. */
  plan_cached: boolean;
  /** Refinement rounds used. */
  refinements: number;
  /** Total wall time of the ask, in milliseconds. */
  total_ms: number;
  [extra: string]: unknown;
}

/**
 * How long the engine took to answer, measured as close to the engine as the caller can.
 * HttpEngine sets it (a service need not send it; one it sends is replaced): `engine_ms` runs
 * from the request sent to the reply read in full, for the attempt that answered, so retries,
 * backoff waits and the client's own queueing are not in it.
 */
export interface AskTiming {
  engine_ms: number;
  /** HTTP attempts made for this ask (1 when the first answered). */
  attempts?: number;
}

export interface AskResponse {
  status: AskStatus;
  /** The SQL that ran (or last failed), null when none was written. */
  sql: string | null;
  /** One result set on success; empty otherwise. */
  results: ResultSet[];
  /** The written answer on success, the clarifying question on clarify, else null. */
  answer: string | null;
  error: EngineErrorInfo | null;
  usage: AskUsage[];
  trace: AskTrace | Record<string, unknown>;
  /** Set by a client that measured the engine's latency (HttpEngine); absent in process. */
  timing?: AskTiming;
}

export interface RetrieveRequest {
  question: string;
  /** The datasource whose schema is searched. */
  datasource: string;
  role?: string;
  /** Overrides fullSnapshotMaxTables for this call (retrieval mode passes 0). */
  fullSnapshotMaxTables?: number;
}

export interface RetrieveResponse extends RetrievalRecord {}

/** What `describe()` and `GET /describe` say an engine is, so a result records what ran. */
export interface EngineDescription {
  /** The engine's name (a package or service name); `unknown` when it could not be had. */
  name: string;
  /** Its version; `unknown` when it could not be had. */
  version: string;
  /** The models it calls, by what it calls them for (e.g. node -> `provider:model`). */
  models?: Record<string, string>;
  /** Settings that change its answers (retriever k values, row cap, ...), as it reports them. */
  settings?: Record<string, unknown>;
  /** Only on a fallback description: why the engine's own could not be had. */
  unavailable?: string;
}

/** The name and version of an engine that does not (or could not) describe itself. */
export const UNKNOWN_ENGINE = 'unknown';

/** A text-to-SQL system under evaluation. */
export interface Engine {
  ask(request: AskRequest, options?: { signal?: AbortSignal }): Promise<AskResponse>;
  /** Retrieval mode: which schema the planner would be given. Optional. */
  retrieve?(
    request: RetrieveRequest,
    options?: { signal?: AbortSignal },
  ): Promise<RetrieveResponse>;
  /** Its name, version, models and settings. Optional; HttpEngine's never throws. */
  describe?(options?: { signal?: AbortSignal }): Promise<EngineDescription>;
  close?(): Promise<void>;
}
