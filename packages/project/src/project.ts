// A loaded project: evals.yaml with its `${env:VAR}` references replaced, its paths made
// absolute against the file's folder and its names in camelCase. What is not set in the file
// stays undefined here, so a caller can tell "the file says 4" from "the default is 4" and
// apply its own precedence (flags > evals.yaml > defaults).

import type { ProjectError } from './project-error.js';

/** Limits every datasource may set: no query on it goes past them, whatever its caller asks. */
export interface DatasourceLimits {
  /** The most any query may take, in milliseconds. */
  readonly timeoutMs?: number;
  /** The most rows any query may read. */
  readonly maxRows?: number;
}

export interface SqliteDatasourceConfig extends DatasourceLimits {
  readonly id: string;
  readonly engine: 'sqlite';
  /** The SQLite file, absolute. */
  readonly path: string;
  /**
   * The command-line flag that gave `path` in place of evals.yaml's (`--db`), so a problem
   * with the file is told against the flag, not against a line of the file; undefined when
   * the path is evals.yaml's own.
   */
  readonly pathFlag?: string;
  /** Other SQLite files with the same schema, by name (paths absolute); absent: none. */
  readonly snapshots?: readonly DatasourceSnapshot[];
}

/** One snapshot of a SQLite datasource: another file with its schema. */
export interface DatasourceSnapshot {
  readonly name: string;
  /** The SQLite file, absolute. */
  readonly path: string;
}

export interface PostgresDatasourceConfig extends DatasourceLimits {
  readonly id: string;
  readonly engine: 'postgres';
  /** The owner login URL (a secret: never print it). */
  readonly url: string;
  /** Policy role -> the login URL of that role's own user (secrets). */
  readonly roles?: Readonly<Record<string, string>>;
}

export interface MysqlDatasourceConfig extends DatasourceLimits {
  readonly id: string;
  readonly engine: 'mysql';
  /** The owner login URL, mysql://... (a secret: never print it). */
  readonly url: string;
  /** Policy role -> the login URL of that role's own user (secrets). */
  readonly roles?: Readonly<Record<string, string>>;
}

export interface DuckdbDatasourceConfig extends DatasourceLimits {
  readonly id: string;
  readonly engine: 'duckdb';
  /** The DuckDB file, absolute. */
  readonly path: string;
}

export type DatasourceConfig =
  | SqliteDatasourceConfig
  | PostgresDatasourceConfig
  | MysqlDatasourceConfig
  | DuckdbDatasourceConfig;

/** What one role may read. */
export interface ProjectRole {
  readonly tables: readonly string[];
  /** Table -> the only columns of it the role may read; a table not named is read whole. */
  readonly columns?: Readonly<Record<string, readonly string[]>>;
}

/** The project's access policy; it fits @nl2sql/access-policy's AccessPolicy. */
export interface ProjectPolicy {
  readonly roles: Readonly<Record<string, ProjectRole>>;
  /** What a refusal must say; undefined: the protocol's generic refusal. */
  readonly refusalMessage?: string;
}

export interface ReferenceEngineConfig {
  readonly name: string;
  readonly kind: 'reference';
  /** Mode full's LLM configs, as `--llm` takes them; files are relative to `Project.dir`. */
  readonly llm?: readonly string[];
}

export interface HttpEngineConfig {
  readonly name: string;
  readonly kind: 'http';
  readonly url: string;
  /** Headers sent with every request (may hold secrets from the environment). */
  readonly headers: Readonly<Record<string, string>>;
  readonly askTimeoutMs?: number;
  /** trust_reported_rows: score the rows it reports instead of running its SQL here. */
  readonly trustReportedRows?: boolean;
}

export interface ProcessEngineConfig {
  readonly name: string;
  readonly kind: 'process';
  /** The program and its arguments, as written. */
  readonly command: readonly string[];
  /** The folder the process runs in: the folder of evals.yaml. */
  readonly cwd: string;
  readonly askTimeoutMs?: number;
  /** trust_reported_rows: score the rows it reports instead of running its SQL here. */
  readonly trustReportedRows?: boolean;
}

export type EngineConfig = ReferenceEngineConfig | HttpEngineConfig | ProcessEngineConfig;

/**
 * The gate's limits the project sets (camelCase names of @nl2sql/gate's GateThresholds), and
 * what a run must reach to exit 0 (the CLI's, not the gate's).
 */
export interface ProjectGate {
  readonly maxRegressions?: number;
  /** null: no significance test. */
  readonly alpha?: number | null;
  readonly maxCostIncrease?: number;
  /** Most relative rise in SQL executions per question (`gate.max_executions_increase`). */
  readonly maxExecutionsIncrease?: number;
  /** Strict accuracy a config must reach for the run to exit 0 (`gate.min_accuracy`). */
  readonly minAccuracy?: number;
  /** Most EX-correct case runs over the efficiency budget for the run to exit 0 (`gate.max_over_budget`). */
  readonly maxOverBudget?: number;
  /** A partial run may exit 0 (`gate.allow_partial`). */
  readonly allowPartial?: boolean;
}

/** `eval run`'s defaults the project sets. */
export interface ProjectRun {
  readonly concurrency?: number;
  readonly passes?: number;
  readonly maxCostUsd?: number;
  readonly askTimeoutMs?: number;
  /** The efficiency budget relative to the gold's cost proxy (`run.budget_x`). */
  readonly budgetX?: number;
  /** The absolute efficiency budget, in the engine's unit (`run.budget_max`). */
  readonly budgetMax?: number;
}

/** The static checks' policy the project sets (camelCase names of @nl2sql/sqlcheck's options). */
export interface ProjectChecks {
  readonly requireLimit?: boolean;
  readonly maxLimit?: number;
  readonly allowedFunctions?: readonly string[];
  readonly maxSqlBytes?: number;
}

export interface Project {
  /** The evals.yaml file, absolute; null for the built-in Chinook project. */
  readonly file: string | null;
  /** The folder paths are resolved against (the file's folder). */
  readonly dir: string;
  /** The values read from the environment (`${env:VAR}`): mask them in everything printed. */
  readonly secrets: readonly string[];
  /** By id, in the file's order. */
  readonly datasources: readonly DatasourceConfig[];
  /** Undefined: no policy (every role reads every table). */
  readonly policy?: ProjectPolicy;
  /** Suite files, absolute; the first is the default. */
  readonly suites: readonly string[];
  /** By name, in the file's order. */
  readonly engines: readonly EngineConfig[];
  /**
   * Engines whose `${env:}` variables are not set, by name -> the located error (the first
   * such reference of the engine): raised by projectEngine when a command uses the engine,
   * so other commands still load the project.
   */
  readonly unresolvedEngines?: Readonly<Record<string, ProjectError>>;
  /** The engine `eval run` uses without --engine, when the project says. */
  readonly defaultEngine?: string;
  readonly gate: ProjectGate;
  readonly run: ProjectRun;
  /** Present when the file has `checks:`. */
  readonly checks?: ProjectChecks;
}
