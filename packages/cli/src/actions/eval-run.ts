import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openSqliteExplainer } from '@nl2sql/efficiency';
import { EngineError, HttpEngine } from '@nl2sql/engine';
import {
  type CalibrationRecord,
  formatJudgeIdentity,
  type LlmJudge,
  requireCalibratedJudge,
  UncalibratedJudgeError,
} from '@nl2sql/judge';
import {
  configSecrets,
  type LlmConfig,
  LlmConfigError,
  PROVIDERS,
  type Redactor,
  resolveLlmOption,
  UnknownPriceError,
} from '@nl2sql/llm';
import {
  type EngineConfig,
  type Project,
  ProjectError,
  projectEngine,
  projectLine,
} from '@nl2sql/project';
import { isMode, type Mode, RUN_MODES } from '@nl2sql/records';
import {
  plansEngine,
  REFERENCE_NODES,
  type ReferenceNode,
  type ReferenceSetup,
  referenceConfig,
} from '@nl2sql/reference-engine';
import {
  type EfficiencyOptions,
  type EvalConfig,
  RunnerError,
  type RunReport,
  recordsListener,
  restrictedSqliteRunner,
  runEval,
} from '@nl2sql/runner';
import { type EvalSuite, suiteFileDigest } from '@nl2sql/suite';
import { unapprovedNote } from '../authoring/unapproved-note.js';
import { CliError, configError, usageError } from '../cli-error.js';
import type { CommandRun, Flags } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { isEngineUrl } from '../engine-flag.js';
import { admissionMode, admitSuite } from '../eval/admit-suite.js';
import { gateAgainstBaseline } from '../eval/gate-baseline.js';
import { gateOverrides } from '../eval/gate-flags.js';
import { buildJudge } from '../eval/judge-option.js';
import { mustPassEveryCase } from '../eval/must-pass.js';
import { openSuiteTestSuite } from '../eval/open-suite-test-suite.js';
import { processEngineConfig } from '../eval/process-engine-config.js';
import { progressListener } from '../eval/progress-line.js';
import { writeReviewProposals } from '../eval/review-proposals.js';
import { redactingIo, runRedactor, urlSecrets } from '../eval/run-secrets.js';
import { loadRunSuite } from '../eval/run-suite-file.js';
import { savedReportListener } from '../eval/saved-report.js';
import { shardRun, shardSave, shardSavedLine } from '../eval/shard-run.js';
import { stopOnSignals } from '../eval/stop-signals.js';
import { EXIT } from '../exit-codes.js';
import type { Io } from '../io.js';
import { openDatabase } from '../open-database.js';
import type { OpenDatasource } from '../project/datasource-limits.js';
import { openProject } from '../project/open-project.js';
import { type OpenDatasources, openDatasources } from '../project/project-datasources.js';
import { runData, runDatabase } from '../project/run-database.js';
import { gateOutcome } from '../reporters/reporter.js';
import { reporterSpecs } from '../reporters/reporter-option.js';
import { reportersFor } from '../reporters/reporter-set.js';

/** A repeatable, comma-separated list flag (`--roles a,b --roles c`). */
function list(value: Flags[string]): string[] | undefined {
  if (value === undefined) return undefined;
  const items = (Array.isArray(value) ? value : [value])
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return items.length > 0 ? items : undefined;
}

/** Every provider a config uses that needs a key must have one before the run starts. */
function assertKeys(
  config: LlmConfig<ReferenceNode>,
  env: Record<string, string | undefined>,
): void {
  for (const [node, settings] of Object.entries(config.nodes)) {
    const info = PROVIDERS[settings.provider];
    if (!info.needsKey) continue;
    const key =
      config.providers[settings.provider]?.apiKey ?? (info.keyEnv ? env[info.keyEnv] : undefined);
    if (!key) {
      throw configError(
        `config ${config.name}: no API key for provider ${settings.provider} (node ${node}); set ${info.keyEnv ?? 'api_key in the llm section'}`,
      );
    }
  }
}

interface Setup {
  project: Project;
  suite: EvalSuite;
  suitePath: string;
  datasources: OpenDatasources;
  /** The datasource ids the run's cases name (each one the project has). */
  caseDatasources: string[];
  closers: Array<() => Promise<void>>;
}

