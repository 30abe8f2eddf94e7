// The result record (format 2), defined once with TypeBox: the TypeScript types below, the
// published JSON Schema (`recordSchema`, `record-2.schema.json`) and the validator that
// `validateRecord` runs all come from this one definition. Field names are the file's
// (snake_case), so the type is the format, not a view of it. Nested objects the runner may
// grow (settings, case records, metrics) allow extra fields; the record's top level and its
// identity objects do not, so a misspelt field is caught. What a schema cannot say (counts
// within their totals, a real date, the engine only on kind engine) validate-record.ts checks.

import {
  Dictionary,
  defineFormat,
  EnumOf,
  type JsonSchema,
  Nullable,
  type SchemaOptions,
  type Static,
  type TImport,
  type TModule,
  type TObject,
  type TProperties,
  type TSchema,
  Type,
} from '@nl2sql/format';
import { type Mode, RECORD_KINDS, type RecordKind, RUN_MODES } from './run-mode.js';

/** The record format this package writes and reads. Format 1 was 0.6's, before roles and lenient. */
export const RECORD_FORMAT = 2;

const CASE_STATUSES = ['pass', 'fail', 'error'] as const;

const described = (description?: string): SchemaOptions =>
  description === undefined ? {} : { description };
/** A string that is never empty. */
const Text = (description?: string) => Type.String({ minLength: 1, ...described(description) });
const Count = (description?: string) => Type.Integer({ minimum: 0, ...described(description) });
/** A share, 0..1. */
const Share = (description?: string) =>
  Type.Number({ minimum: 0, maximum: 1, ...described(description) });
const Amount = (description?: string) => Type.Number({ minimum: 0, ...described(description) });
const Status = (description?: string) => EnumOf(CASE_STATUSES, described(description));
/**
 * An object that may hold fields besides its own (the runner adds its own to case records
 * and settings): its type says so with an index signature.
 */
const Open = <P extends TProperties>(properties: P, options: SchemaOptions = {}) =>
  Type.Unsafe<Static<TObject<P>> & { [field: string]: unknown }>(Type.Object(properties, options));
/** `null` or a rate, in that order: a value of neither is told `must be null or rate`. */
const NullOrRate = (description: string) =>
  Type.Union([Type.Null(), Type.Ref('rate')], { description });
const Latency = (description: string) =>
  Type.Object({ p50_ms: Amount(), p95_ms: Amount() }, { description });
const closed = { additionalProperties: false } as const;

