import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CHINOOK_POLICIES,
  CHINOOK_SUITE_PATH,
  DatasetError,
  locateChinook,
} from '@nl2sql/datasets';
import type { SqliteDatasource } from '@nl2sql/datasource';
import { EngineError, HttpEngine } from '@nl2sql/engine';
import {
  configSecrets,
  type LlmConfig,
  LlmConfigError,
  PROVIDERS,
  type Redactor,
  resolveLlmOption,
  UnknownPriceError,
} from '@nl2sql/llm';
import { isMode, type Mode, RUN_MODES } from '@nl2sql/records';
import {
  plansEngine,
  REFERENCE_NODES,
  type ReferenceNode,
  type ReferenceSetup,
  referenceConfig,
} from '@nl2sql/reference-engine';
import {
  databaseIdentity,
  dataFingerprint,
  type EvalConfig,
  RunnerError,
  type RunReport,
  recordsListener,
  restrictedSqliteRunner,
  runEval,
} from '@nl2sql/runner';
import { type EvalSuite, suiteFileDigest } from '@nl2sql/suite';
import { CliError, configError, usageError } from '../cli-error.js';
import type { CommandRun, Flags } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { admissionMode, admitSuite } from '../eval/admit-suite.js';
import { gateAgainstBaseline } from '../eval/gate-baseline.js';
import { KNOWN_DATASOURCES } from '../eval/known-datasources.js';
import { mustPassEveryCase } from '../eval/must-pass.js';
import { progressListener } from '../eval/progress-line.js';
import { redactingIo, runRedactor, urlSecrets } from '../eval/run-secrets.js';
import { loadRunSuite } from '../eval/run-suite-file.js';
import { savedReportListener } from '../eval/saved-report.js';
import { stopOnSignals } from '../eval/stop-signals.js';
import { EXIT } from '../exit-codes.js';
import type { Io } from '../io.js';
import { openDatabase } from '../open-database.js';
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
  suite: EvalSuite;
  suitePath: string;
  datasource: SqliteDatasource;
  closers: Array<() => Promise<void>>;
}

