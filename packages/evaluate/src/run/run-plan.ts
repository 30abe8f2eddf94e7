// What a run is, settled before any database is opened: the mode and its option rules, the
// reporters, the project's settings, the engine (or predictions file), the suite read and
// admitted on what needs no data. Every refusal here comes before the built-in project looks
// for its Chinook file (decisions/eval-run-checks-before-data.md).

import { resolve } from 'node:path';
import type { GateThresholds } from '@nl2sql/gate';
import { configSecrets, type LlmConfig, type Redactor } from '@nl2sql/llm';
import type { Project } from '@nl2sql/project';
import { isMode, type Mode, RUN_MODES } from '@nl2sql/records';
import type { ReferenceNode } from '@nl2sql/reference-engine';
import type { Reporting } from '@nl2sql/reporters';
import { loadSqlcheck } from '@nl2sql/sqlcheck';
import { usageError } from '../evaluate-error.js';
import type { EvaluateOptions } from '../evaluate-options.js';
import type { Io } from '../io.js';
import { openProjectBeforeData, type ProjectBeforeData } from '../project/open-project.js';
import { reportersFor } from '../reporting/reporter-set.js';
import { reporterSpecs } from '../reporting/reporter-specs.js';
import {
  type AdmitOptions,
  admissionMode,
  admitSuiteBeforeData,
  assertGoldPlans,
} from './admit-suite.js';
import {
  checkEngineFlags,
  chooseEngine,
  type EngineChoice,
  referenceLlms,
} from './engine-configs.js';
import { gateOverrides } from './gate-flags.js';
import { listFlag } from './list-flag.js';
import { checkPredictionFlags, loadPredictions } from './predictions-engine.js';
import { type RunExitRules, runExitRules } from './run-exit.js';
import { casesOnDatasources, loadSuiteForRun, type RunSuite } from './run-setup.js';
import { type ShardRun, shardRun } from './shard-run.js';

/** A run, checked and settled, whose databases are not open yet. */
export interface RunPlan {
  readonly mode: Mode;
  readonly sharding: ShardRun | null;
  /** `baseline` resolved, or null when the run is not gated. */
  readonly baselineDir: string | null;
  readonly reporting: Reporting;
  readonly opening: ProjectBeforeData;
  /** The project's settings (its datasources are opened from `opening.located()`). */
  readonly project: Project;
  /** The engine chosen, or null for a predictions run. */
  readonly choice: EngineChoice | null;
  readonly predictions: Awaited<ReturnType<typeof loadPredictions>> | null;
  readonly passes: number;
  readonly concurrency: number | undefined;
  readonly askTimeoutMs: number | undefined;
  readonly maxCostUsd: number | undefined;
  readonly thresholds: Partial<GateThresholds>;
  readonly exitRules: RunExitRules;
  /** The reference engine's models (mode full), their keys already masked. */
  readonly llms: LlmConfig<ReferenceNode>[];
  readonly runSuite: RunSuite;
  readonly admission: Omit<AdmitOptions, 'datasources'>;
  /** The case selection `cases` and `datasource` make, or undefined for every case. */
  readonly cases: string[] | undefined;
}

/** The option rules that need nothing read: exit 2 for a combination that cannot run. */
function checkRunOptions(options: EvaluateOptions, mode: string): asserts mode is Mode {
  if (!isMode(mode)) {
    const modes = `${RUN_MODES.slice(0, -1).join(', ')} or ${RUN_MODES.at(-1)}`;
    throw usageError(`--mode must be ${modes}, got ${mode}`);
  }
  if (options.resume && typeof options.journal !== 'string')
    throw usageError('--resume needs --journal FILE');
  if (options.fresh && typeof options.journal !== 'string')
    throw usageError('--fresh needs --journal FILE');
  if (options.fresh && options.resume)
    throw usageError('--fresh starts the journal afresh, --resume continues it: give one');
}

/** The run's limits: options first, then evals.yaml (the engine's own ask timeout, then run). */
function runLimits(options: EvaluateOptions, project: Project, choice: EngineChoice | null) {
  const run = project.run;
  const engineTimeout =
    choice?.kind === 'http' || choice?.kind === 'process' ? choice.askTimeoutMs : undefined;
  return {
    passes: options.passes ?? run.passes ?? 1,
    concurrency: options.concurrency ?? run.concurrency,
    askTimeoutMs:
      options.askTimeout !== undefined
        ? Math.ceil(options.askTimeout * 1000)
        : (engineTimeout ?? run.askTimeoutMs),
    maxCostUsd: options.maxCost ?? run.maxCostUsd,
  };
}

