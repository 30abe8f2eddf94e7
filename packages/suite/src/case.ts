// The eval case and suite formats, defined once with TypeBox: the types a program sees after
// loading, the published JSON Schemas (`case.schema.json`, `suite.schema.json`) and the
// validator the loader uses all come from these definitions. Field names are the file's
// (snake_case), so a case reads the same in YAML, in JSON and in code. Properties are listed
// in the order the writer puts them in a file.

import {
  defineFormat,
  FormatRef,
  type JsonSchema,
  type SchemaOptions,
  type Static,
  type TSchema,
  type TUnsafe,
  Type,
} from '@nl2sql/format';
import { PLAN_FORMAT, type PlanModel } from '@nl2sql/plan';

/**
 * The fixed tag vocabulary of the Chinook suite (spec 000, "The cases"). A user's suite may
 * use other tags too (a benchmark's `difficulty:hard`); lint's `require.fixed_tags` holds a
 * suite to this list (the Chinook suite is linted with it).
 */
export const CASE_TAGS = [
  'single-table',
  'filter',
  'join',
  'multi-join',
  'aggregation',
  'having',
  'order-limit',
  'offset',
  'ties',
  'date',
  'paraphrase',
  'keyword-in-question',
  'keyword-in-value',
  'data-range',
  'value-matching',
  'rbac-denial',
  'unanswerable',
  'ambiguous',
] as const;

export type CaseTag = (typeof CASE_TAGS)[number];

/**
 * What any tag looks like: a word, or `key:value` (`difficulty:moderate`,
 * `query_category:group_by`), so a slice by key reads the same in every suite.
 */
export const TAG_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]*(:[A-Za-z0-9][A-Za-z0-9_.-]*)?$';

/**
 * What a role's run of a case must end in: answered, refused, declared unanswerable, or a
 * clarifying question asked back (an ambiguous question: a guess is wrong, whatever it reads).
 */
