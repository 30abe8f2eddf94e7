import type { AccessPolicy } from '@nl2sql/access-policy';
import type { Engine } from '@nl2sql/engine';
import { assertPriced, configSecrets, type LlmConfig, type Price, Redactor } from '@nl2sql/llm';
import {
  isMode,
  type Mode,
  type RecordDatabase,
  type RecordDataset,
  RUN_MODES,
} from '@nl2sql/records';
import { canonicalDigest, type EvalSuite } from '@nl2sql/suite';
import type { AnswerChecks, AnswerExecution } from './answer-execution.js';
import type { CaseSelection } from './case-selection.js';
import type { DataFingerprint } from './data-fingerprint.js';
import { defaultScorers, type ScorerOptions } from './default-scorers.js';
import type { EfficiencyOptions } from './efficiency-pass.js';
import type { EvalConfig } from './eval-config.js';
import type { EvaluationOptions } from './evaluation-options.js';
import { type EvaluationSettings, resolveEvaluation } from './evaluation-settings.js';
import type { RunnerPlugins, SqlAnalysis } from './plugins.js';
import { absentSql, requirePlugins } from './require-plugins.js';
import { DEFAULT_MAX_ROWS } from './row-cap.js';
import type { RunEventListener } from './run-event.js';
import { RunnerError } from './runner-error.js';
import type { Scorer } from './scorer.js';
import { checkShard, type Shard } from './shard.js';
import { checkSnapshotGolds, type RunSnapshots } from './snapshot-match.js';
import type { TrajectoryChecks } from './trajectory-check.js';

export interface RetrievalSettings {
  /** The full-snapshot limit sent with each retrieve. Default 0, so the search always runs. */
  readonly fullSnapshotMaxTables?: number;
}

export interface RunEvalOptions extends CaseSelection, ScorerOptions {
  readonly suite: EvalSuite;
  /** The suite's name and file digest for the record. Default: the suite name and a digest of its content. */
  readonly dataset?: RecordDataset;
  /** The database identity for the record (the datasource the cases name). */
  readonly database?: RecordDatabase;
  /**
   * Where the harness runs an external engine's SQL: every datasource the suite's cases name,
   * by id (answer-execution.ts). Required for a run of an external config unless it trusts
   * its engine's reported rows (EvalConfig.trustReportedRows); the reference engine ignores it.
   */
  readonly answerExecution?: AnswerExecution;
  /**
   * Datasource id -> its snapshots (other databases with the same schema, opened): every case
   * run passing EX on the pinned database has its SQL run on each, as its role, and is scored
   * "EX on all snapshots" beside EX (snapshot-match.ts). Each case of such a datasource must
   * record the gold of each snapshot (rows_by_snapshot), or the run is refused.
   */
  readonly snapshots?: RunSnapshots;
  /** One engine under test (named after the mode), or `configs` to compare several. */
  readonly engine?: Engine;
  readonly configs?: readonly EvalConfig[];
  /** Default `plans`. */
  readonly mode?: Mode;
  /** Times each case run is repeated. Default 1. */
  readonly passes?: number;
  /** The dollar cap over the whole run (over every shard of it). Required in mode full. */
  readonly maxCostUsd?: number | null;
  /**
   * Run only this shard of the task list: the cases `shardOfCase` puts in it, with all their
   * roles, passes and configs (`nl2sql eval run --shard i/n`). `mergeShards` makes the whole
   * run's report of every shard's.
   */
  readonly shard?: Shard;
  /** With `shard`: this shard's own dollar cap. Default `maxCostUsd / shard.count`. */
  readonly shardMaxCostUsd?: number;
  /** Curated answers on (mode full only; default true there). Modes plans and retrieval run with them off. */
  readonly curated?: boolean;
  /** Case runs in flight at once. Default 4. */
  readonly concurrency?: number;
  /**
   * Time limit of one ask (or retrieve) of the engine; past it the case run is an error with
   * code TIMEOUT. Default 120 000 ms (`nl2sql eval run --ask-timeout SECONDS`).
   */
  readonly askTimeoutMs?: number;
  /** Cancels the run; the report still comes back, partial, with stopped: "cancelled". */
  readonly signal?: AbortSignal;
  /** Listeners of the run's events, called in order after the runner's own. */
  readonly onEvent?: RunEventListener | readonly RunEventListener[];
  /**
   * A JSON Lines file that gets one line per finished case run and per billed LLM call,
   * locked for the length of the run (`<journal>.lock`).
   */
  readonly journal?: string;
  /**
   * What the database holds (`dataFingerprint(datasource)`): the journal records it, and a
   * resume against changed data is refused.
   */
  readonly data?: DataFingerprint;
  /**
   * Continue the run the journal holds: its case runs are kept, not asked again, and the
   * dollars it billed count. The run must be the same (JOURNAL_MISMATCH names what differs).
   */
  readonly resume?: boolean;
  /**
   * Start the journal afresh: what an existing journal holds is replaced. Without it (and
   * without `resume`), a journal file that holds anything is refused (JOURNAL_EXISTS), so a
   * forgotten `resume` never throws away a run's finished work.
   */
  readonly restart?: boolean;
  /** Price rows that apply to every config (an llm.prices section). */
  readonly prices?: Readonly<Record<string, Price>>;
  readonly retrieval?: RetrievalSettings;
  /** Replaces the mode's scorers (advanced: a custom scorer set). */
  readonly scorers?: readonly Scorer[];
  /**
   * Masks secrets in every case result, event and journal line before anyone sees it.
   * Default: a Redactor (credential shapes on) that knows every config's keys
   * (`configSecrets` of its llm section, with process.env).
   */
  readonly redactor?: Redactor;
  /**
   * Diagnostics, test-suite accuracy and the three-tier verdict of every asked case run
   * (evaluation-options.ts); on by default in modes plans and full, false turns them off.
   */
  readonly evaluation?: EvaluationOptions | false;
  /**
   * VES, R-VES and plan flags, measured after the case runs on a datasource given to this
   * alone (efficiency-pass.ts). Off by default; secondary figures, never in the gate.
   */
  readonly efficiency?: EfficiencyOptions;
}