/** What `--engine` chose: a URL given on the command line, or an engine of the project. */
type EngineChoice = { readonly kind: 'url'; readonly url: string } | EngineConfig;

function chooseEngine(project: Project, flag: Flags[string]): EngineChoice {
  if (typeof flag === 'string' && isEngineUrl(flag)) return { kind: 'url', url: flag };
  try {
    return projectEngine(project, typeof flag === 'string' ? flag : undefined);
  } catch (error) {
    if (error instanceof ProjectError) throw configError(`--engine: ${error.message}`);
    throw error;
  }
}

/** `evals.yaml:LINE: engines.NAME:`, where a problem with a configured engine is told. */
function enginePlace(project: Project, name: string): string {
  const line = project.file === null ? undefined : projectLine(project, ['engines', name]);
  return `${project.file ?? 'the built-in project'}${line === undefined ? '' : `:${line}`}: engines.${name}:`;
}

/** `:LINE` of the project's first suite, when it has a file. */
function suitesLine(project: Project): string {
  const line = project.file === null ? undefined : projectLine(project, ['suites', 0]);
  return line === undefined ? '' : `:${line}`;
}

async function openSetup(flags: Flags, io: Io, project: Project): Promise<Setup> {
  const suitePath =
    typeof flags.suite === 'string' ? resolve(io.cwd, flags.suite) : (project.suites[0] as string);
  if (!existsSync(suitePath)) {
    throw configError(
      typeof flags.suite === 'string'
        ? `--suite ${suitePath}: no such file`
        : `${project.file ?? 'the built-in project'}${suitesLine(project)}: suites[0]: ${suitePath}: no such file`,
    );
  }
  const suite = await loadRunSuite(suitePath, suiteMaxBytes(flags['max-suite-mb']));
  const known = new Set(project.datasources.map((d) => d.id));
  const caseDatasources = [...new Set(suite.cases.map((c) => c.datasource))].filter((id) =>
    known.has(id),
  );
  const datasources = await openDatasources(project);
  return {
    project,
    suite,
    suitePath,
    datasources,
    caseDatasources,
    closers: [() => datasources.close()],
  };
}

/**
 * `--datasource ID,..`: only the cases asking these datasources, as a case selection (so the
 * gate counts the others as not run, as it does for --cases). Each id must be the project's.
 */
function casesOnDatasources(
  setup: Setup,
  wanted: readonly string[] | undefined,
  cases: readonly string[] | undefined,
): string[] | undefined {
  if (!wanted) return cases ? [...cases] : undefined;
  const ids = setup.project.datasources.map((d) => d.id);
  for (const id of wanted) {
    if (!ids.includes(id))
      throw usageError(
        `--datasource: ${id} is not a datasource of the project (${ids.join(', ')})`,
      );
  }
  const chosen = setup.suite.cases
    .filter((c) => wanted.includes(c.datasource))
    .map((c) => c.id)
    .filter((id) => cases === undefined || cases.includes(id));
  if (chosen.length === 0)
    throw usageError(`--datasource ${wanted.join(',')}: no case of the suite asks it`);
  return chosen;
}

