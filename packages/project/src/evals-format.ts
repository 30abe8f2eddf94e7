// The evals.yaml format, defined once with TypeBox: the file's type (snake_case, as written),
// the published JSON Schema (`evals.schema.json`, shipped with the CLI for editor completion)
// and the validator the loader uses all come from this definition. Every object refuses keys
// it does not list: a misspelt `max_regresions` must not silently leave a default in force.

import { defineFormat, type Static, Type } from '@nl2sql/format';
import { DatasourceSchema } from './evals-datasource-format.js';
import { ENV_REFERENCE, Milliseconds, NAME_PATTERN, Named, Text } from './evals-schema-parts.js';

export { NAME_PATTERN };

/** The `$id` of the published document; it changes only with the file's `version`. */
export const EVALS_SCHEMA_ID = 'https://nl2sql-evals.dev/schemas/evals.json';

const RoleSchema = Type.Object(
  {
    tables: Type.Array(Text(), {
      uniqueItems: true,
      description: 'The tables the role may read (compared case-insensitively).',
    }),
    columns: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1 }),
        Type.Array(Text(), { minItems: 1, uniqueItems: true }),
        {
          description:
            "Table -> the only columns of it the role may read (compared case-insensitively); each table is one of the role's tables, and a table not named here is read whole. A query reading any other column of it is refused, as a table outside tables is.",
        },
      ),
    ),
  },
  { additionalProperties: false },
);

const PolicySchema = Type.Object(
  {
    refusal_message: Type.Optional(
      Text({
        description:
          "What an engine says when it refuses a role a question; a refusal saying anything else is scored wrong. Default: the protocol's generic refusal.",
      }),
    ),
    roles: Named(RoleSchema, { minProperties: 1, description: 'Role -> what it may read.' }),
  },
  {
    additionalProperties: false,
    description:
      'Which tables (and, per table, which columns) each role may read; the reference engine enforces it, lint derives outcomes from it, the runner finds leaks by it.',
  },
);

const AskTimeout = Type.Optional(
  Milliseconds('How long one ask may take; default run.ask_timeout_ms'),
);

const TrustReportedRows = Type.Optional(
  Type.Boolean({
    description:
      "Score the rows the engine reports instead of running its SQL here: only for a system whose SQL the harness cannot run (a live warehouse it cannot reach). Its SQL is still checked for safety; records, boards and pages say the rows were the engine's word. Default false: the harness runs the engine's SQL as the case's role on the case's datasource and scores those rows.",
  }),
);

const ReferenceEngineSchema = Type.Object(
  {
    kind: Type.Literal('reference'),
    llm: Type.Optional(
      Type.Array(Text(), {
        minItems: 1,
        description:
          'Mode full: the LLM configs to compare, as --llm takes them (a preset, a file relative to evals.yaml, a model, or NAME=any of those).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: "nl2sql's reference engine over this project's datasources and policy.",
  },
);

const HttpEngineSchema = Type.Object(
  {
    kind: Type.Literal('http'),
    url: Type.String({
      pattern: '^https?://',
      description: 'The base URL: the engine answers POST URL/ask and GET URL/describe.',
    }),
    headers: Type.Optional(
      Type.Record(Type.String({ minLength: 1 }), Type.String(), {
        description: `Headers sent with every request; put secrets in ${ENV_REFERENCE}.`,
      }),
    ),
    ask_timeout_ms: AskTimeout,
    trust_reported_rows: TrustReportedRows,
  },
  { additionalProperties: false, description: 'A service speaking the engine protocol over HTTP.' },
);

const ProcessEngineSchema = Type.Object(
  {
    kind: Type.Literal('process'),
    command: Type.Array(Text(), {
      minItems: 1,
      description:
        'The program and its arguments, run in the folder of evals.yaml; it speaks the protocol as JSON lines on stdin and stdout.',
    }),
    ask_timeout_ms: AskTimeout,
    trust_reported_rows: TrustReportedRows,
  },
  {
    additionalProperties: false,
    description: 'A long-lived child process speaking the engine protocol as JSON lines.',
  },
);

const EngineSchema = Type.Union([ReferenceEngineSchema, HttpEngineSchema, ProcessEngineSchema], {
  description: 'An engine to evaluate; `kind` says how it is reached.',
});

const GateSchema = Type.Object(
  {
    max_regressions: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'Most cases that may go pass -> fail against the baseline; default 2 in mode full, 0 in modes plans and retrieval.',
      }),
    ),
    mcnemar_alpha: Type.Optional(
      Type.Union([Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 }), Type.Null()], {
        description:
          "Fail when more cases were lost than gained and McNemar's exact p is below this; null runs no test. Default 0.05 in mode full, none otherwise.",
      }),
    ),
    max_cost_increase: Type.Optional(
      Type.Number({
        minimum: 0,
        description: 'Most relative rise in cost per case run (0.2 = 20%); default 0.2.',
      }),
    ),
    max_executions_increase: Type.Optional(
      Type.Number({
        minimum: 0,
        description:
          "Most relative rise in SQL executions per question of the engine's trajectories (0.25 = 25%); default 0.25 in modes plans and full.",
      }),
    ),
    min_accuracy: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          "`eval run` and `eval merge` exit 1 when a config's strict accuracy is below this rate (0.8 = 80%), baseline or not; default none.",
      }),
    ),
    max_over_budget: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          '`eval run` exits 1 when more than this many EX-correct case runs of a config cost more than the efficiency budget (run.budget_x, run.budget_max; 001 §7); needs --efficiency (without it the run fails: nothing was measured). Default none.',
      }),
    ),
    allow_partial: Type.Optional(
      Type.Boolean({
        description:
          'A partial run (stopped at the cost cap, or lacking baseline case runs) may exit 0, as `--allow-partial`; default false.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'The regression gate of `eval run --baseline`, and what a run must reach to exit 0; flags override each value.',
  },
);

const RunSchema = Type.Object(
  {
    concurrency: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Case runs in flight at once; default 4.' }),
    ),
    passes: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        description: 'Ask every case this many times; default 1.',
      }),
    ),
    max_cost_usd: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description: 'Mode full: stop before a case that could pass this many dollars.',
      }),
    ),
    ask_timeout_ms: Type.Optional(
      Milliseconds('How long one ask may take before the case run is a TIMEOUT; default 120000'),
    ),
    budget_x: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description:
          "With --efficiency: an EX-correct prediction whose cost proxy (SQLite: rows read estimated from the plan; PostgreSQL: EXPLAIN's total cost) is more than this many times its gold's is over budget; default 10.",
      }),
    ),
    budget_max: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description:
          "With --efficiency: an EX-correct prediction whose cost proxy is above this value (the engine's unit) is over budget; default none.",
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'Defaults of `eval run`; flags override each value.',
  },
);

