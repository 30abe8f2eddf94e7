// The options of the CLI's other commands as functions (`suite cross-check`, `check`, `init`,
// `suite testsuite`, `judge calibrate`, `demo comparator`, `db up`, `db grants`): one option
// per flag, camelCased, and a positional argument under the name evaluate() gives that thing
// (`suite`, `sql`, `dataset`). One TypeBox definition per command, so the static type and the
// check of a JavaScript caller's object cannot drift (decisions/evaluate-api.md).

import { type Static, type TLiteral, type TUnion, Type } from '@sinclair/typebox';

const text = (description: string) => Type.String({ description });
/** A list option: `['a', 'b']`, or the command line's comma-separated `'a,b'`. */
const list = (description: string) =>
  Type.Union([Type.String(), Type.Array(Type.String())], { description });
const flag = (description: string) => Type.Boolean({ description });
const whole = (description: string, minimum: number) => Type.Integer({ minimum, description });
/** One of `values`, each a literal: the static type is their union, not `string`. */
const oneOf = <const T extends readonly string[]>(values: T, description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  ) as unknown as TUnion<TLiteral<T[number]>[]>;
const strict = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

const config = text('evals.yaml to read (default ./evals.yaml when there is one)');
const maxSuiteMb = whole('refuse a suite file larger than this many MiB', 1);

export const CROSS_CHECK_OPTIONS = Type.Partial(
  strict({
    suite: text('the suite file (default: the Chinook suite; with snapshots, a NAME or PATH)'),
    db: text('the SQLite database (default for the Chinook suite: the verified Chinook file)'),
    engine: list('engines to compare with SQLite: postgres, mysql, duckdb, all'),
    postgres: text('the PostgreSQL database URL (default for Chinook: an embedded server)'),
    mysql: text('the MySQL/MariaDB database URL (default for Chinook: a private MariaDB)'),
    duckdb: text('the DuckDB file (default for Chinook: a copy of the SQLite file)'),
    snapshots: flag("check the golds on evals.yaml's snapshots instead of another engine"),
    config,
    maxSuiteMb,
    json: flag('print the report as JSON'),
  }),
);
export type CrossCheckSuiteOptions = Static<typeof CROSS_CHECK_OPTIONS>;

export const CHECK_SQL_OPTIONS = Type.Composite(
  [
    strict({ sql: text('the query') }),
    Type.Partial(
      strict({
        dialect: oneOf(['sqlite', 'postgres', 'mysql', 'duckdb'], 'the SQL dialect'),
        schema: text('schema JSON for L2 (not with db)'),
        db: text('SQLite database whose schema L2 uses'),
        maxLimit: whole('the largest LIMIT', 1),
        requireLimit: Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false')], {
          description: 'false: no LIMIT needed',
        }),
        function: list('functions allowed besides the defaults'),
        maxSqlBytes: whole('the longest query in bytes', 1),
        config,
        table: list('only these tables may be read'),
        json: flag('print the report as JSON'),
      }),
    ),
  ],
  { additionalProperties: false },
);
export type CheckSqlOptions = Static<typeof CHECK_SQL_OPTIONS>;

export const INIT_OPTIONS = Type.Composite(
  [
    strict({ db: text('the SQLite database file, or a postgres:// URL') }),
    Type.Partial(
      strict({
        datasource: text("the datasource id (default: from the file's or database's name)"),
        roles: list('postgres: the policy roles (default analyst)'),
      }),
    ),
  ],
  { additionalProperties: false },
);
export type InitProjectOptions = Static<typeof INIT_OPTIONS>;

export const SUITE_TEST_SUITE_OPTIONS = Type.Partial(
  strict({
    suite: text("the suite: a path, or the name of one of the project's suites"),
    db: text('the SQLite database the variants are made from'),
    seed: whole('the random seed', 0),
    candidates: whole('variant databases generated before the distilling', 1),
    maxVariants: whole('variants kept', 1),
    allowPackaged: flag('rebuild the test suite of a suite that ships in a package'),
    config,
    maxSuiteMb,
  }),
);
export type SuiteTestSuiteOptions = Static<typeof SUITE_TEST_SUITE_OPTIONS>;

export const CALIBRATE_JUDGE_OPTIONS = Type.Composite(
  [
    strict({ llm: text("the judge's LLM config file") }),
    Type.Partial(
      strict({
        labels: text('the labelled pairs (default: the Chinook calibration set)'),
        out: text('the calibration record written (default judge-calibration.json)'),
        db: text('the SQLite database (default: the verified Chinook file)'),
        concurrency: whole('pairs judged at once', 1),
      }),
    ),
  ],
  { additionalProperties: false },
);
export type CalibrateJudgeOptions = Static<typeof CALIBRATE_JUDGE_OPTIONS>;

export const COMPARATOR_DEMO_OPTIONS = Type.Partial(
  strict({
    db: text('the Chinook SQLite file (default: the verified one)'),
    json: flag('print the results as JSON instead of the board'),
  }),
);
export type ComparatorDemoOptions = Static<typeof COMPARATOR_DEMO_OPTIONS>;

export const DATABASE_ENGINES = ['postgres', 'mysql', 'duckdb'] as const;

export const START_DATABASE_OPTIONS = Type.Composite(
  [
    strict({ dataset: text('the dataset to load: chinook') }),
    Type.Partial(
      strict({
        engine: oneOf(DATABASE_ENGINES, 'postgres (the default), mysql or duckdb'),
        out: text('duckdb: the file written (default chinook.duckdb)'),
        port: Type.Integer({ minimum: 1, maximum: 65535, description: 'the server port' }),
      }),
    ),
  ],
  { additionalProperties: false },
);
export type StartDatabaseOptions = Static<typeof START_DATABASE_OPTIONS>;

export const GRANT_ROLES_OPTIONS = Type.Partial(
  strict({
    engine: oneOf(['postgres', 'mysql'], 'the database the grants are for (default postgres)'),
    policy: text('evals.yaml or an access policy JSON (default: the Chinook policy)'),
    database: text('the database the logins may read'),
    apply: text('run the grants as the administrator this URL names instead of printing them'),
  }),
);
export type GrantRolesOptions = Static<typeof GRANT_ROLES_OPTIONS>;