async function buildConfigs(
  mode: Mode,
  flags: Flags,
  setup: Setup,
  choice: EngineChoice,
  askTimeoutMs: number | undefined,
  io: Io,
): Promise<EvalConfig[]> {
  const { env, cwd } = io;
  const { project } = setup;
  // The reference engine is built over every datasource of the project, so its resolver
  // routes between them; the routing scorer reports where it went.
  const reference: ReferenceSetup = {
    datasources: [...setup.datasources.byId].map(([id, datasource]) => ({ id, datasource })),
    ...(project.policy ? { policy: project.policy } : {}),
    ...(project.policy?.refusalMessage !== undefined
      ? { refusalMessage: project.policy.refusalMessage }
      : {}),
    ...(typeof flags['top-k'] === 'number' ? { retrieval: { kColumns: flags['top-k'] } } : {}),
  };
  if (choice.kind !== 'reference' && flags['top-k'] !== undefined) {
    throw usageError(
      "--top-k sets the reference engine's retriever; an --engine URL or an external engine of evals.yaml has its own",
    );
  }
  if (choice.kind === 'url' || choice.kind === 'http') {
    let engine: HttpEngine;
    try {
      // A configured engine's requests carry its headers and end at the run's ask timeout;
      // an --engine URL is built as it always was. Either keeps as many sockets alive as
      // asks in flight, reused, never more.
      const connections =
        typeof flags.concurrency === 'number' ? { connections: flags.concurrency } : {};
      engine = new HttpEngine(
        choice.kind === 'url'
          ? { url: choice.url, ...connections }
          : {
              url: choice.url,
              ...(Object.keys(choice.headers).length > 0 ? { headers: { ...choice.headers } } : {}),
              ...(askTimeoutMs !== undefined ? { timeoutMs: askTimeoutMs } : {}),
              ...connections,
            },
      );
    } catch (error) {
      if (error instanceof EngineError)
        throw configError(
          choice.kind === 'url'
            ? `--engine: ${error.message}`
            : `${enginePlace(project, choice.name)} ${error.message}`,
        );
      throw error;
    }
    setup.closers.unshift(() => engine.close());
    // Named by --name, else by the engine's name in evals.yaml, else by the host it answers
    // on (the URL kept has no credentials).
    const name =
      typeof flags.name === 'string'
        ? flags.name
        : choice.kind === 'http'
          ? choice.name
          : new URL(engine.url).host;
    return [{ name, engine, external: true, endpoint: engine.url }];
  }
  if (choice.kind === 'process') {
    // Started before the first ask (a command that cannot start is exit 3, located here),
    // its stderr passed through, closed with the run's closers (run end and Ctrl-C).
    const config = await processEngineConfig(choice, {
      io,
      closers: setup.closers,
      place: enginePlace(project, choice.name),
      ...(askTimeoutMs !== undefined ? { askTimeoutMs } : {}),
      secrets: project.secrets,
    });
    return [typeof flags.name === 'string' ? { ...config, name: flags.name } : config];
  }
  if (flags.name !== undefined)
    throw usageError(
      '--name names an --engine URL or an external engine of evals.yaml; the reference engine is named by its mode or llm config',
    );
  if (mode === 'plans' || mode === 'retrieval') {
    if (flags.llm !== undefined) throw usageError(`--llm applies to mode full, not mode ${mode}`);
    // Retrieval makes no LLM call; the gold-plan engine is a reference engine like any other.
    const rig = await plansEngine(setup.suite, reference);
    setup.closers.unshift(() => rig.close());
    return [{ name: mode, engine: rig.engine }];
  }
  // --llm values are read from the working directory; evals.yaml's from its folder.
  const fromFlag = list(flags.llm);
  const values = fromFlag ?? choice.llm;
  const base = fromFlag ? cwd : project.dir;
  if (!values || values.length === 0)
    throw usageError(
      'mode full needs at least one --llm (a preset, a file or a model), or an llm list on the reference engine in evals.yaml',
    );
  const configs: EvalConfig[] = [];
  for (const value of values) {
    let llm: LlmConfig<ReferenceNode>;
    try {
      llm = await resolveLlmOption(value, { env, cwd: base, nodes: REFERENCE_NODES });
    } catch (error) {
      if (error instanceof LlmConfigError) throw configError(error.message);
      throw error;
    }
    assertKeys(llm, env);
    const config = referenceConfig(llm, reference, { env });
    setup.closers.unshift(() => config.close());
    configs.push(config);
  }
  return configs;
}

/**
 * `--judge CONFIG`: the judge and its calibration record, which must be this judge's and pass
 * (`requireCalibratedJudge`); no record, another judge's or a failing one is exit 3.
 */
async function openJudge(
  flags: Flags,
  setup: Setup,
  io: Io,
  redactor: Redactor,
): Promise<{ judge: LlmJudge; calibration: CalibrationRecord }> {
  const built = await buildJudge(flags.judge as string, '--judge', io.env, io.cwd, redactor);
  setup.closers.unshift(() => built.close());
  const file = resolve(
    io.cwd,
    typeof flags['judge-calibration'] === 'string'
      ? flags['judge-calibration']
      : 'judge-calibration.json',
  );
  try {
    const calibration = await requireCalibratedJudge(file, built.judge);
    return { judge: built.judge, calibration };
  } catch (error) {
    if (error instanceof UncalibratedJudgeError)
      throw configError(`--judge: ${error.message} (record ${file})`);
    throw error;
  }
}

/**
 * `--efficiency`: a connection of its own for the timings (both queries on it, nothing else
 * running there) and an explainer for the plans, closed with the run.
 */
