// The Engine protocol's messages, each defined once with TypeBox: the types in engine.ts, the
// JSON Schema documents (2020-12) published beside this package (`ask-request.schema.json`,
// ...) so a system written in any language can check what it sends, and the validators
// HttpEngine and serveEngine run on what crosses the wire all come from these definitions.
// Field names are snake_case where the wire has them; replies are open objects (a service
// may send more than the protocol asks), requests are closed (a misspelt field is refused).

import {
  Dictionary,
  defineFormat,
  fieldName,
  type JsonSchema,
  Nullable,
  StringEnum,
  Type,
} from '@nl2sql/format';
import type { ErrorCode } from './error-codes.js';
import { TrajectoryStepSchema } from './trajectory-schema.js';

export { TRAJECTORY_STEP_KINDS, TrajectoryStepSchema } from './trajectory-schema.js';

const Text = () => Type.String({ minLength: 1 });
const Strings = () => Type.Array(Type.String());
const Count = () => Type.Number({ minimum: 0 });

export const AskRequestSchema = Type.Object(
  {
    question: Text(),
    role: Type.String({
      minLength: 1,
      description: 'The role the question is asked as; RBAC decides what it may read.',
    }),
    datasource: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          "Skip the resolver's routing and ask this datasource (the answerability check still runs).",
      }),
    ),
    evidence: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'Knowledge the question needs, given with it (BIRD: evidence, e.g. "over 35 refers to age > 35").',
      }),
    ),
    instructions: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'How the answer should be written (defog: instructions).',
      }),
    ),
    as_of_date: Type.Optional(
      Type.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description: 'The date "today" means for this question (YYYY-MM-DD).',
      }),
    ),
  },
  { additionalProperties: false },
);

/** Cells as JSON carries them (integers beyond 2^53 and blobs arrive as strings). */
export const ResultCellSchema = Type.Union([
  Type.Null(),
  Type.Number(),
  Type.String(),
  Type.Boolean(),
]);

export const ResultSetSchema = Type.Object({
  columns: Strings(),
  rows: Type.Array(Type.Array(ResultCellSchema)),
  truncated: Type.Boolean({ description: 'True when the row cap stopped reading.' }),
});

export const ASK_STATUSES = ['success', 'error', 'clarify'] as const;

export const EngineErrorInfoSchema = Type.Object({
  // Any code a service sends; the protocol's own are ERROR_CODES.
  code: Type.Unsafe<ErrorCode | (string & {})>(Type.String({ minLength: 1 })),
  message: Type.String(),
});

export const AskUsageSchema = Type.Object(
  {
    node: Type.String(),
    provider: Type.String(),
    model: Type.String(),
    modelEchoed: Type.Optional(Nullable(Type.String())),
    input: Count(),
    cached: Count(),
    cacheWrite: Count(),
    output: Count(),
    reasoning: Count(),
    latencyMs: Type.Optional(Type.Number()),
    wire: Type.Optional(Type.String()),
  },
  { description: "One LLM call's token counts, as @nl2sql/llm's UsageRecord writes them." },
);

export const AskTimingSchema = Type.Object(
  {
    engine_ms: Count(),
    attempts: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'HTTP attempts made for this ask (1 when the first answered).',
      }),
    ),
  },
  {
    description:
      'How long the engine took to answer, measured by the client (HttpEngine): from the request sent to the reply read in full, for the attempt that answered. A service need not send it; one it sends is replaced.',
  },
);

