// The result record (format 2), defined once with TypeBox: the TypeScript types below, the
// published JSON Schema (`recordSchema`, `record-2.schema.json`) and the validator that
// `validateRecord` runs all come from this one definition (its nested parts are in
// record-parts.ts). Field names are the file's (snake_case), so the type is the format, not a
// view of it. The record's top level and its identity objects allow no other field, so a
// misspelt field is caught. What a schema cannot say (counts within their totals, a real
// date, the engine only on kind engine) validate-record.ts checks.

import {
  Dictionary,
  defineFormat,
  EnumOf,
  type JsonSchema,
  Nullable,
  type Static,
  Type,
} from '@nl2sql/format';
import {
  Count,
  closed,
  type Frozen,
  type RetrievalMetrics,
  RetrievalMetricsSchema,
  type RunMetrics,
  RunMetricsSchema,
  ScoreboardSchema,
  Text,
} from './record-parts.js';
import { type Mode, RECORD_KINDS, type RecordKind } from './run-mode.js';

export type {
  CaseRecord,
  CaseStatus,
  DiagnosticsMetrics,
  FalsePositiveRecord,
  RecordAccuracy,
  RecordRate,
  RetrievalMetrics,
  RunMetrics,
  Scoreboard,
  ScoreboardSettings,
  UnfaithfulAnswer,
} from './record-parts.js';

/** The record format this package writes and reads. Format 1 was 0.6's, before roles and lenient. */
export const RECORD_FORMAT = 2;

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