async function openEfficiency(
  setup: Setup,
  database: OpenDatasource | undefined,
  repeats: Flags[string],
): Promise<EfficiencyOptions> {
  if (database?.file === undefined) {
    throw usageError(
      "--efficiency times queries on one SQLite database: the run's cases must all ask one",
    );
  }
  const timing = await openDatabase(database.file, '--db', { poolSize: 1 });
  setup.closers.push(() => timing.close());
  const explainer = await openSqliteExplainer(database.file);
  setup.closers.push(() => explainer.close());
  const { tables } = await database.introspect();
  return {
    datasource: timing,
    explainer,
    tables,
    repeats: typeof repeats === 'number' ? repeats : 5,
  };
}

/** A RunnerError as the CLI reports it: a usage error, a configuration error or a bug. */
function runnerFailure(error: RunnerError): CliError {
  const usage = ['UNKNOWN_ROLE', 'UNKNOWN_CASE', 'NO_CASES', 'INVALID_OPTIONS', 'NO_COST_CAP'];
  if (error.code === 'INTERNAL_ERROR') {
    return new CliError(
      `internal error (a bug in nl2sql; please report it): ${error.message}`,
      EXIT.internal,
    );
  }
  return new CliError(error.message, usage.includes(error.code) ? EXIT.usage : EXIT.config);
}

/**
 * `nl2sql eval run`: builds the engine for the mode, runs the runner with progress on
 * stderr, prints the board (or the report as JSON) on stdout, saves and gates when asked.
 * A run stopped by SIGINT or SIGTERM prints its partial board, is not gated and exits 130.
 * Options and exit codes are described in commands/eval-run.ts.
 */
export const runEvalRun: CommandRun = async (args, io) => {
  // Secrets the run holds are masked in everything it prints, writes or throws.
  const redactor = runRedactor(io.env);
  if (typeof args.flags.engine === 'string') redactor.add(...urlSecrets(args.flags.engine));
  try {
    return await evalRun(args, redactingIo(io, redactor), redactor);
  } catch (error) {
    if (error instanceof CliError)
      throw new CliError(redactor.redact(error.message), error.exitCode);
    throw error;
  }
};

