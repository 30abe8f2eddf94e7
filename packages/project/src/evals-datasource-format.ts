// evals.yaml's `datasources` entries, one schema per engine (sqlite, postgres, mysql,
// duckdb), each refusing keys it does not list; part of the format in evals-format.ts.

import { Type } from '@nl2sql/format';
import { ENV_REFERENCE, Milliseconds, NAME_PATTERN, Named, Text } from './evals-schema-parts.js';

const DatasourceLimits = {
  timeout_ms: Type.Optional(
    Milliseconds(
      "The most any query on it may take, whatever its caller asks; default: each caller's own (the engine 5000, lint 60000)",
    ),
  ),
  max_rows: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        "The most rows any query on it may read; a result cut here is truncated, never complete. Default: each caller's own",
    }),
  ),
};

const SqliteDatasourceSchema = Type.Object(
  {
    engine: Type.Literal('sqlite'),
    path: Text({
      description: 'The SQLite file, relative to the folder of evals.yaml; opened read-only.',
    }),
    snapshots: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String({
              pattern: NAME_PATTERN,
              description: "The snapshot's name, as cases record it (rows_by_snapshot.NAME).",
            }),
            path: Text({
              description:
                'Another SQLite file with the same schema (a copy of another day, a date partition), relative to the folder of evals.yaml; opened read-only.',
            }),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          description:
            "Other databases with this one's schema: gold rows are regenerated on each (rows_by_snapshot) and a case run passes EX on all snapshots only when its SQL matches the gold on every one (001 §5.2). Names unique; a snapshot whose schema differs from this file's is refused.",
        },
      ),
    ),
    ...DatasourceLimits,
  },
  { additionalProperties: false, description: 'A SQLite database file, opened read-only.' },
);

const PostgresDatasourceSchema = Type.Object(
  {
    engine: Type.Literal('postgres'),
    url: Text({
      description: `The owner login (grants, introspection): postgres://user:pass@host/db; use ${ENV_REFERENCE}.`,
    }),
    roles: Type.Optional(
      Named(Text(), {
        description: `Policy role -> the login URL of that role's own user; use ${ENV_REFERENCE}.`,
      }),
    ),
    ...DatasourceLimits,
  },
  { additionalProperties: false, description: 'A PostgreSQL database.' },
);

const MysqlDatasourceSchema = Type.Object(
  {
    engine: Type.Literal('mysql'),
    url: Text({
      description: `The owner login (introspection): mysql://user:pass@host:port/db (MySQL or MariaDB); use ${ENV_REFERENCE}.`,
    }),
    roles: Type.Optional(
      Named(Text(), {
        description: `Policy role -> the login URL of that role's own user; use ${ENV_REFERENCE}.`,
      }),
    ),
    ...DatasourceLimits,
  },
  { additionalProperties: false, description: 'A MySQL or MariaDB database.' },
);

const DuckdbDatasourceSchema = Type.Object(
  {
    engine: Type.Literal('duckdb'),
    path: Text({
      description:
        'The DuckDB file, relative to the folder of evals.yaml; opened read-only with external access and extensions off. DuckDB has no logins: roles are held by the static and scope checks.',
    }),
    ...DatasourceLimits,
  },
  {
    additionalProperties: false,
    description: 'A DuckDB database file, opened read-only.',
  },
);

export const DatasourceSchema = Type.Union(
  [SqliteDatasourceSchema, PostgresDatasourceSchema, MysqlDatasourceSchema, DuckdbDatasourceSchema],
  {
    description: 'A database cases are asked about; `engine` says which kind.',
  },
);
