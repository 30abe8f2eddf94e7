// The Engine protocol: what the runner calls to evaluate a text-to-SQL system. One question
// and a role in; a status, the SQL, the rows, a written answer, a typed error, the LLM usage
// and a trace out. Field names are snake_case where they cross the wire (HttpEngine sends
// these objects as JSON unchanged), so a Python or Go service implements the same shape.

import type { Static } from '@nl2sql/format';
import type {
  AskRequestSchema,
  AskResponseSchema,
  AskTimingSchema,
  AskUsageSchema,
  EngineDescriptionSchema,
  EngineErrorInfoSchema,
  ResultCellSchema,
  ResultSetSchema,
  RetrievalRecordSchema,
  RetrieveRequestSchema,
  SELECTION_STATES,
  TRAJECTORY_STEP_KINDS,
  TrajectoryStepSchema,
} from './engine-schema.js';

// The messages' types come from their definitions in engine-schema.ts; the Engine interface
// and the reference engine's trace (which the protocol carries as any object) are written here.

export interface AskRequest extends Static<typeof AskRequestSchema> {}

/** Cells as JSON carries them (integers beyond 2^53 and blobs arrive as strings). */
export type ResultCell = Static<typeof ResultCellSchema>;

export interface ResultSet extends Static<typeof ResultSetSchema> {}

export type AskStatus = AskResponse['status'];

export interface EngineErrorInfo extends Static<typeof EngineErrorInfoSchema> {}

/** One LLM call's token counts, as @nl2sql/llm's UsageRecord writes them. */
export interface AskUsage extends Static<typeof AskUsageSchema> {}

/** What the schema retriever sent to the planner. */
export interface RetrievalRecord extends Static<typeof RetrievalRecordSchema> {}

/** The states a schema selection may end in (see RetrievalRecord.selection_status). */
export type SelectionState = (typeof SELECTION_STATES)[number];

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
export interface AskTiming extends Static<typeof AskTimingSchema> {}

/** One step of an answer's trajectory: a SQL it executed, a schema call, an error it saw. */
export type TrajectoryStep = Static<typeof TrajectoryStepSchema>;

/** What kind of step a trajectory step is. */
export type TrajectoryStepKind = (typeof TRAJECTORY_STEP_KINDS)[number];

/** The trace is any object on the wire; the reference engine's is an AskTrace. */
export interface AskResponse extends Omit<Static<typeof AskResponseSchema>, 'trace' | 'results'> {
  /**
   * The rows the engine read from its SQL: one result set on success, else empty. Optional on
   * the wire (the clients make an absent list empty): the harness runs `sql` itself.
   */
  results: ResultSet[];
  trace: AskTrace | Record<string, unknown>;
}

export interface RetrieveRequest extends Static<typeof RetrieveRequestSchema> {}

export interface RetrieveResponse extends RetrievalRecord {}

/** What `describe()` and `GET /describe` say an engine is, so a result records what ran. */
export interface EngineDescription extends Static<typeof EngineDescriptionSchema> {}

/** The name and version of an engine that does not (or could not) describe itself. */
export const UNKNOWN_ENGINE = 'unknown';

/**
 * What the caller of `ask` says beside the request. Never sent on the wire: the runner tells
 * an in-process engine which case run it asks, so an engine that answers from a file of
 * predictions (keyed by case id, one candidate per pass) can find the answer; an engine
 * that answers questions ignores it.
 */
export interface AskOptions {
  readonly signal?: AbortSignal;
  /** The suite's id of the case asked. */
  readonly caseId?: string;
  /** The pass of the run this ask is (1-based). */
  readonly pass?: number;
}

/** A text-to-SQL system under evaluation. */
export interface Engine {
  ask(request: AskRequest, options?: AskOptions): Promise<AskResponse>;
  /** Retrieval mode: which schema the planner would be given. Optional. */
  retrieve?(
    request: RetrieveRequest,
    options?: { signal?: AbortSignal },
  ): Promise<RetrieveResponse>;
  /** Its name, version, models and settings. Optional; HttpEngine's never throws. */
  describe?(options?: { signal?: AbortSignal }): Promise<EngineDescription>;
  close?(): Promise<void>;
}