/** The record's nested parts; references between them are by name. */
const RecordParts = Type.Module({
  rate: Type.Object(
    { count: Count(), total: Count(), rate: Share('count / total; 0 when total is 0.') },
    { description: 'A share with its counts, e.g. pass^k or answerability.' },
  ),
  accuracy: Type.Object(
    { count: Count(), total: Count(), rate: Share(), lower: Share(), upper: Share() },
    { description: 'An accuracy with its 95% Wilson interval (over the runs scored).' },
  ),
  runMetrics: Type.Object(
    {
      accuracy: Type.Object(
        {
          execution: Type.Object({ strict: Type.Ref('accuracy'), lenient: Type.Ref('accuracy') }),
        },
        {
          description:
            'Execution accuracy (result match and outcome), strict and lenient, over case runs.',
        },
      ),
      accuracy_all_scorers: Type.Ref('rate', {
        description: 'Runs every scorer passed (faithfulness included).',
      }),
      accuracy_generated: NullOrRate(
        'Execution accuracy on the generated path; null when curated answers were off.',
      ),
      pass_k: Nullable(
        Type.Object({
          k: Type.Integer({ minimum: 2 }),
          strict: Type.Ref('rate'),
          lenient: Type.Ref('rate'),
        }),
        { description: 'Cases that passed in every pass; null with a single pass.' },
      ),
      answerability: Type.Ref('rate', {
        description: 'Runs whose outcome (allowed, refused, unanswerable) was right.',
      }),
      dollars: Type.Object(
        {
          total: Amount(
            'Every dollar billed for the config, calls of case runs that never finished included.',
          ),
          per_case_run: Amount('The mean cost of a finished case run.'),
          unfinished: Type.Optional(
            Amount(
              'Of the total, what calls of case runs that never finished (a kill, a cancel) cost; present when the calls were billed one by one.',
            ),
          ),
        },
        { description: 'Dollars billed from the price table.' },
      ),
      tokens: Type.Object({
        input: Count(),
        cached_input: Count(),
        cache_write: Count(),
        output: Count(),
        reasoning: Count(),
      }),
      latency: Latency(
        "The engine's latency per case run (on the wire for an HTTP engine, else the ask).",
      ),
      suspect: Type.Optional(
        Type.Ref('rate', {
          description:
            'Case runs that passed with a constant query (values written in the SQL) although their gold reads a table: counted, never passed silently. Absent in older records.',
        }),
      ),
      harness_overhead: Type.Optional(
        Latency(
          "The harness's time per case run besides the engine's (scoring, queueing on the event loop). Absent in records made before it was measured.",
        ),
      ),
      determinism: Nullable(
        Type.Object({ cases: Count(), deterministic: Count(), rate: Share() }),
        {
          description: 'Cases with identical SQL and rows across passes; null with a single pass.',
        },
      ),
      faithfulness: Nullable(
        Type.Object({
          answers: Count(),
          faithful: Count(),
          rate: Share(),
          unfaithful: Type.Array(Type.Ref('unfaithfulAnswer')),
        }),
        {
          description: 'Over the answers written; null where the scorer did not run (mode plans).',
        },
      ),
    },
    { description: "The headline numbers of a plans or full run, in the spec's order." },
  ),
  unfaithfulAnswer: Type.Object(
    {
      case_id: Text(),
      role: Nullable(Type.String()),
      pass: Type.Integer({ minimum: 1 }),
      unsupported_numbers: Type.Array(Type.String()),
      unsupported_entities: Type.Array(Type.String()),
    },
    { description: 'One answer the faithfulness scorer flagged, as the board lists it.' },
  ),
  retrievalMetrics: Type.Object(
    {
      retrieval: Type.Object({
        cases: Count('Case runs scored (answerable case x role).'),
        table_recall: Share('Mean table recall.'),
        column_recall: Share('Mean column recall.'),
        perfect_tables: Count('Case runs that were sent every needed table.'),
        perfect_columns: Count('Case runs that were sent every needed column.'),
        tables_sent: Amount('Mean tables sent.'),
        columns_sent: Amount('Mean columns sent.'),
        routing: NullOrRate("The routing scorer's share, where it applies; null otherwise."),
      }),
    },
    { description: 'The recall summary of a retrieval run.' },
  ),
  scoreboard: Type.Object(
    {
      planned_cases: Count('Case runs planned (case x role x pass).'),
      completed_cases: Count('Case runs finished; short of planned when the run stopped.'),
      stopped: EnumOf(['max_cost', 'cancelled', null], {
        description: 'Why the run stopped early, or null.',
      }),
      settings: Type.Ref('settings'),
      cases: Type.Array(Type.Ref('caseRecord')),
    },
    {
      description:
        "The config's whole board: the settings, how far the run got and every case record.",
    },
  ),
  settings: Open(
    {
      roles: Type.Array(Text(), {
        description: 'The roles asked as (empty when the run has no roles).',
      }),
      curated: Type.Boolean({ description: 'Whether curated answers were on.' }),
      passes: Type.Integer({ minimum: 1 }),
      max_cost_usd: Nullable(Type.Number({ minimum: 0 })),
      retrieval: Type.Optional(
        Nullable(Type.Unsafe<Readonly<Record<string, unknown>>>({ type: 'object' }), {
          description: 'Mode retrieval: the k values and MMR settings used.',
        }),
      ),
      mode: Type.Optional(
        EnumOf(RUN_MODES, {
          description:
            'The mode the runner scored the run in. Required in a record of kind engine; in the others it repeats kind and may be absent (older records).',
        }),
      ),
    },
    { description: 'What the run was asked to do; two runs are compared only like for like.' },
  ),
  caseRecord: Open(
    {
      case_id: Text(),
      role: Nullable(Type.String({ minLength: 1 })),
      pass: Type.Integer({ minimum: 1, description: 'Which pass, from 1.' }),
      status: Status(
        'Strict execution accuracy (result match and outcome); in retrieval, perfect recall.',
      ),
      lenient_status: Status('Lenient execution accuracy.'),
      generated_status: Type.Optional(
        EnumOf([...CASE_STATUSES, null], {
          description:
            "The generated path's status when curated answers answered the case; else null.",
        }),
      ),
      sql: Type.Optional(Nullable(Type.String())),
      rows_digest: Type.Optional(Nullable(Type.String())),
      cost_usd: Type.Optional(
        Nullable(Type.Number({ minimum: 0 }), {
          description: 'Dollars this case run cost; null when the run recorded no cost.',
        }),
      ),
      latency_ms: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
      harness_ms: Type.Optional(
        Nullable(Type.Number({ minimum: 0 }), {
          description: "The case run's time in the harness besides the engine's.",
        }),
      ),
      suspect: Type.Optional(
        Nullable(Type.String(), {
          description:
            'Why a passing case run is suspect (a constant query where the gold reads a table), or null.',
        }),
      ),
    },
    { description: 'One case asked once: one case, one role, one pass.' },
  ),
});

