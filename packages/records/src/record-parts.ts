// The result record's nested parts (rates, accuracies, the run and retrieval metrics, the
// scoreboard, its settings and case records), defined once with TypeBox as one module whose
// parts refer to each other by name; record.ts builds the record from them. Nested objects
// the runner may grow (settings, case records) allow extra fields.

import {
  EnumOf,
  Nullable,
  type SchemaOptions,
  type Static,
  type TImport,
  type TModule,
  type TObject,
  type TProperties,
  Type,
} from '@nl2sql/format';
import {
  ClarifyMetricsSchema,
  ClarifyRecordSchema,
  ProcessMetricsSchema,
  TrajectoryRecordSchema,
} from './agent-record.js';
import { CaseDiagnosticsSchema, DiagnosticsParts } from './diagnostics-record.js';
import { PoliciesMetricsSchema } from './policies-metrics.js';
import { Amount, Count, described, Share, Text } from './record-values.js';
import { ROWS_CHECK_OUTCOMES, ROWS_SOURCES } from './rows-source.js';
import { RUN_MODES } from './run-mode.js';
import { CaseSnapshotsSchema, SnapshotsMetricsSchema } from './snapshots-metrics.js';

export { Count, Text };

const CASE_STATUSES = ['pass', 'fail', 'error'] as const;

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
/** An object that holds its own fields only. */
export const closed = { additionalProperties: false } as const;

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
      pass_at_k: Type.Optional(
        Nullable(
          Type.Object({
            k: Type.Integer({ minimum: 2 }),
            strict: Type.Ref('rate'),
            lenient: Type.Ref('rate'),
            first: Type.Object(
              { strict: Type.Ref('rate'), lenient: Type.Ref('rate') },
              { description: 'Cases (and roles) that passed in pass 1: "first of k".' },
            ),
          }),
          {
            description:
              'Cases (and roles) that passed in at least one pass, "any of k" (pass@k), and in the first; the passes of a predictions run are its candidates. Null with a single pass; absent in older records.',
          },
        ),
      ),
      policies: Type.Optional(PoliciesMetricsSchema),
      snapshots: Type.Optional(SnapshotsMetricsSchema),
      process: Type.Optional(ProcessMetricsSchema),
      clarify: Type.Optional(ClarifyMetricsSchema),
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
      rows_checks: Type.Optional(
        Type.Object(
          {
            executed: Count(
              'Rows the harness read by running the SQL (reported rows, if any, agreed).',
            ),
            trusted: Count("Rows that were the engine's word (trust_reported_rows)."),
            rows_mismatch: Count('Reported rows that differ from what the SQL returns: failed.'),
            no_sql: Count('Answers with rows and no SQL: failed.'),
            unsafe_sql: Count('SQL the safety check (L3) refused, not run: failed.'),
            execution_error: Count(
              'SQL the database refused or failed when the harness ran it: failed.',
            ),
          },
          {
            ...closed,
            description:
              "An external engine's successful answers by what the harness's check of their rows found. Absent for the reference engine and in older records.",
          },
        ),
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
      diagnostics: Type.Optional(
        Type.Ref('diagnosticsMetrics', {
          description:
            'Accuracy by difficulty and tag, failures per error class, empty matches, test-suite accuracy, the three-tier verdict, efficiency. Never gated (but for the efficiency budget, gate.max_over_budget); absent in older records and in runs not evaluated beyond EX.',
        }),
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
        // Precision (001 §8), beside recall; absent in older records.
        table_precision: Type.Optional(
          Share('Mean table precision@k: needed tables sent / distinct tables sent.'),
        ),
        column_precision: Type.Optional(
          Share('Mean column precision@k: needed columns sent / distinct columns sent.'),
        ),
        all_tables_hit: Type.Optional(
          Type.Ref('rate', {
            description: 'Case runs sent every needed table, of those scored (001 §8).',
          }),
        ),
        perfect_tables: Count('Case runs that were sent every needed table.'),
        perfect_columns: Count('Case runs that were sent every needed column.'),
        tables_sent: Amount('Mean tables sent.'),
        columns_sent: Amount('Mean columns sent.'),
        routing: NullOrRate("The routing scorer's share, where it applies; null otherwise."),
        // Spec 003's selection figures, where the run scored them (absent in older records;
        // null when no case run carried them).
        relationships_recall: Type.Optional(
          Nullable(Share(), {
            description: 'Mean recall of the relationships the gold plans join over.',
          }),
        ),
        element_recall: Type.Optional(
          Nullable(Share(), {
            description: 'Mean recall of tables, columns and relationships pooled per case run.',
          }),
        ),
        complete: Type.Optional(
          NullOrRate(
            'Case runs sent every required table, column and relationship (complete strategy).',
          ),
        ),
        reference_matches: Type.Optional(
          NullOrRate(
            'Case runs whose gold query returned the gold rows on a database holding only what was sent.',
          ),
        ),
        boundary_as_expected: Type.Optional(
          NullOrRate(
            'Case runs whose selection ended in the state expected (ready, for answerable cases).',
          ),
        ),
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
      rows: Type.Optional(
        EnumOf(ROWS_SOURCES, {
          description:
            "Kind engine: executed when the harness ran the engine's SQL as the case's role on the pinned database and scored those rows; trusted when the run scored the rows the engine reported (trust_reported_rows), the engine's word. Absent in other kinds and in older records (which scored reported rows).",
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
      rows_check: Type.Optional(
        Type.Object(
          {
            outcome: EnumOf(ROWS_CHECK_OUTCOMES),
            message: Nullable(Type.String()),
          },
          {
            ...closed,
            description:
              "An external engine's answer: how its rows were obtained, or why the harness's check failed it (the first differing row, the safety finding, the database's error). Absent for the reference engine.",
          },
        ),
      ),
      snapshots: Type.Optional(CaseSnapshotsSchema),
      trajectory: Type.Optional(Nullable(TrajectoryRecordSchema)),
      clarify: Type.Optional(Nullable(ClarifyRecordSchema)),
      as_of_date: Type.Optional(
        Nullable(Type.String(), { description: 'The date "today" meant for the case, or null.' }),
      ),
      diagnostics: Type.Optional(
        Nullable(CaseDiagnosticsSchema, {
          description:
            "The case run's diagnostics and verdicts (issue 16); null where none apply, absent in older records.",
        }),
      ),
    },
    { description: 'One case asked once: one case, one role, one pass.' },
  ),
  ...DiagnosticsParts,
});

type Parts = typeof RecordParts extends TModule<infer _, infer Computed> ? Computed : never;
/** A record as a program holds it: every part readonly (records are never edited). */
export type Frozen<T> = T extends readonly (infer U)[]
  ? readonly Frozen<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;
/** The static type of one of the record's parts. */
type Of<K extends keyof Parts> = Frozen<Static<TImport<Parts, K>>>;

// Imported into consts first: an Import inline in a call sends tsc into deep instantiation.
export const RunMetricsSchema = RecordParts.Import('runMetrics');
export const RetrievalMetricsSchema = RecordParts.Import('retrievalMetrics');
export const ScoreboardSchema = RecordParts.Import('scoreboard');

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
/** The board's diagnostics (diagnostics-record.ts). */
export interface DiagnosticsMetrics extends Of<'diagnosticsMetrics'> {}
/** A test-suite false positive: passes EX, fails on a database of the suite. */
export interface FalsePositiveRecord extends Of<'falsePositive'> {}