async function openSetup(flags: Flags, cwd: string): Promise<Setup> {
  const suitePath =
    typeof flags.suite === 'string' ? resolve(cwd, flags.suite) : CHINOOK_SUITE_PATH;
  if (!existsSync(suitePath)) throw configError(`--suite ${suitePath}: no such file`);
  const suite = await loadRunSuite(suitePath, suiteMaxBytes(flags['max-suite-mb']));
  let dbPath: string;
  try {
    dbPath = typeof flags.db === 'string' ? resolve(cwd, flags.db) : await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
  const datasource = await openDatabase(dbPath);
  return { suite, suitePath, datasource, closers: [() => datasource.close()] };
}

async function buildConfigs(
  mode: Mode,
  flags: Flags,
  setup: Setup,
  env: Record<string, string | undefined>,
  cwd: string,
): Promise<EvalConfig[]> {
  const ids = [...new Set(setup.suite.cases.map((c) => c.datasource))];
  const reference: ReferenceSetup = {
    datasources: ids.map((id) => ({ id, datasource: setup.datasource })),
    policy: CHINOOK_POLICIES,
    ...(typeof flags['top-k'] === 'number' ? { retrieval: { kColumns: flags['top-k'] } } : {}),
  };
  if (typeof flags.engine === 'string') {
    if (flags['top-k'] !== undefined) {
      throw usageError(
        "--top-k sets the reference engine's retriever; an --engine URL has its own",
      );
    }
    let engine: HttpEngine;
    try {
      engine = new HttpEngine({ url: flags.engine });
    } catch (error) {
      if (error instanceof EngineError) throw configError(`--engine: ${error.message}`);
      throw error;
    }
    setup.closers.unshift(() => engine.close());
    // Named by --name, else by the host it answers on (the URL kept has no credentials).
    const name = typeof flags.name === 'string' ? flags.name : new URL(engine.url).host;
    return [{ name, engine, external: true, endpoint: engine.url }];
  }
  if (flags.name !== undefined) throw usageError('--name names an --engine URL; give --engine');
  if (mode === 'plans' || mode === 'retrieval') {
    if (flags.llm !== undefined) throw usageError(`--llm applies to mode full, not mode ${mode}`);
    // Retrieval makes no LLM call; the gold-plan engine is a reference engine like any other.
    const rig = await plansEngine(setup.suite, reference);
    setup.closers.unshift(() => rig.close());
    return [{ name: mode, engine: rig.engine }];
  }
  const values = list(flags.llm);
  if (!values) throw usageError('mode full needs at least one --llm (a preset, a file or a model)');
  const configs: EvalConfig[] = [];
  for (const value of values) {
    let llm: LlmConfig<ReferenceNode>;
    try {
      llm = await resolveLlmOption(value, { env, cwd, nodes: REFERENCE_NODES });
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
  // Numbers arrive parsed and range-checked by the option table (commands/eval-run.ts).
  const passes = typeof flags.passes === 'number' ? flags.passes : 1;
  const concurrency = typeof flags.concurrency === 'number' ? flags.concurrency : undefined;
  const askTimeoutMs =
    typeof flags['ask-timeout'] === 'number' ? Math.ceil(flags['ask-timeout'] * 1000) : undefined;
  const maxCostUsd = typeof flags['max-cost'] === 'number' ? flags['max-cost'] : undefined;
  if (mode === 'full' && maxCostUsd === undefined) {
    throw usageError('mode full spends money: give a dollar cap with --max-cost USD');
  }
  if (flags.resume && typeof flags.journal !== 'string')
    throw usageError('--resume needs --journal FILE');
  const baselineDir = typeof flags.baseline === 'string' ? resolve(io.cwd, flags.baseline) : null;
  for (const flag of ['allow-partial', 'baseline-optional']) {
    if (flags[flag] && baselineDir === null) throw usageError(`--${flag} needs --baseline DIR`);
  }
  // --reporter, --json, --report (reporters/): checked before anything runs.
  const reporting = reportersFor(flags, io, redactor);
  if (mode !== 'retrieval' && reporterSpecs(flags, io.cwd).some((r) => r.name === 'selection')) {
    throw usageError(`--reporter selection=FILE reports mode retrieval, not mode ${mode}`);
  }

  const setup = await openSetup(flags, io.cwd);
  const stop = stopOnSignals(io);
  try {
    await admitSuite(setup.suite, {
      mode: admissionMode(mode, typeof flags.engine === 'string'),
      roles: list(flags.roles),
      datasource: setup.datasource,
      ...(typeof flags.engine === 'string' ? {} : { policy: CHINOOK_POLICIES }),
      datasources: KNOWN_DATASOURCES,
    });
    const configs = await buildConfigs(mode, flags, setup, io.env, io.cwd);
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
        ? [savedReportListener(resolve(io.cwd, flags.save), () => recorder.records(), redactor)]
        : [];
    const schema = await setup.datasource.introspect({ rowCounts: false });
    let report: RunReport;
    try {
      const roles = list(flags.roles);
      const cases = list(flags.cases);
      const tags = list(flags.tags);
      report = await runEval({
        suite: setup.suite,
        configs,
        mode,
        passes,
        ...(concurrency ? { concurrency } : {}),
        ...(askTimeoutMs !== undefined ? { askTimeoutMs } : {}),
        ...(maxCostUsd !== undefined ? { maxCostUsd } : {}),
        ...(roles ? { roles } : {}),
        ...(cases ? { cases } : {}),
        ...(tags ? { tags } : {}),
        dataset: {
          name: setup.suitePath.split(/[\\/]/).pop() ?? 'suite.yaml',
          digest: await suiteFileDigest(setup.suitePath),
        },
        database: await databaseIdentity(
          setup.suite.cases[0]?.datasource ?? 'chinook',
          setup.datasource,
        ),
        // L2 checks the SQL against the database the cases run on.
        sqlChecks: { dialect: setup.datasource.engine, schema },
        // Mode retrieval scores each selection as spec 003 does, the gold query included.
        ...(mode === 'retrieval'
          ? {
              selection: {
                schema,
                reference: restrictedSqliteRunner(setup.datasource.file, schema),
              },
            }
          : {}),
        // A journal records the data it was written against, so --resume refuses changed data.
        ...(typeof flags.journal === 'string'
          ? {
              journal: resolve(io.cwd, flags.journal),
              data: await dataFingerprint(setup.datasource),
            }
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
    const stopped = report.stopped === 'cancelled' && stop.received !== null;
    const needRecords = typeof flags.save === 'string' || (baselineDir !== null && !stopped);
    const records = needRecords ? recorder.records() : [];
    const gated =
      baselineDir === null || stopped
        ? null
        : gateAgainstBaseline(records, baselineDir, {
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
    if (typeof flags.save === 'string')
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