export const AskResponseSchema = Type.Object(
  {
    status: StringEnum(ASK_STATUSES),
    sql: Nullable(Type.String(), {
      description:
        'The SQL that ran (or last failed), null when none was written. On success the harness runs this SQL itself, as the role, on the pinned database, and scores the rows it gets.',
    }),
    results: Type.Optional(
      Type.Array(ResultSetSchema, {
        description:
          'Optional: the rows the engine read from its SQL, one result set on success, empty or absent otherwise. Rows sent are checked against what the SQL returns when the harness runs it (a difference fails the case run as rows-mismatch); they are scored only by a run that trusts reported rows (trust_reported_rows).',
      }),
    ),
    answer: Nullable(Type.String(), {
      description: 'The written answer on success, the clarifying question on clarify, else null.',
    }),
    error: Nullable(EngineErrorInfoSchema),
    usage: Type.Array(AskUsageSchema),
    // What the engine did, in its own terms: the reference engine's is AskTrace.
    trace: Type.Unsafe<Record<string, unknown>>({ type: 'object' }),
    timing: Type.Optional(AskTimingSchema),
    trajectory: Type.Optional(
      Type.Array(TrajectoryStepSchema, {
        description:
          "Optional: every step the system took, in order: each SQL it executed (probes, retries and the final one), each schema-exploration call, each error it saw. Every SQL step is checked by the harness (syntax, schema, safety, the role's scope, and run as the role to count its rows); one that fails a check fails the case run even when the final answer is right.",
      }),
    ),
  },
  {
    // An error status must carry an error; success must not (no if/then: a `then` key makes
    // the object a thenable).
    oneOf: [
      { properties: { status: { const: 'error' }, error: { type: 'object' } } },
      { properties: { status: { const: 'success' }, error: { type: 'null' } } },
      { properties: { status: { const: 'clarify' } } },
    ],
  },
);

export const RetrieveRequestSchema = Type.Object(
  {
    question: Text(),
    datasource: Type.String({
      minLength: 1,
      description: 'The datasource whose schema is searched.',
    }),
    role: Type.Optional(Type.String()),
    fullSnapshotMaxTables: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'Overrides fullSnapshotMaxTables for this call (retrieval mode passes 0).',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The states a schema selection may end in (RetrievalRecord.selection_status). */
export const SELECTION_STATES = [
  'ready',
  'no_candidates',
  'ambiguous_path',
  'no_authorized_path',
] as const;

export const RetrievalRecordSchema = Type.Object(
  {
    tables_sent: Strings(),
    columns_sent: Type.Array(Type.String(), { description: '`Table.Column`.' }),
    full_snapshot: Type.Optional(
      Type.Boolean({
        description:
          'True when the whole schema was sent without a search (at most fullSnapshotMaxTables).',
      }),
    ),
    relationships_sent: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'The joins sent, as `from(c,...)->to(c,...)` labels (an engine that completes paths says so).',
      }),
    ),
    selection_status: Type.Optional(
      StringEnum(SELECTION_STATES, {
        description:
          "The state the selection ended in, when the engine reports one: ready, no_candidates (nothing the role may read matched), ambiguous_path (equally short joins that mean different things) or no_authorized_path (tables the role's approved joins cannot connect).",
      }),
    ),
    selection_notes: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'What the engine noted about the selection (dropped candidates, added joins, problems).',
      }),
    ),
    datasources: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'The datasource ids the engine would route the question to, best first. The routing scorer of a retrieval run reads it; an engine that does not route leaves it out.',
      }),
    ),
  },
  { description: 'What the schema retriever sent to the planner.' },
);

export const EngineDescriptionSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      description:
        "The engine's name (a package or service name); `unknown` when it could not be had.",
    }),
    version: Type.String({
      minLength: 1,
      description: 'Its version; `unknown` when it could not be had.',
    }),
    models: Type.Optional(
      Dictionary(Type.String(), {
        description:
          'The models it calls, by what it calls them for (e.g. node -> `provider:model`).',
      }),
    ),
    settings: Type.Optional(
      Type.Unsafe<Record<string, unknown>>({
        type: 'object',
        description:
          'Settings that change its answers (retriever k values, row cap, ...), as it reports them.',
      }),
    ),
    unavailable: Type.Optional(
      Type.String({
        description: "Only on a fallback description: why the engine's own could not be had.",
      }),
    ),
  },
  {
    description:
      'What `describe()` and `GET /describe` say an engine is, so a result records what ran.',
  },
);

/** What a line request asks for: POST /ask, POST /retrieve and GET /describe over HTTP. */
export const LINE_METHODS = ['ask', 'retrieve', 'describe'] as const;

const LineId = () =>
  Type.Integer({ minimum: 1, description: 'A positive integer, unique within the process.' });

/**
 * One line on a process engine's stdin: the request's id, what it asks for and the HTTP
 * protocol's body for it, unchanged.
 */
