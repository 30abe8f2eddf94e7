import { resolve } from 'node:path';
import { formatJudgeIdentity } from '@nl2sql/judge';
import { configSecrets, type Redactor, UnknownPriceError } from '@nl2sql/llm';
import { isMode, RUN_MODES } from '@nl2sql/records';
import { gateOutcome, mustPassEveryCase } from '@nl2sql/reporters';
import { RunnerError, type RunReport, recordsListener, runEval } from '@nl2sql/runner';
import { defaultPlugins, restrictedSqliteRunner } from '@nl2sql/runner-plugins';
import { loadSqlcheck } from '@nl2sql/sqlcheck';
import { suiteFileDigest } from '@nl2sql/suite';
import { unapprovedNote } from '../authoring/unapproved-note.js';
import { CliError, configError, usageError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import {
  admissionMode,
  admitSuite,
  admitSuiteBeforeData,
  assertGoldPlans,
} from '../eval/admit-suite.js';
import { sqlCheckPolicy } from '../eval/check-policy.js';
import {
  buildConfigs,
  checkEngineFlags,
  chooseEngine,
  type EngineChoice,
  referenceLlms,
} from '../eval/engine-configs.js';
import { openEvaluation } from '../eval/evaluation-options.js';
import { FileFailures } from '../eval/file-failures.js';
import { gateAgainstBaseline } from '../eval/gate-baseline.js';
import { gateOverrides } from '../eval/gate-flags.js';
import { listFlag } from '../eval/list-flag.js';
import { policiesFlag } from '../eval/policies-board.js';
import {
  checkPredictionFlags,
  loadPredictions,
  predictionsConfig,
} from '../eval/predictions-engine.js';
import { progressListener } from '../eval/progress-line.js';
import { writeReviewProposals } from '../eval/review-proposals.js';
import { runExitRules, runExitVerdict } from '../eval/run-exit.js';
import { redactingIo, runRedactor, urlSecrets } from '../eval/run-secrets.js';
import { casesOnDatasources, loadSuiteForRun, openRunSetup } from '../eval/run-setup.js';
import { runnerFailure } from '../eval/runner-failure.js';
import { savedReportListener } from '../eval/saved-report.js';
import { shardRun, shardSave, shardSavedLine } from '../eval/shard-run.js';
import { stopOnSignals } from '../eval/stop-signals.js';
import { EXIT } from '../exit-codes.js';
import type { Io } from '../io.js';
import type { OpenDatasource } from '../project/datasource-limits.js';
import { openProjectBeforeData } from '../project/open-project.js';
import { recordsCommit } from '../project/project-commit.js';
import { openSnapshots, withSnapshotData } from '../project/project-snapshots.js';
import { runData, runDatabase } from '../project/run-database.js';
import { reporterSpecs } from '../reporters/reporter-option.js';
import { reportersFor } from '../reporters/reporter-set.js';

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
  if (flags.fresh && typeof flags.journal !== 'string')
    throw usageError('--fresh needs --journal FILE');
  if (flags.fresh && flags.resume)
    throw usageError('--fresh starts the journal afresh, --resume continues it: give one');
  const sharding = shardRun(flags);
  const baselineDir = typeof flags.baseline === 'string' ? resolve(io.cwd, flags.baseline) : null;
  if (flags['baseline-optional'] && baselineDir === null)
    throw usageError('--baseline-optional needs --baseline DIR');
  if (flags['min-accuracy'] !== undefined && mode === 'retrieval')
    throw usageError('--min-accuracy is on strict execution accuracy; mode retrieval has none');
  if (flags['min-accuracy'] !== undefined && sharding)
    throw usageError(
      '--min-accuracy holds the whole run: give it to `nl2sql eval merge`, not to one shard',
    );
  // --reporter, --json, --report (reporters/): checked before anything runs.
  const reporting = reportersFor(flags, io, redactor);
  if (mode !== 'retrieval' && reporterSpecs(flags, io.cwd).some((r) => r.name === 'selection')) {
    throw usageError(`--reporter selection=FILE reports mode retrieval, not mode ${mode}`);
  }
  // --config, else ./evals.yaml, else the built-in Chinook project. Everything that needs no
  // database (the engine, the suite file, admission's schema-free checks) is checked before
  // the built-in project looks for its Chinook file (decisions/eval-run-checks-before-data.md).
  const opening = await openProjectBeforeData(flags, io);
  const project = opening.settings;
  redactor.add(...project.secrets);
  // --predictions FILE: the file's answers stand for an external engine's (eval/predictions-engine.ts).
  const predictionsPath = typeof flags.predictions === 'string' ? flags.predictions : null;
  if (predictionsPath !== null) checkPredictionFlags(mode, flags);
  const choice = predictionsPath === null ? chooseEngine(project, flags.engine) : null;
  const external = choice === null || choice.kind !== 'reference';
  // Flags first, then evals.yaml (the engine's own ask timeout, then the run section), then
  // the runner's defaults. Numbers arrive parsed and range-checked by the option table.
  const run = project.run;
  let passes = typeof flags.passes === 'number' ? flags.passes : (run.passes ?? 1);
  const concurrency = typeof flags.concurrency === 'number' ? flags.concurrency : run.concurrency;
  const askTimeoutMs =
    typeof flags['ask-timeout'] === 'number'
      ? Math.ceil(flags['ask-timeout'] * 1000)
      : ((choice?.kind === 'http' || choice?.kind === 'process'
          ? choice.askTimeoutMs
          : undefined) ?? run.askTimeoutMs);
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
  // A shard's accuracy is of a part of the run: `eval merge` holds the whole to the minimum.
  const exitRules = runExitRules(flags, project.gate, { accuracy: sharding === null });
  if (choice !== null) checkEngineFlags(mode, flags, choice);
  const llms = choice === null ? [] : await referenceLlms(mode, flags, choice, project.dir, io);
  // Their keys are masked from here on, in whatever an error below prints.
  for (const llm of llms) redactor.add(...configSecrets(llm, io.env));

  // The SQL parser before the suite: compiled on top of the garbage a large suite's load
  // leaves in the heap, it made a long run's peak RSS (decisions/runner-memory.md).
  if (mode !== 'retrieval') await loadSqlcheck();
  const runSuite = await loadSuiteForRun(flags, io, project);
  // Read and matched to the suite before any database: a bad file is told first (exit 3).
  const predictions =
    predictionsPath === null
      ? null
      : await loadPredictions(predictionsPath, io.cwd, runSuite.suite);
  // Candidate i of each case answers pass i.
  if (predictions !== null) passes = predictions.k;
  const admission = {
    mode: admissionMode(mode, external),
    roles: listFlag(flags.roles),
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
    listFlag(flags.datasource),
    listFlag(flags.cases),
  );
  const setup = await openRunSetup(await opening.located(), runSuite);
  const stop = stopOnSignals(io);
  try {
    const skipped = unapprovedNote(setup.suite);
    if (skipped !== undefined) io.err(skipped);
    await admitSuite(setup.suite, { ...admission, datasources: setup.datasources.byId });
    // evals.yaml's snapshots (EX on all snapshots), each checked to have its datasource's
    // schema; mode retrieval writes no SQL to run on them.
    const snapshots =
      mode === 'retrieval' ? null : await openSnapshots(setup.project, setup.datasources.byId);
    if (snapshots) setup.closers.push(() => snapshots.close());
    const configs =
      predictions !== null
        ? [
            predictionsConfig(
              predictions,
              io.cwd,
              typeof flags.name === 'string' ? flags.name : undefined,
            ),
          ]
        : await buildConfigs(mode, flags, setup, choice as EngineChoice, askTimeoutMs, io, llms);
    const { evaluation, efficiency, judge } = await openEvaluation(
      mode,
      flags,
      setup,
      io,
      redactor,
    );
    for (const config of configs)
      if (config.llm) redactor.add(...configSecrets(config.llm, io.env));
    // Everything that follows the run listens to its events: the progress line, the records
    // (made once, and only when something reads them) and the saved report.
    const progress = progressListener(io);
    // Each record carries the version its engine reports (describe()).
    // The records name the project's commit, not the tool's (project/project-commit.ts).
    const commit = recordsCommit(flags, baselineDir, setup.project, io);
    const recorder = recordsListener({
      note: typeof flags.note === 'string' ? flags.note : null,
      ...(commit ? { git: commit } : {}),
    });
    // A file the run cannot write (a full disk) is one line, and exit 3 after the board.
    const files = new FileFailures(io);
    const savePath = typeof flags.save === 'string' ? resolve(io.cwd, flags.save) : null;
    const save =
      savePath !== null
        ? [
            files.guard(
              '--save',
              savePath,
              sharding
                ? shardSave(savePath, redactor, commit)
                : savedReportListener(savePath, () => recorder.records(), redactor),
            ),
          ]
        : [];
    let report: RunReport;
    try {
      const roles = listFlag(flags.roles);
      const tags = listFlag(flags.tags);
      const byId = setup.datasources.byId;
      const [first, ...others] = setup.caseDatasources.map((id) => byId.get(id) as OpenDatasource);
      const policy = sqlCheckPolicy(project.checks);
      report = await runEval({
        // the parser, test suite, verdict cascade and efficiency (the runner installs without them)
        plugins: await defaultPlugins(),
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
        // An external engine's SQL is run by the harness on the datasource its case names.
        answerExecution: { datasources: Object.fromEntries(byId) },
        ...(snapshots && snapshots.map.size > 0 ? { snapshots: snapshots.byId } : {}),
        // L2 checks the SQL against the database its case names.
        // evals.yaml checks: (LIMIT policy, vetted functions, size limit) over the defaults.
        sqlChecks:
          first && others.length === 0
            ? {
                ...policy,
                dialect: first.engine,
                schema: await first.introspect({ rowCounts: false }),
              }
            : {
                ...policy,
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
        evaluation,
        // Every leaderboard's rule on the same executions (eval/policies-board.ts).
        ...(policiesFlag(flags, predictions !== null) !== null ? { peerPolicies: true } : {}),
        ...(efficiency ? { efficiency } : {}),
        // Any engine's answer that reads outside its role's tables or columns is a leak.
        ...(project.policy ? { policy: project.policy } : {}),
        ...(typeof flags.journal === 'string' ? { journal: resolve(io.cwd, flags.journal) } : {}),
        // A journal and a shard record the data they ran against: --resume and eval merge
        // refuse other data.
        ...(typeof flags.journal === 'string' || sharding
          ? { data: await withSnapshotData(await runData(byId, setup.caseDatasources), snapshots) }
          : {}),
        ...(flags.resume ? { resume: true } : {}),
        ...(flags.fresh ? { restart: true } : {}),
        signal: stop.signal,
        redactor,
        onEvent: [progress, files.listener, recorder, ...save, ...reporting.listeners],
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
            allowPartial: exitRules.allowPartial,
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
    const saved = savePath !== null && !files.failed(savePath);
    if (typeof flags.save === 'string' && saved && sharding)
      io.err(shardSavedLine(flags.save, sharding));
    else if (typeof flags.save === 'string' && saved)
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
    // A cap stop, a run that scored nothing, an accuracy under --min-accuracy: never exit 0.
    const verdict = runExitVerdict(report, exitRules);
    for (const line of verdict.lines) io.err(line);
    if (verdict.exitCode === EXIT.config) return EXIT.config;
    const gateFailed = gated !== null && typeof gated !== 'string' && !gated.pass;
    if (casesFailed || gateFailed || verdict.exitCode === EXIT.failed) return EXIT.failed;
    // A reporter that could not write its file was named on stderr: not a pass (exit 3).
    // So is a --save or --journal file it could not write.
    return written && !files.any ? EXIT.ok : EXIT.config;
  } finally {
    stop.dispose();
    for (const close of setup.closers) await close();
  }
}