export const OUTCOMES = ['allowed', 'refused', 'unanswerable', 'clarify'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * Where a case came from, when a word says it: written by a person, or harvested from a real
 * run and reviewed. An imported case says more: the file and line of the pair it came from.
 */
export const CASE_SOURCES = ['hand', 'harvested'] as const;
/** The kinds of source a case may have: the words above and `imported`. */
export const SOURCE_KINDS = [...CASE_SOURCES, 'imported'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/**
 * One of fixed values, spelled `{ "enum": [...] }` alone: a value of the wrong type is
 * reported with the values allowed, as the suite loader always has.
 */
function OneOf<const V extends readonly [unknown, ...unknown[]]>(
  values: V,
  options: SchemaOptions = {},
): TUnsafe<V[number]> {
  return Type.Unsafe<V[number]>({ ...options, enum: [...values] });
}

const Text = (options: SchemaOptions = {}) => Type.String({ ...options, minLength: 1 });
/** A stored cell. Regenerate writes integers beyond 2^53 and blobs as strings. */
const CellSchema = Type.Union([Type.Null(), Type.Number(), Type.String()]);
const RowsSchema = Type.Array(Type.Array(CellSchema), {
  description:
    'Result rows, one array of cells per row, in selected column order; written by regenerate.',
});
const SortedUnique = <T extends TSchema>(item: T, description: string) =>
  Type.Array(item, { description, uniqueItems: true });
const Sql = (options: SchemaOptions = {}) => Type.String({ ...options, pattern: '\\S' });

/** A case written by `nl2sql suite import` from a question/SQL pair: where the pair was. */
const ImportedSourceSchema = Type.Object(
  {
    kind: Type.Literal('imported'),
    file: Text({ description: 'The pairs file, as given to the import.' }),
    line: Type.Integer({ minimum: 1, description: "1-based line of the pair's record." }),
  },
  { additionalProperties: false },
);

/** What one alternative reads: its own tables and columns, as `tables` and `columns` are the gold's. */
const AltReadsSchema = Type.Object(
  {
    tables: SortedUnique(Text(), 'Tables the alternative reads.'),
    columns: SortedUnique(
      Type.String({ pattern: '^[^.]+(\\.[^.]+)*\\.[^.]+$' }),
      'Table.Column pairs the alternative reads.',
    ),
  },
  { additionalProperties: false },
);

/** Where the gold's ORDER BY leaves rows tied (order_ties). */
const OrderTiesSchema = Type.Object(
  {
    groups: Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      description:
        'Run lengths over `rows`, in order: each run is rows whose ORDER BY keys are equal (the database says so); they sum to the number of rows.',
    }),
    boundary_rows: Type.Optional(
      Type.Array(Type.Array(CellSchema), {
        description:
          "When the LIMIT cuts through the last run: every row of that whole tie group, `rows`' own among them, as the gold selects them.",
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "Where the gold's ORDER BY leaves rows tied, so a run of tied rows may come in any order (order_matters cases); written by regenerate and import, never by hand. Absent: the order is exact.",
  },
);

/** A snapshot's name, as evals.yaml names it (datasources.ID.snapshots[].name). */
export const SNAPSHOT_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]*$';

const SnapshotRowsSchema = Type.Object(
  {
    rows: RowsSchema,
    order_ties: Type.Optional(OrderTiesSchema),
    alt_rows: Type.Optional(
      Type.Array(RowsSchema, { description: 'What each alt_sql returns on the snapshot.' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "What the gold SQL (and each alt_sql) returns on one snapshot of the case's datasource; written by regenerate, never by hand.",
  },
);

/** One eval case. */
export const EvalCaseSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' }),
    question: Text(),
    datasource: Text({ description: 'The datasource id the case asks about (e.g. chinook).' }),
    source: Type.Union([OneOf(CASE_SOURCES), ImportedSourceSchema], {
      description: 'hand, harvested, or {kind: imported, file, line} for an imported pair.',
    }),
    approved: Type.Optional(
      Type.Boolean({
        description:
          'false until a person has reviewed the case (nl2sql suite review); absent means approved. Only approved cases are run and scored.',
      }),
    ),
    tags: SortedUnique(
      Type.String({ pattern: TAG_PATTERN }),
      'Tags: the fixed vocabulary (CASE_TAGS) or your own words and key:value pairs.',
    ),
    as_of_date: Type.Optional(
      Type.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description: 'The date "today" means for this case (YYYY-MM-DD).',
      }),
    ),
    evidence: Type.Optional(
      Text({
        description:
          'Knowledge the question needs, sent to the system under test with it (BIRD: evidence).',
      }),
    ),
    instructions: Type.Optional(
      Text({
        description:
          'How the answer should be written, sent to the system under test with the question (defog: instructions).',
      }),
    ),
    paraphrase_of: Type.Optional(
      Text({ description: 'The id of the case this one rephrases; the group shares one result.' }),
    ),
    order_matters: Type.Boolean({ description: 'Row order counts only when true.' }),
    outcome: Type.Record(Type.String(), OneOf(OUTCOMES), {
      minProperties: 1,
      description: 'Role -> the outcome its run must end in.',
    }),
    clarify_reason: Type.Optional(
      Text({
        description:
          'Why the question is ambiguous, so a clarifying question is the right answer: required when some role expects clarify.',
      }),
    ),
    tables: SortedUnique(Text(), 'Tables the SQL reads.'),
    columns: SortedUnique(
      Type.String({ pattern: '^[^.]+(\\.[^.]+)*\\.[^.]+$' }),
      'Table.Column pairs the SQL reads.',
    ),
    sql: Type.Optional(Sql({ description: 'The gold SQL; absent on an unanswerable case.' })),
    rows: Type.Optional(RowsSchema),
    order_ties: Type.Optional(OrderTiesSchema),
    alt_sql: Type.Optional(
      Type.Array(Sql(), { description: 'Other accepted answers, one SQL each.' }),
    ),
    alt_reads: Type.Optional(
      Type.Array(AltReadsSchema, {
        description:
          'What each alt_sql reads, in the same order, where an alternative may read other tables than the gold (a view, a lookup table); absent: every alternative reads only tables of tables, and counts wherever the gold does.',
      }),
    ),
    alt_rows: Type.Optional(
      Type.Array(RowsSchema, { description: 'What each alt_sql returns, in the same order.' }),
    ),
    sql_by_engine: Type.Optional(
      Type.Object(
        {
          postgres: Type.Optional(
            Sql({ description: 'The gold SQL for PostgreSQL, where transpiling `sql` is wrong.' }),
          ),
          mysql: Type.Optional(
            Sql({ description: 'The gold SQL for MySQL, where transpiling `sql` is wrong.' }),
          ),
          duckdb: Type.Optional(
            Sql({ description: 'The gold SQL for DuckDB, where transpiling `sql` is wrong.' }),
          ),
        },
        {
          additionalProperties: false,
          minProperties: 1,
          description:
            'Gold SQL written for one engine, where transpiling `sql` (written for SQLite) does not give the same question.',
        },
      ),
    ),
    rows_by_engine: Type.Optional(
      Type.Object(
        {
          postgres: Type.Optional(RowsSchema),
          mysql: Type.Optional(RowsSchema),
          duckdb: Type.Optional(RowsSchema),
        },
        {
          additionalProperties: false,
          minProperties: 1,
          description:
            "What the gold SQL returns on one engine where it differs from `rows` (SQLite's); `suite cross-check` says where.",
        },
      ),
    ),
    rows_by_snapshot: Type.Optional(
      Type.Record(Type.String({ pattern: SNAPSHOT_NAME_PATTERN }), SnapshotRowsSchema, {
        minProperties: 1,
        description:
          "Snapshot name -> what the gold returns on that snapshot of the case's datasource (evals.yaml's datasources.ID.snapshots): a run passes EX on all snapshots only when the answer matches on each. Written by regenerate; absent where the datasource has no snapshots.",
      }),
    ),
    plan: Type.Optional(
      FormatRef<PlanModel>(PLAN_FORMAT, {
        description: 'The gold plan; present exactly on answerable cases.',
      }),
    ),
    notes: Type.Optional(Text()),
  },
  {
    description: 'One eval case.',
    additionalProperties: false,
    // An unanswerable case has no SQL, so nothing to run and nothing to plan.
    dependentRequired: {
      alt_sql: ['sql'],
      alt_rows: ['alt_sql'],
      alt_reads: ['alt_sql'],
      rows: ['sql'],
      order_ties: ['rows'],
      plan: ['sql'],
      sql_by_engine: ['sql'],
      rows_by_engine: ['rows'],
      rows_by_snapshot: ['rows'],
    },
  },
);

/** A plan that answers its case by a different route than its SQL (listed in the header). */
export const PlanNoteSchema = Type.Object(
  { case: Text(), note: Text() },
  { additionalProperties: false },
);

export type Cell = Static<typeof CellSchema>;
/** What one alternative reads (`alt_reads[i]`). */
export interface AltReads extends Static<typeof AltReadsSchema> {}
export interface ImportedSource extends Static<typeof ImportedSourceSchema> {}
/** A case's source: `hand`, `harvested`, or the file and line of an imported pair. */
export type CaseSource = (typeof CASE_SOURCES)[number] | ImportedSource;
export type Row = Cell[];
/** What the gold returns on one snapshot (`rows_by_snapshot[name]`). */
export interface SnapshotRows extends Static<typeof SnapshotRowsSchema> {}
// Interfaces, not aliases, so declaration files refer to them by name.
export interface EvalCase extends Static<typeof EvalCaseSchema> {}
export interface PlanNote extends Static<typeof PlanNoteSchema> {}

/** The case format (`case.schema.json`); a case's plan is checked by the plan's own schema. */
export const CASE_FORMAT = defineFormat(
  EvalCaseSchema,
  { id: 'https://nl2sql-evals.dev/schemas/case.json', title: 'nl2sql eval case' },
  { references: [PLAN_FORMAT] },
);

/** A suite file: a name, a format version and its cases. */
export const EvalSuiteSchema = Type.Object(
  {
    name: Text({ description: "The suite's name (e.g. chinook)." }),
    version: Type.Unsafe<1>({
      const: 1,
      description: 'Format version of the file; this package reads and writes 1.',
    }),
    sql_dialect: Type.Optional(
      Type.Unsafe<'sqlite'>({
        const: 'sqlite',
        description:
          "The dialect every sql and alt_sql of the file is written in: SQLite's. A PostgreSQL, MySQL or DuckDB datasource runs them transpiled, or a case's sql_by_engine.<engine>.",
      }),
    ),
    description: Type.Optional(Text()),
    plan_notes: Type.Optional(
      Type.Array(PlanNoteSchema, {
        description: 'Plans that express the answer differently from the SQL, and how.',
      }),
    ),
    cases: Type.Array(FormatRef<EvalCase>(CASE_FORMAT)),
  },
  { additionalProperties: false },
);

export interface EvalSuite extends Static<typeof EvalSuiteSchema> {}

/** The suite format (`suite.schema.json`), what loadSuite checks a file against. */
export const SUITE_FORMAT = defineFormat(
  EvalSuiteSchema,
  { id: 'https://nl2sql-evals.dev/schemas/suite.json', title: 'nl2sql eval suite' },
  { references: [CASE_FORMAT] },
);

/** The JSON Schema of one case. */
export const CASE_JSON_SCHEMA: JsonSchema = CASE_FORMAT.document;
/** The JSON Schema of a suite file. */
export const SUITE_JSON_SCHEMA: JsonSchema = SUITE_FORMAT.document;

/** The keys of a case, in the order the writer puts them in a file. */
export const CASE_KEYS = Object.keys(EvalCaseSchema.properties) as Array<keyof EvalCase>;
/** The keys of a suite file, in the order the writer puts them. */
export const SUITE_KEYS = Object.keys(EvalSuiteSchema.properties) as Array<keyof EvalSuite>;

/** True unless the case says `approved: false`: a missing field means approved. */
export function isApproved(c: Pick<EvalCase, 'approved'>): boolean {
  return c.approved !== false;
}

/** The kind of a case's source (`hand`, `harvested` or `imported`). */
export function sourceKind(c: Pick<EvalCase, 'source'>): SourceKind {
  return typeof c.source === 'string' ? c.source : c.source.kind;
}
/** The engines a case can give gold SQL or rows of its own for (`sql` and `rows` are SQLite's). */
export const CASE_ENGINES = ['sqlite', 'postgres', 'mysql', 'duckdb'] as const;
export type CaseEngine = (typeof CASE_ENGINES)[number];

/** A case the database can answer: it has SQL (and so rows and a plan). */
export function isAnswerable(c: EvalCase): boolean {
  return c.sql !== undefined;
}