type Parts = typeof RecordParts extends TModule<infer _, infer Computed> ? Computed : never;
/** A record as a program holds it: every part readonly (records are never edited). */
type Frozen<T> = T extends readonly (infer U)[]
  ? readonly Frozen<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;
/** The static type of one of the record's parts. */
type Of<K extends keyof Parts> = Frozen<Static<TImport<Parts, K>>>;

// Imported into consts first: an Import inline in a call sends tsc into deep instantiation.
const RunMetricsSchema = RecordParts.Import('runMetrics');
const RetrievalMetricsSchema = RecordParts.Import('retrievalMetrics');
const ScoreboardSchema = RecordParts.Import('scoreboard');

/** The headline numbers of a plans or full run, in the spec's order. */
export interface RunMetrics extends Of<'runMetrics'> {}
/** The recall summary of a retrieval run. */
export interface RetrievalMetrics extends Of<'retrievalMetrics'> {}
/** One answer the faithfulness scorer flagged, as the board lists it. */
export interface UnfaithfulAnswer extends Of<'unfaithfulAnswer'> {}
/** A share with its counts, e.g. pass^k or answerability. */
export interface RecordRate extends Of<'rate'> {}
/** An accuracy with its 95% Wilson interval (over the runs scored). */
export interface RecordAccuracy extends Of<'accuracy'> {}
/** The config's whole board: the settings, how far the run got and every case record. */
export interface Scoreboard extends Of<'scoreboard'> {}
/** What the run was asked to do; two runs are compared only like for like. */
export interface ScoreboardSettings extends Of<'settings'> {}
/** One case asked once: one case, one role, one pass. */
export interface CaseRecord extends Of<'caseRecord'> {}
/** A pass/fail status as the case record writes it. */
export type CaseStatus = (typeof CASE_STATUSES)[number];

/**
 * An object holding `field` that `holds`, or anything that is not an object (whose own type
 * error is reported where it is): the conditions below leave a value of the wrong type to its
 * field's own check, as `required` alone does in JSON Schema.
 */
const objectWhose = (field: string, holds: object) => ({
  anyOf: [
    { not: { type: 'object' } },
    { type: 'object', required: [field], properties: { [field]: holds } },
  ],
});

/**
 * Which scoreboard a record's metrics are read against: a retrieval run's (kind retrieval,
 * or kind engine scored in mode retrieval) are retrieval metrics, every other run's are run
 * metrics. `required` so a record missing `kind` is not read as a retrieval record.
 */
const scoredInRetrieval = {
  anyOf: [
    { required: ['kind'], properties: { kind: { const: 'retrieval' } } },
    {
      required: ['kind', 'scoreboard'],
      properties: {
        kind: { const: 'engine' },
        scoreboard: objectWhose('settings', objectWhose('mode', { const: 'retrieval' })),
      },
    },
  ],
};