export const LineRequestSchema = Type.Union([
  Type.Object(
    { id: LineId(), method: Type.Literal('ask'), params: AskRequestSchema },
    { additionalProperties: false },
  ),
  Type.Object(
    { id: LineId(), method: Type.Literal('retrieve'), params: RetrieveRequestSchema },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      id: LineId(),
      method: Type.Literal('describe'),
      params: Type.Object({}, { additionalProperties: false }),
    },
    { additionalProperties: false },
  ),
]);

/**
 * One line on a process engine's stdout: the request's id and either `result` (an
 * AskResponse, a RetrieveResponse or an EngineDescription) or `error` (the request could not
 * be served), never both: a misspelt `results` is refused, not taken as empty.
 */
export const LineReplySchema = Type.Union([
  Type.Object({ id: LineId(), result: Type.Unknown() }, { additionalProperties: false }),
  Type.Object({ id: LineId(), error: EngineErrorInfoSchema }, { additionalProperties: false }),
]);

const PROTOCOL_ID = 'https://nl2sql-evals.dev/schemas/engine';

export const ASK_REQUEST_FORMAT = defineFormat(AskRequestSchema, {
  id: `${PROTOCOL_ID}/ask-request.json`,
  title: 'AskRequest',
});
export const ASK_RESPONSE_FORMAT = defineFormat(AskResponseSchema, {
  id: `${PROTOCOL_ID}/ask-response.json`,
  title: 'AskResponse',
});
export const RETRIEVE_REQUEST_FORMAT = defineFormat(RetrieveRequestSchema, {
  id: `${PROTOCOL_ID}/retrieve-request.json`,
  title: 'RetrieveRequest',
});
export const RETRIEVE_RESPONSE_FORMAT = defineFormat(RetrievalRecordSchema, {
  id: `${PROTOCOL_ID}/retrieve-response.json`,
  title: 'RetrieveResponse',
});
export const ENGINE_DESCRIPTION_FORMAT = defineFormat(EngineDescriptionSchema, {
  id: `${PROTOCOL_ID}/engine-description.json`,
  title: 'EngineDescription',
});

export const LINE_REQUEST_FORMAT = defineFormat(LineRequestSchema, {
  id: `${PROTOCOL_ID}/line-request.json`,
  title: 'LineRequest',
});
export const LINE_REPLY_FORMAT = defineFormat(LineReplySchema, {
  id: `${PROTOCOL_ID}/line-reply.json`,
  title: 'LineReply',
});

export const ASK_REQUEST_JSON_SCHEMA: JsonSchema = ASK_REQUEST_FORMAT.document;
export const ASK_RESPONSE_JSON_SCHEMA: JsonSchema = ASK_RESPONSE_FORMAT.document;
export const RETRIEVE_REQUEST_JSON_SCHEMA: JsonSchema = RETRIEVE_REQUEST_FORMAT.document;
export const RETRIEVE_RESPONSE_JSON_SCHEMA: JsonSchema = RETRIEVE_RESPONSE_FORMAT.document;
export const ENGINE_DESCRIPTION_JSON_SCHEMA: JsonSchema = ENGINE_DESCRIPTION_FORMAT.document;
export const LINE_REQUEST_JSON_SCHEMA: JsonSchema = LINE_REQUEST_FORMAT.document;
export const LINE_REPLY_JSON_SCHEMA: JsonSchema = LINE_REPLY_FORMAT.document;

const FORMATS = new Map<JsonSchema, { issues: typeof ASK_REQUEST_FORMAT.issues }>(
  [
    ASK_REQUEST_FORMAT,
    ASK_RESPONSE_FORMAT,
    RETRIEVE_REQUEST_FORMAT,
    RETRIEVE_RESPONSE_FORMAT,
    ENGINE_DESCRIPTION_FORMAT,
    LINE_REQUEST_FORMAT,
    LINE_REPLY_FORMAT,
  ].map((format) => [format.document, format]),
);

/**
 * Check a value against one of the protocol's documents (`ASK_RESPONSE_JSON_SCHEMA`, ...);
 * returns the problems (empty when it conforms), each as `path: message`
 * (`results[0].truncated: must be boolean; got string`, `(root)` for the message itself).
 */
export function protocolErrors(schema: JsonSchema, value: unknown): string[] {
  const format = FORMATS.get(schema);
  if (!format) throw new Error('protocolErrors takes one of the protocol documents');
  return format
    .issues(value)
    .map((issue) => `${fieldName(issue.path) || '(root)'}: ${issue.message}`);
}