const ChecksSchema = Type.Object(
  {
    require_limit: Type.Optional(
      Type.Boolean({
        description:
          "L3: the outermost query must carry LIMIT n (n an integer literal in 1..max_limit); default true. false leaves the bound to the database's row cap (a LIMIT that is written is still checked). A query that returns at most one row by its shape (an aggregate without GROUP BY) needs none either way.",
      }),
    ),
    max_limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          "L3: the largest LIMIT accepted, and the most rows a recursive CTE may be shown to make; default the run's row cap + 1 in `eval run` (1001), 1000 in `nl2sql check`.",
      }),
    ),
    allowed_functions: Type.Optional(
      Type.Array(Text({ pattern: '^[A-Za-z_][A-Za-z0-9_.$]*$' }), {
        uniqueItems: true,
        description:
          'L3: function names vetted beyond the built-in list (e.g. a read-only UDF); the denied side-effect functions (pg_sleep, set_config, load_extension, ...) can never be allowed.',
      }),
    ),
    max_sql_bytes: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'The longest SQL (UTF-8 bytes) that is parsed at all; a longer answer fails its case run with sql_too_large, unread. Default 65536 (64 KiB).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'The static checks (L1-L3) of the SQL an engine answers with, in `eval run` and `nl2sql check`; flags override each value.',
  },
);

/** The evals.yaml file, as written. */
export const EvalsFileSchema = Type.Object(
  {
    version: Type.Literal(1, { description: 'The format version; 1.' }),
    datasources: Named(DatasourceSchema, {
      minProperties: 1,
      description: "Datasource id -> database; a case's `datasource` names one.",
    }),
    policy: Type.Optional(PolicySchema),
    suites: Type.Array(Text(), {
      minItems: 1,
      uniqueItems: true,
      description: 'Suite files, relative to the folder of evals.yaml; the first is the default.',
    }),
    engines: Type.Optional(
      Named(EngineSchema, {
        minProperties: 1,
        description: 'Engine name -> engine; default { reference: { kind: reference } }.',
      }),
    ),
    default_engine: Type.Optional(
      Type.String({
        pattern: NAME_PATTERN,
        description: 'The engine `eval run` evaluates without --engine.',
      }),
    ),
    gate: Type.Optional(GateSchema),
    run: Type.Optional(RunSchema),
    checks: Type.Optional(ChecksSchema),
  },
  {
    additionalProperties: false,
    description:
      'An nl2sql-evals project: databases, access policy, suites, engines, gate, run defaults and SQL checks.',
  },
);

// Interfaces, not aliases, so declaration files refer to them by name.
export interface EvalsFile extends Static<typeof EvalsFileSchema> {}
export type EvalsDatasourceEntry = Static<typeof DatasourceSchema>;
export type EvalsEngineEntry = Static<typeof EngineSchema>;

/** The evals.yaml format: definition, published document and validator. */
export const EVALS_FORMAT = defineFormat(EvalsFileSchema, {
  id: EVALS_SCHEMA_ID,
  title: 'nl2sql-evals project (evals.yaml)',
  description:
    'The project file of nl2sql-evals: datasources, access policy, suites, engines, gate and run defaults.',
});

/** The published JSON Schema document (`evals.schema.json`). */
export const EVALS_JSON_SCHEMA = EVALS_FORMAT.document;