/** One recorded run of one config: the JSON file under `benchmarks/<mode>/<database>/`. */
const RunRecordSchema = Type.Object(
  {
    schema: Type.Unsafe<typeof RECORD_FORMAT>({
      const: RECORD_FORMAT,
      description: 'The record format, always 2.',
    }),
    kind: EnumOf(RECORD_KINDS, {
      description:
        "The run's mode, or engine for an engine outside this project (an HTTP service), scored in the mode scoreboard.settings.mode names and identified by engine.",
    }),
    recorded_at: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?Z$',
      description: 'UTC date and time the run finished, ISO 8601 with a Z (2026-10-15T09:12:44Z).',
    }),
    engine_version: Text('The installed engine version.'),
    git_commit: Type.String({
      pattern: '^([0-9a-f]{7,64}|unknown)$',
      description: "The engine's commit (hex, usually all 40 digits), or unknown; never null.",
    }),
    git_dirty: Type.Unsafe<boolean | 'unknown'>({
      type: ['boolean', 'string'],
      enum: [true, false, 'unknown'],
      description: "Whether the engine's tracked files had uncommitted changes, or unknown.",
    }),
    note: Nullable(Type.String(), {
      description: 'What changed, e.g. "slim prompts"; null without one.',
    }),
    dataset: Type.Object(
      {
        name: Text("The suite's name, e.g. chinook.yaml."),
        digest: Text("SHA-256 of the suite file's LF bytes."),
      },
      { ...closed, description: 'The suite the run was scored on.' },
    ),
    database: Type.Object(
      {
        datasource_id: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' }),
        engine: Text('The database engine, e.g. sqlite.'),
        schema_fingerprint: Text("Hash of the indexed schema's tables, columns, types and keys."),
        tables: Count(),
        columns: Count(),
      },
      {
        ...closed,
        description: "The database identity: built from the datasources the suite's cases name.",
      },
    ),
    config: Type.Object(
      { name: Text(), nodes: Dictionary(Text()) },
      {
        ...closed,
        description:
          'The config name (retrieval for a retrieval run) and provider:model per LLM node.',
      },
    ),
    engine: Type.Optional(
      Type.Object(
        {
          name: Text('Its name (a package or service name), or unknown when it did not say.'),
          version: Text('Its version, or unknown.'),
          models: Nullable(Dictionary(Type.String()), {
            description:
              'The models it calls, by what it calls them for, as it reported them; null when it did not.',
          }),
        },
        {
          ...closed,
          description:
            'Kind engine only (required there, absent elsewhere): the engine outside this project as it described itself (GET /describe).',
        },
      ),
    ),
    metrics: Type.Unsafe<Static<typeof RunMetricsSchema> | Static<typeof RetrievalMetricsSchema>>({
      type: 'object',
      description:
        'Run metrics, or for a run scored in mode retrieval the recall summary (see if/then/else).',
    }),
    scoreboard: ScoreboardSchema,
  },
  {
    ...closed,
    if: scoredInRetrieval,
    // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword
    then: { properties: { metrics: RetrievalMetricsSchema } },
    else: { properties: { metrics: RunMetricsSchema } },
  },
);

/**
 * One recorded run of one config: the JSON file under `benchmarks/<mode>/<database>/`.
 * Records are never edited after writing; a new run writes a new file.
 */
export interface RunRecord extends Frozen<Static<typeof RunRecordSchema>> {}

/**
 * What kind of run a record is: one of the reference engine's modes, or `engine`, a run of an
 * engine outside this project (an HTTP service), scored in the mode `scoreboard.settings.mode`
 * names and identified by `engine`.
 */
export type { RecordKind };
/** An engine outside this project as it described itself (`GET /describe`), or `unknown`. */
export interface RecordEngine extends NonNullable<RunRecord['engine']> {}
/** The suite the run was scored on. */
export interface RecordDataset extends Frozen<RunRecord['dataset']> {}
/** The database identity: built from the datasources the suite's cases name. */
export interface RecordDatabase extends Frozen<RunRecord['database']> {}
/** The config name (`retrieval` for a retrieval run) and `provider:model` per LLM node. */
export interface RecordConfig extends Frozen<RunRecord['config']> {}

/**
 * The format (`RECORD_FORMAT` is its number): the definition, the published document and
 * the validator `validateRecord` runs.
 */
export const RUN_RECORD_FORMAT = defineFormat(RunRecordSchema, {
  id: 'https://nl2sql-evals.dev/schemas/record-2.json',
  title: 'nl2sql-evals result record, format 2',
});

/**
 * The JSON Schema (2020-12) of record format 2, as published in `record-2.schema.json`, so
 * other tools (an editor, a Python reader) can check records without this package.
 */
export const recordSchema: JsonSchema = RUN_RECORD_FORMAT.document;

/** The top-level fields of a record, in the spec's order (files are written in this order). */
export const RECORD_FIELDS = Object.keys(
  RunRecordSchema.properties,
) as readonly (keyof RunRecord)[];

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