/** The options of one run, checked and with every default applied. */
export interface RunSettings {
  readonly mode: Mode;
  readonly dataset: RecordDataset;
  readonly passes: number;
  readonly concurrency: number;
  readonly askTimeoutMs: number;
  readonly configs: readonly EvalConfig[];
  /** Curated answers on: mode full unless turned off; never in modes plans and retrieval. */
  readonly curated: boolean;
  /** The whole run's dollar cap (over every shard), as the record states it. */
  readonly maxCostUsd: number | null;
  /** The shard this run is, or null for a whole run. */
  readonly shard: Shard | null;
  /**
   * The cap this process spends against: the run's, or in a shard the shard's (given, else
   * the run's divided by the shard count); null without a cap.
   */
  readonly capUsd: number | null;
  /** The row cap of the run's engines; the sql_checks scorer's LIMIT follows it. */
  readonly maxRows: number;
  /** Where external engines' SQL runs; null when none was given. */
  readonly answerExecution: AnswerExecution | null;
  /** The sql checks' policy (vetted functions, size limit) the check before that run follows. */
  readonly answerChecks: AnswerChecks;
  /** The snapshots of each datasource (EX on all snapshots); null when none were given. */
  readonly snapshots: RunSnapshots | null;
  /** How a snapshot's rows are compared: the run's tolerance and policy. */
  readonly snapshotCompare: { readonly tolerance?: number; readonly policy?: AccessPolicy };
  /** How each SQL step of a trajectory is checked: the sql checks' options and the policy. */
  readonly trajectoryChecks: TrajectoryChecks;
  readonly scorers: readonly Scorer[];
  readonly fullSnapshotMaxTables: number;
  /** What masks secrets in everything the run stores or emits. */
  readonly redactor: Redactor;
  /** The evaluation beyond EX of each asked case run; null in mode retrieval or when turned off. */
  readonly evaluation: EvaluationSettings | null;
  /** The plugins the run was given, checked against what it needs (require-plugins.ts). */
  readonly plugins: RunnerPlugins;
}

function positiveInteger(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RunnerError('INVALID_OPTIONS', `${what} must be a positive integer, got ${value}`);
  }
  return value;
}