async function evalRun(
  { flags }: Parameters<CommandRun>[0],
  io: Io,
  redactor: Redactor,
): ReturnType<CommandRun> {
  const mode = typeof flags.mode === 'string' ? flags.mode : 'plans';
  if (!isMode(mode)) {
    const modes = `${RUN_MODES.slice(0, -1).join(', ')} or ${RUN_MODES.at(-1)}`;
    throw usageError(`--mode must be ${modes}, got ${mode}`);
  }
  if (flags.resume && typeof flags.journal !== 'string')
    throw usageError('--resume needs --journal FILE');
  const sharding = shardRun(flags);
  const baselineDir = typeof flags.baseline === 'string' ? resolve(io.cwd, flags.baseline) : null;
  for (const flag of ['allow-partial', 'baseline-optional']) {
    if (flags[flag] && baselineDir === null) throw usageError(`--${flag} needs --baseline DIR`);
  }
  // --reporter, --json, --report (reporters/): checked before anything runs.
  const reporting = reportersFor(flags, io, redactor);
  if (mode !== 'retrieval' && reporterSpecs(flags, io.cwd).some((r) => r.name === 'selection')) {
    throw usageError(`--reporter selection=FILE reports mode retrieval, not mode ${mode}`);
  }
  // --config, else ./evals.yaml, else the built-in Chinook project.
  const project = await openProject(flags, io);
  redactor.add(...project.secrets);
  const choice = chooseEngine(project, flags.engine);
  const external = choice.kind !== 'reference';
  // Flags first, then evals.yaml (the engine's own ask timeout, then the run section), then
  // the runner's defaults. Numbers arrive parsed and range-checked by the option table.
  const run = project.run;
  const passes = typeof flags.passes === 'number' ? flags.passes : (run.passes ?? 1);
  const concurrency = typeof flags.concurrency === 'number' ? flags.concurrency : run.concurrency;
  const askTimeoutMs =
    typeof flags['ask-timeout'] === 'number'
      ? Math.ceil(flags['ask-timeout'] * 1000)
      : ((choice.kind === 'http' || choice.kind === 'process' ? choice.askTimeoutMs : undefined) ??
        run.askTimeoutMs);
  const maxCostUsd = typeof flags['max-cost'] === 'number' ? flags['max-cost'] : run.maxCostUsd;
  if (mode === 'full' && maxCostUsd === undefined) {
    throw usageError(
      'mode full spends money: give a dollar cap with --max-cost USD (or run.max_cost_usd in evals.yaml)',
    );
  }
  if (flags['judge-calibration'] !== undefined && typeof flags.judge !== 'string')
    throw usageError('--judge-calibration needs --judge CONFIG');
  if (typeof flags.judge === 'string' && maxCostUsd === undefined)
    throw usageError('--judge calls a model: give a dollar cap with --max-cost USD');
  const thresholds = gateOverrides(flags, project.gate);

  const setup = await openSetup(flags, io, project);
  const stop = stopOnSignals(io);
  try {
    const skipped = unapprovedNote(setup.suite);
    if (skipped !== undefined) io.err(skipped);
    await admitSuite(setup.suite, {
      mode: admissionMode(mode, external),
      roles: list(flags.roles),
      datasources: setup.datasources.byId,
      ...(external || !project.policy ? {} : { policy: project.policy }),
    });
    const cases = casesOnDatasources(setup, list(flags.datasource), list(flags.cases));
    const configs = await buildConfigs(mode, flags, setup, choice, askTimeoutMs, io);
    // The evaluation beyond EX reads the one database the run's cases ask: its schema, and the
    // suite's test suite when the suite has one beside it (not in mode retrieval).
    const [only, ...more] = setup.caseDatasources.map(
      (id) => setup.datasources.byId.get(id) as OpenDatasource,
    );
    const single = only && more.length === 0 ? only : undefined;
    const schema = single ? await single.introspect({ rowCounts: false }) : undefined;
    const testSuite =
      mode === 'retrieval' || flags['skip-testsuite'] === true || single?.file === undefined
        ? null
        : await openSuiteTestSuite(setup.suitePath, setup.suite, single.file, io);
    if (testSuite) setup.closers.push(() => testSuite.close());
    const judge =
      typeof flags.judge === 'string' && mode !== 'retrieval'
        ? await openJudge(flags, setup, io, redactor)
        : null;
    const efficiency =
      flags.efficiency === true && mode !== 'retrieval'
        ? await openEfficiency(setup, single, flags['efficiency-repeats'])
        : null;
    for (const config of configs)
      if (config.llm) redactor.add(...configSecrets(config.llm, io.env));
    // Everything that follows the run listens to its events: the progress line, the records
    // (made once, and only when something reads them) and the saved report.
    const progress = progressListener(io);
    // Each record carries the version its engine reports (describe()).
    const recorder = recordsListener({
      note: typeof flags.note === 'string' ? flags.note : null,
    });
    const save =
      typeof flags.save === 'string'
        ? [
            sharding
              ? shardSave(resolve(io.cwd, flags.save), redactor)
              : savedReportListener(
                  resolve(io.cwd, flags.save),
                  () => recorder.records(),
                  redactor,
                ),
          ]
        : [];
    let report: RunReport;
    try {
      const roles = list(flags.roles);
      const tags = list(flags.tags);
      const byId = setup.datasources.byId;
      const [first, ...others] = setup.caseDatasources.map((id) => byId.get(id) as OpenDatasource);
      report = await runEval({
        suite: setup.suite,
        configs,
        mode,
        passes,
        ...(concurrency ? { concurrency } : {}),
        ...(askTimeoutMs !== undefined ? { askTimeoutMs } : {}),
        ...(maxCostUsd !== undefined ? { maxCostUsd } : {}),
        ...(sharding ?? {}),
        ...(roles ? { roles } : {}),
        ...(cases ? { cases } : {}),
        ...(tags ? { tags } : {}),
        dataset: {
          name: setup.suitePath.split(/[\\/]/).pop() ?? 'suite.yaml',
          digest: await suiteFileDigest(setup.suitePath),
        },
        database: await runDatabase(byId, setup.caseDatasources),
        // L2 checks the SQL against the database its case names.
        sqlChecks:
          first && others.length === 0
            ? { dialect: first.engine, schema: await first.introspect({ rowCounts: false }) }
            : {
                dialect: 'sqlite',
                schemas: Object.fromEntries(
                  await Promise.all(
                    [...byId].map(
                      async ([id, ds]) => [id, await ds.introspect({ rowCounts: false })] as const,
                    ),
                  ),
                ),
              },
        // Mode retrieval scores each selection as spec 003 does, the gold query included,
        // against the one database the cases ask (spec 003's figures are of one schema; a
        // run over several databases reports recall and routing without them).
        ...(mode === 'retrieval' && first && others.length === 0 && first.file !== undefined
          ? {
              selection: {
                schema: await first.introspect({ rowCounts: false }),
                reference: restrictedSqliteRunner(
                  first.file,
                  await first.introspect({ rowCounts: false }),
                ),
              },
            }
          : {}),
        ...(project.policy?.refusalMessage !== undefined
          ? { refusalMessage: project.policy.refusalMessage }
          : {}),
        evaluation: {
          ...(schema ? { schema } : {}),
          ...(testSuite ? { testSuite } : {}),
          ...(judge ? { judge } : {}),
        },
        ...(efficiency ? { efficiency } : {}),
        ...(typeof flags.journal === 'string' ? { journal: resolve(io.cwd, flags.journal) } : {}),
        // A journal and a shard record the data they ran against: --resume and eval merge
        // refuse other data.
        ...(typeof flags.journal === 'string' || sharding
          ? { data: await runData(byId, setup.caseDatasources) }
          : {}),
        ...(flags.resume ? { resume: true } : {}),
        signal: stop.signal,
        redactor,
        onEvent: [progress, recorder, ...save, ...reporting.listeners],
      });
    } catch (error) {
      if (error instanceof UnknownPriceError) throw configError(error.message);
      if (error instanceof RunnerError) throw runnerFailure(error);
      throw error;
    } finally {
      progress.done();
    }

    // A stopped run is never gated: what it did not run cannot pass (exit 130).
    // Judged-equivalent disagreements go to the suite's review queue, never into the suite.
    if (judge) {
      const written = await writeReviewProposals(
        report,
        setup.suite,
        setup.suitePath,
        formatJudgeIdentity(judge.judge.identity),
        report.startedAt.slice(0, 10),
        io.cwd,
      );
      if (written)
        io.err(
          `review queue ${written.file}: ${written.added} new alt_sql proposal(s), ${written.total} in all (judged equivalent, rows differ: a person decides)`,
        );
    }
    const stopped = report.stopped === 'cancelled' && stop.received !== null;
    const needRecords =
      (typeof flags.save === 'string' && !sharding) || (baselineDir !== null && !stopped);
    const records = needRecords ? recorder.records() : [];
    const gated =
      baselineDir === null || stopped
        ? null
        : gateAgainstBaseline(records, baselineDir, {
            thresholds,
            allowPartial: flags['allow-partial'] === true,
            optional: flags['baseline-optional'] === true,
          });

    const written = await reporting.finish({
      report,
      suite: setup.suite,
      suitePath: setup.suitePath,
      gate: gateOutcome(gated, baselineDir !== null, stopped),
      records: () => recorder.records(),
      baselineDir,
    });
    if (typeof flags.save === 'string' && sharding) io.err(shardSavedLine(flags.save, sharding));
    else if (typeof flags.save === 'string')
      io.err(`saved ${flags.save} (${records.length} record${records.length === 1 ? '' : 's'})`);
    if (stopped) return EXIT.stopped;
    // Only the reference engine on gold plans must pass every case: there a failure is a bug
    // in a code node or a plan. An external engine's failures are its score, gated by --baseline.
    const reference = report.configs.filter(mustPassEveryCase);
    const failing = reference.reduce(
      (n, b) => n + b.cases.filter((r) => r.status !== 'pass').length,
      0,
    );
    const casesFailed = failing > 0;
    if (casesFailed) {
      io.err(
        `nl2sql: ${failing} case run(s) failed; mode plans answers from the gold plans, so every case must pass`,
      );
    }
    const gateFailed = gated !== null && typeof gated !== 'string' && !gated.pass;
    // A reporter that could not write its file was named on stderr: not a pass (exit 3).
    return casesFailed || gateFailed ? EXIT.failed : written ? EXIT.ok : EXIT.config;
  } finally {
    stop.dispose();
    for (const close of setup.closers) await close();
  }
}