/** Checks and settles the run `options` ask, reading no database (exit 2 or 3 when it cannot run). */
export async function planRun(
  options: EvaluateOptions,
  io: Io,
  redactor: Redactor,
): Promise<RunPlan> {
  const mode = options.mode ?? 'plans';
  checkRunOptions(options, mode);
  const sharding = shardRun(options);
  const baselineDir =
    typeof options.baseline === 'string' ? resolve(io.cwd, options.baseline) : null;
  if (options.baselineOptional && baselineDir === null)
    throw usageError('--baseline-optional needs --baseline DIR');
  if (options.minAccuracy !== undefined && mode === 'retrieval')
    throw usageError('--min-accuracy is on strict execution accuracy; mode retrieval has none');
  if (options.minAccuracy !== undefined && sharding)
    throw usageError(
      '--min-accuracy holds the whole run: give it to `nl2sql eval merge`, not to one shard',
    );
  // reporters, json, report: checked before anything runs.
  const reporting = reportersFor(options, io, redactor);
  if (mode !== 'retrieval' && reporterSpecs(options, io.cwd).some((r) => r.name === 'selection')) {
    throw usageError(`--reporter selection=FILE reports mode retrieval, not mode ${mode}`);
  }
  // config, else ./evals.yaml, else the built-in Chinook project.
  const opening = await openProjectBeforeData(options, io);
  const project = opening.settings;
  redactor.add(...project.secrets);
  // predictions: the file's answers stand for an external engine's (predictions-engine.ts).
  const predictionsPath = options.predictions ?? null;
  if (predictionsPath !== null) checkPredictionFlags(mode, options);
  const choice = predictionsPath === null ? chooseEngine(project, options.engine) : null;
  const external = choice === null || choice.kind !== 'reference';
  const limits = runLimits(options, project, choice);
  if (mode === 'full' && limits.maxCostUsd === undefined) {
    throw usageError(
      'mode full spends money: give a dollar cap with --max-cost USD (or run.max_cost_usd in evals.yaml)',
    );
  }
  if (options.judgeCalibration !== undefined && typeof options.judge !== 'string')
    throw usageError('--judge-calibration needs --judge CONFIG');
  if (typeof options.judge === 'string' && limits.maxCostUsd === undefined)
    throw usageError('--judge calls a model: give a dollar cap with --max-cost USD');
  const thresholds = gateOverrides(options, project.gate);
  // A shard's accuracy is of a part of the run: `eval merge` holds the whole to the minimum.
  const exitRules = runExitRules(options, project.gate, { accuracy: sharding === null });
  if (choice !== null) checkEngineFlags(mode, options, choice);
  const llms = choice === null ? [] : await referenceLlms(mode, options, choice, project.dir, io);
  // Their keys are masked from here on, in whatever an error below prints.
  for (const llm of llms) redactor.add(...configSecrets(llm, io.env));

  // The SQL parser before the suite: compiled on top of the garbage a large suite's load
  // leaves in the heap, it made a long run's peak RSS (decisions/runner-memory.md).
  if (mode !== 'retrieval') await loadSqlcheck();
  const runSuite = await loadSuiteForRun(options, io, project);
  // Read and matched to the suite before any database: a bad file is told first (exit 3).
  const predictions =
    predictionsPath === null
      ? null
      : await loadPredictions(predictionsPath, io.cwd, runSuite.suite);
  const admission = {
    mode: admissionMode(mode, external),
    roles: listFlag(options.roles),
    ...(external || !project.policy ? {} : { policy: project.policy }),
  };
  if (!external) assertGoldPlans(runSuite.suite, mode);
  await admitSuiteBeforeData(runSuite.suite, {
    ...admission,
    datasourceIds: opening.datasourceIds,
  });
  const cases = casesOnDatasources(
    runSuite.suite,
    opening.datasourceIds,
    listFlag(options.datasource),
    listFlag(options.cases),
  );
  return {
    mode,
    sharding,
    baselineDir,
    reporting,
    opening,
    project,
    choice,
    predictions,
    // Candidate i of each case answers pass i.
    passes: predictions !== null ? predictions.k : limits.passes,
    concurrency: limits.concurrency,
    askTimeoutMs: limits.askTimeoutMs,
    maxCostUsd: limits.maxCostUsd,
    thresholds,
    exitRules,
    llms,
    runSuite,
    admission,
    cases,
  };
}