function resolveConfigs(options: RunEvalOptions, mode: Mode): EvalConfig[] {
  if (options.engine && options.configs) {
    throw new RunnerError('INVALID_OPTIONS', 'give either engine or configs, not both');
  }
  const configs = options.engine
    ? [{ name: mode, engine: options.engine }]
    : [...(options.configs ?? [])];
  if (configs.length === 0) {
    throw new RunnerError('INVALID_OPTIONS', 'runEval needs an engine or at least one config');
  }
  const names = new Set<string>();
  for (const c of configs) {
    if (names.has(c.name))
      throw new RunnerError('INVALID_OPTIONS', `config name ${c.name} is used twice`);
    names.add(c.name);
  }
  return configs;
}

/** The cap a run or shard spends against (see RunSettings.capUsd). */
function shardCap(
  shard: Shard | null,
  maxCostUsd: number | null,
  shardMaxCostUsd: number | undefined,
): number | null {
  if (shardMaxCostUsd !== undefined) {
    if (shard === null) {
      throw new RunnerError('INVALID_OPTIONS', 'shardMaxCostUsd applies to a shard; give shard');
    }
    if (!(Number.isFinite(shardMaxCostUsd) && shardMaxCostUsd > 0)) {
      throw new RunnerError(
        'INVALID_OPTIONS',
        `shardMaxCostUsd must be a positive number of dollars, got ${shardMaxCostUsd}`,
      );
    }
    return shardMaxCostUsd;
  }
  if (shard === null || maxCostUsd === null) return maxCostUsd;
  return maxCostUsd / shard.count;
}

/** What of the sql checks' options the safety check before the harness's execution follows. */
function answerChecks(options: RunEvalOptions, sql: SqlAnalysis): AnswerChecks {
  const checks = options.sqlChecks === false ? {} : (options.sqlChecks ?? {});
  return {
    sql,
    ...(checks.allowedFunctions ? { allowedFunctions: checks.allowedFunctions } : {}),
    ...(checks.maxSqlBytes !== undefined ? { maxSqlBytes: checks.maxSqlBytes } : {}),
  };
}

/** The schema, dialect and policy each trajectory step is checked with (the sql checks'). */
function trajectoryChecks(options: RunEvalOptions, sql: SqlAnalysis): TrajectoryChecks {
  const checks = options.sqlChecks === false ? {} : (options.sqlChecks ?? {});
  const dialect = checks.dialect ?? options.database?.engine ?? 'sqlite';
  return {
    sql,
    dialectOf: () => dialect,
    schemaOf: (datasource) =>
      checks.schemas
        ? Object.hasOwn(checks.schemas, datasource)
          ? checks.schemas[datasource]
          : undefined
        : checks.schema,
    ...(options.policy
      ? {
          scope: {
            policy: options.policy,
            ...(checks.maxSqlBytes !== undefined ? { maxSqlBytes: checks.maxSqlBytes } : {}),
          },
        }
      : {}),
    ...(checks.allowedFunctions ? { allowedFunctions: checks.allowedFunctions } : {}),
    ...(checks.maxSqlBytes !== undefined ? { maxSqlBytes: checks.maxSqlBytes } : {}),
  };
}

/**
 * An external config whose rows the harness must read: every datasource the suite's cases
 * name must be one the harness can run SQL on, or no case run of it could be scored.
 */
function checkExecutable(config: string, options: RunEvalOptions): void {
  const given = options.answerExecution?.datasources ?? {};
  const missing = [...new Set(options.suite.cases.map((c) => c.datasource))].filter(
    (id) => !Object.hasOwn(given, id),
  );
  if (missing.length === 0) return;
  throw new RunnerError(
    'NO_DATASOURCE',
    `config ${config}: the harness runs an external engine's SQL itself and has no datasource ${missing.join(', ')} to run it on; give answerExecution.datasources, or trust the engine's reported rows (trustReportedRows)`,
  );
}

/** The run's snapshots, their golds checked; null without any (and in mode retrieval). */
function resolveSnapshots(options: RunEvalOptions, mode: Mode): RunSnapshots | null {
  const given = options.snapshots;
  if (given === undefined || Object.values(given).every((list) => list.length === 0)) return null;
  if (mode === 'retrieval') {
    throw new RunnerError(
      'INVALID_OPTIONS',
      'snapshots score the SQL of an answer; mode retrieval writes none',
    );
  }
  checkSnapshotGolds(options.suite, given);
  return given;
}

/**
 * Checks runEval's options before anything runs (a library caller gets a RunnerError, not a
 * half-started run): the mode, the counts, the configs, the cap mode full needs, a price for
 * every model any node of any config would use (UnknownPriceError), retrieve() in mode
 * retrieval, and configs built for the run's curated setting.
 */
