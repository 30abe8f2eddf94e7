// `evaluate()`: one evaluation run from options, as `nl2sql eval run` does it (the CLI is
// this function behind its flags). Progress goes to `io.err`, the board (or JSON) to
// `io.out`, reporters to their files; the result carries the report, the records, the gate
// and the exit code. A run stopped by SIGINT or SIGTERM reports its partial board, is not
// gated and ends with exit code 130.

import { resolve } from 'node:path';
import { configSecrets, type Redactor, UnknownPriceError } from '@nl2sql/llm';
import { RunnerError, type RunReport, recordsListener, runEval } from '@nl2sql/runner';
import { checkOptions } from './check-options.js';
import { configError, EvaluateError } from './evaluate-error.js';
import { EVALUATE_OPTIONS, type EvaluateOptions } from './evaluate-options.js';
import type { EvaluateResult } from './evaluate-result.js';
import { type Io, processIo } from './io.js';
import { recordsCommit } from './project/project-commit.js';
import { openSnapshots } from './project/project-snapshots.js';
import { admitSuite } from './run/admit-suite.js';
import { buildConfigs, type EngineChoice } from './run/engine-configs.js';
import { openEvaluation } from './run/evaluation-options.js';
import { FileFailures } from './run/file-failures.js';
import { predictionsConfig } from './run/predictions-engine.js';
import { progressListener } from './run/progress-line.js';
import { runOptions } from './run/run-options.js';
import { runOutcome } from './run/run-outcome.js';
import { planRun, type RunPlan } from './run/run-plan.js';
import { redactingIo, runRedactor, urlSecrets } from './run/run-secrets.js';
import { openRunSetup, type RunSetup } from './run/run-setup.js';
import { runnerFailure } from './run/runner-failure.js';
import { savedReportListener } from './run/saved-report.js';
import { shardSave } from './run/shard-run.js';
import { stopOnSignals } from './run/stop-signals.js';
import { unapprovedNote } from './suite/unapproved-note.js';

/**
 * Runs the evaluation `options` ask (every option is an `nl2sql eval run` flag, camelCased:
 * `{ engine: 'mine', maxCost: 5, reporters: ['junit=reports/junit.xml'] }`). Throws an
 * EvaluateError (exit code 2 or 3, one message, secrets masked) when the run cannot start.
 */
export async function evaluate(
  options: EvaluateOptions,
  io: Io = processIo(),
): Promise<EvaluateResult> {
  checkOptions(EVALUATE_OPTIONS, options, 'evaluate');
  // Secrets the run holds are masked in everything it prints, writes or throws.
  const redactor = runRedactor(io.env);
  if (typeof options.engine === 'string') redactor.add(...urlSecrets(options.engine));
  try {
    return await evaluateRun(options, redactingIo(io, redactor), redactor);
  } catch (error) {
    if (error instanceof EvaluateError)
      throw new EvaluateError(redactor.redact(error.message), error.exitCode);
    throw error;
  }
}

async function evaluateRun(
  options: EvaluateOptions,
  io: Io,
  redactor: Redactor,
): Promise<EvaluateResult> {
  const plan = await planRun(options, io, redactor);
  const setup = await openRunSetup(await plan.opening.located(), plan.runSuite);
  const stop = stopOnSignals(io);
  try {
    const skipped = unapprovedNote(setup.suite);
    if (skipped !== undefined) io.err(skipped);
    await admitSuite(setup.suite, {
      ...plan.admission,
      datasources: setup.datasources.byId,
      cases: plan.cases,
    });
    return await runOnData(options, plan, setup, io, redactor, stop);
  } finally {
    stop.dispose();
    for (const close of setup.closers) await close();
  }
}

/** The configs the run asks: the predictions file's, or the engine's (started now). */
async function runConfigs(options: EvaluateOptions, plan: RunPlan, setup: RunSetup, io: Io) {
  if (plan.predictions !== null) return [predictionsConfig(plan.predictions, io.cwd, options.name)];
  return buildConfigs(
    plan.mode,
    options,
    setup,
    plan.choice as EngineChoice,
    plan.askTimeoutMs,
    io,
    plan.llms,
  );
}

async function runOnData(
  options: EvaluateOptions,
  plan: RunPlan,
  setup: RunSetup,
  io: Io,
  redactor: Redactor,
  stop: ReturnType<typeof stopOnSignals>,
): Promise<EvaluateResult> {
  // evals.yaml's snapshots (EX on all snapshots), each checked to have its datasource's
  // schema; mode retrieval writes no SQL to run on them.
  const snapshots =
    plan.mode === 'retrieval' ? null : await openSnapshots(setup.project, setup.datasources.byId);
  if (snapshots) setup.closers.push(() => snapshots.close());
  const configs = await runConfigs(options, plan, setup, io);
  const evaluation = await openEvaluation(plan.mode, options, setup, io, redactor);
  for (const config of configs) if (config.llm) redactor.add(...configSecrets(config.llm, io.env));
  // Everything that follows the run listens to its events: the progress line, the records
  // (made once, and only when something reads them) and the saved report. Each record
  // carries the version its engine reports and names the project's commit, not the tool's.
  const progress = progressListener(io);
  const commit = recordsCommit(options, plan.baselineDir, setup.project, io);
  const recorder = recordsListener({
    note: typeof options.note === 'string' ? options.note : null,
    ...(commit ? { git: commit } : {}),
  });
  // A file the run cannot write (a full disk) is one line, and exit 3 after the board.
  const files = new FileFailures(io);
  const savePath = typeof options.save === 'string' ? resolve(io.cwd, options.save) : null;
  const save =
    savePath === null
      ? []
      : [
          files.guard(
            '--save',
            savePath,
            plan.sharding
              ? shardSave(savePath, redactor, commit)
              : savedReportListener(savePath, () => recorder.records(), redactor),
          ),
        ];
  let report: RunReport;
  try {
    report = await runEval(
      await runOptions(
        options,
        plan,
        setup,
        {
          configs,
          evaluation,
          snapshots,
          signal: stop.signal,
          redactor,
          onEvent: [progress, files.listener, recorder, ...save, ...plan.reporting.listeners],
        },
        io.cwd,
      ),
    );
  } catch (error) {
    if (error instanceof UnknownPriceError) throw configError(error.message);
    if (error instanceof RunnerError) throw runnerFailure(error);
    throw error;
  } finally {
    progress.done();
  }
  const stopped = report.stopped === 'cancelled' && stop.received !== null;
  return runOutcome(
    options,
    plan,
    setup,
    {
      report,
      judge: evaluation.judge,
      stopped,
      records: () => recorder.records(),
      files,
      savePath,
    },
    io,
  );
}