export function resolveRunOptions(options: RunEvalOptions): RunSettings {
  const mode = options.mode ?? 'plans';
  if (!isMode(mode)) {
    throw new RunnerError(
      'INVALID_OPTIONS',
      `mode must be one of ${RUN_MODES.join(', ')}, got ${String(mode)}`,
    );
  }
  requirePlugins(mode, options.plugins, options);
  const plugins = options.plugins ?? {};
  const sql = plugins.sql ?? absentSql(mode);
  const passes = positiveInteger(options.passes ?? 1, 'passes');
  const concurrency = positiveInteger(options.concurrency ?? 4, 'concurrency');
  const askTimeoutMs = positiveInteger(options.askTimeoutMs ?? 120_000, 'askTimeoutMs');
  const configs = resolveConfigs(options, mode);
  const maxCostUsd = options.maxCostUsd ?? null;
  if (mode === 'full' && maxCostUsd === null) {
    throw new RunnerError(
      'NO_COST_CAP',
      'mode full spends money and never runs without maxCostUsd',
    );
  }
  const shard = options.shard === undefined ? null : checkShard(options.shard);
  const capUsd = shardCap(shard, maxCostUsd, options.shardMaxCostUsd);
  const curated = mode === 'full' ? (options.curated ?? true) : false;
  const maxRows = positiveInteger(options.maxRows ?? DEFAULT_MAX_ROWS, 'maxRows');

  const priced = configs.flatMap((c) => (c.llm ? [[c.name, c.llm] as [string, LlmConfig]] : []));
  if (priced.length > 0) assertPriced(Object.fromEntries(priced), options.prices ?? {});

  for (const c of configs) {
    if (mode === 'retrieval' && typeof c.engine.retrieve !== 'function') {
      throw new RunnerError(
        'NO_RETRIEVE',
        `config ${c.name}: mode retrieval needs an engine with retrieve()`,
      );
    }
    if (c.curated !== undefined && c.curated !== curated) {
      throw new RunnerError(
        'INVALID_OPTIONS',
        `config ${c.name} was built with curated answers ${c.curated ? 'on' : 'off'}, but this run (mode ${mode}) has them ${curated ? 'on' : 'off'}; build it with curated: ${curated}`,
      );
    }
    if (c.trustReportedRows === true && c.external !== true) {
      throw new RunnerError(
        'INVALID_OPTIONS',
        `config ${c.name}: trustReportedRows applies to an external engine only`,
      );
    }
    if (c.external === true && c.trustReportedRows !== true && mode !== 'retrieval') {
      checkExecutable(c.name, options);
    }
    if (c.maxRows !== undefined && c.maxRows !== maxRows) {
      throw new RunnerError(
        'INVALID_OPTIONS',
        `config ${c.name} was built with a row cap of ${c.maxRows}, but this run's maxRows is ${maxRows}; build it with maxRows: ${maxRows}`,
      );
    }
  }
  return {
    mode,
    dataset: options.dataset ?? {
      name: `${options.suite.name}.yaml`,
      digest: canonicalDigest(options.suite),
    },
    passes,
    concurrency,
    askTimeoutMs,
    configs,
    curated,
    maxCostUsd,
    shard,
    capUsd,
    maxRows,
    answerExecution: options.answerExecution ?? null,
    answerChecks: answerChecks(options, sql),
    snapshots: resolveSnapshots(options, mode),
    snapshotCompare: {
      ...(options.tolerance !== undefined ? { tolerance: options.tolerance } : {}),
      ...(options.policy ? { policy: options.policy } : {}),
    },
    trajectoryChecks: trajectoryChecks(options, sql),
    scorers: options.scorers
      ? [...options.scorers]
      : defaultScorers(mode, {
          ...options,
          maxRows,
          ...(options.database ? { datasourceEngine: options.database.engine } : {}),
        }),
    fullSnapshotMaxTables: options.retrieval?.fullSnapshotMaxTables ?? 0,
    redactor:
      options.redactor ?? new Redactor(configs.flatMap((c) => (c.llm ? configSecrets(c.llm) : []))),
    evaluation:
      mode === 'retrieval'
        ? null
        : resolveEvaluation(
            options.evaluation,
            options.sqlChecks,
            options.tolerance,
            options.policy,
            plugins,
          ),
    plugins,
  };
}
