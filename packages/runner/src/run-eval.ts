import { statSync } from 'node:fs';
import { assertScorable } from '@nl2sql/suite';
import { askCase } from './ask-case.js';
import { billCalls } from './call-billing.js';
import type { CaseResult } from './case-result.js';
import { timedResult } from './case-result.js';
import { CostCap } from './cost-cap.js';
import { DiagnosticsAhead } from './diagnostics-ahead.js';
import { efficiencyPass } from './efficiency-pass.js';
import { describeEngine, type EngineIdentity } from './engine-identity.js';
import { evaluationPass } from './evaluation-pass.js';
import {
  type JournalRun,
  journalHeader,
  journalListener,
  type ResumedRun,
  resumeJournal,
} from './journal-listener.js';
import { JournalLock } from './journal-lock.js';
import { buildReport } from './report.js';
import { requireEfficiency } from './require-plugins.js';
import { retrieveCase } from './retrieve-case.js';
import { retrieverSettings } from './retriever-settings.js';
import { RunCollector } from './run-collector.js';
import { allListeners, type RunEventListener } from './run-event.js';
import { type RunEvalOptions, type RunSettings, resolveRunOptions } from './run-options.js';
import type { RunReport } from './run-report.js';
import { RunnerError } from './runner-error.js';
import { schedule } from './schedule.js';
import { checkSnapshotSchemas } from './snapshot-match.js';
import { listTasks, pendingTasks, type TaskList } from './task-list.js';

/**
 * The options that change what a case run scores, as a journal records them: a resume with
 * any of them changed would put two runs' scores on one board.
 */
function scoringOptions(run: RunSettings, options: RunEvalOptions): Record<string, unknown> {
  return {
    passes: run.passes,
    curated: run.curated,
    ask_timeout_ms: run.askTimeoutMs,
    max_rows: run.maxRows,
    full_snapshot_max_tables: run.fullSnapshotMaxTables,
    tolerance: options.tolerance ?? null,
    refusal_message: options.refusalMessage ?? null,
    // The outcome scorer holds answers to the policy's scope: another policy, other scores.
    access_policy: options.policy ?? null,
    // Mode retrieval scores spec 003's figures only with the schema, the match only with a runner.
    selection_scoring: options.selection
      ? { reference_query: options.selection.reference !== undefined }
      : null,
    scorers: run.scorers.map((s) => s.name),
    // Trusted rows score another thing than rows the harness read (absent when none are).
    ...trustedRows(run),
    // What the evaluation beyond EX used: a resume with another suite or judge is another run.
    evaluation:
      run.evaluation === null
        ? null
        : {
            dialect: run.evaluation.dialect,
            test_suite: run.evaluation.testSuite?.suite.manifest.goldsDigest ?? null,
            test_suite_databases:
              run.evaluation.testSuite?.suite.manifest.databases.map((d) => d.sha256) ?? null,
            judge: run.evaluation.judge?.identity ?? null,
            cascade: run.evaluation.cascade ?? null,
          },
  };
}

/** The configs whose engines' reported rows are trusted, as the journal keys them. */
function trustedRows(run: RunSettings): { trusted_rows?: string[] } {
  const trusted = run.configs.filter((c) => c.trustReportedRows === true).map((c) => c.name);
  return trusted.length === 0 ? {} : { trusted_rows: trusted };
}

/** What identifies this run to its journal. */
function journalRun(
  run: RunSettings,
  list: TaskList,
  engines: Readonly<Record<string, EngineIdentity>>,
  options: RunEvalOptions,
): JournalRun {
  return {
    mode: run.mode,
    suiteDigest: run.dataset.digest,
    configs: run.configs.map((c) => c.name),
    tasksDigest: list.digest,
    engines: Object.fromEntries(
      Object.entries(engines).map(([name, e]) => [
        name,
        { name: e.name, version: e.version, models: e.models, url: e.url },
      ]),
    ),
    database: {
      datasource_id: options.database?.datasource_id ?? null,
      schema_fingerprint: options.database?.schema_fingerprint ?? null,
      data_digest: options.data?.digest ?? null,
      row_counts: options.data?.rowCounts ?? null,
    },
    options: scoringOptions(run, options),
    shard: run.shard,
  };
}

/**
 * Runs a suite against one or more engines and scores every case run (spec 000, "How a run
 * is scored"). The stages: options -> task list (less what a journal already holds) ->
 * scheduler (bounded, the dollar cap its admission policy) -> ask-case / retrieve-case (one
 * task, one case result) -> report. The rest listens to the run's events: the collector the
 * report is built from, the journal and the caller's `onEvent`. A cancelled or capped run
 * still returns its report, with `stopped` set.
 *
 * A journal is locked for the length of the run (JOURNAL_LOCKED when another run holds
 * it), and a resume must be the same run: the same engines, database data and scoring
 * options (JOURNAL_MISMATCH names what differs). Each LLM call of a config that reports
 * its calls is billed, against the cap and into the journal, as it completes.
 */
export async function runEval(options: RunEvalOptions): Promise<RunReport> {
  const run = resolveRunOptions(options);
  const list = listTasks(
    options.suite,
    options,
    run.mode,
    run.passes,
    run.configs,
    run.shard ?? undefined,
  );
  // Admission: a case the run compares must have gold rows, or it would be scored on its
  // outcome alone (UnscorableSuiteError, every such case named). An external engine sees
  // no plan, so it is admitted as mode engine.
  const external = run.configs.every((c) => c.external === true);
  assertScorable(
    { ...options.suite, cases: [...list.cases] },
    {
      mode: run.mode === 'retrieval' ? 'retrieval' : external ? 'engine' : run.mode,
      ...(options.roles ? { roles: options.roles } : {}),
    },
  );
  const lock = options.journal ? JournalLock.acquire(options.journal) : null;
  try {
    if (options.journal && !options.resume && !options.restart) refuseOverwrite(options.journal);
    return await runLocked(options, run, list, lock?.notice ?? null);
  } finally {
    lock?.release();
  }
}

/**
 * A journal that holds a run is never replaced unasked: a run given the journal without
 * resume (or restart) would have started it afresh and thrown away its finished work.
 */
function refuseOverwrite(path: string): void {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return; // no file yet: a fresh journal
  }
  if (size === 0) return;
  throw new RunnerError(
    'JOURNAL_EXISTS',
    `journal ${path} already holds a run (${size} bytes); resume it, or start afresh and replace it`,
  );
}

async function runLocked(
  options: RunEvalOptions,
  run: RunSettings,
  list: TaskList,
  lockNotice: string | null,
): Promise<RunReport> {
  // What each config's engine says it is: records, the journal and the board name it.
  const engines: Record<string, EngineIdentity> = {};
  for (const config of run.configs) {
    engines[config.name] = run.redactor.redactValue(await describeEngine(config, options.signal));
  }
  const identity = journalRun(run, list, engines, options);
  const resumed: ResumedRun =
    options.resume && options.journal
      ? resumeJournal(options.journal, identity, list.tasks)
      : { cases: [], billed: {} };

  // A shard spends against its own share of the cap (RunSettings.capUsd).
  const cap = new CostCap(run.capUsd);
  const byName = new Map(run.configs.map((c) => [c.name, c]));
  // A config whose calls are billed one by one had its journal's calls billed already.
  const billedPerCall = (name: string) => byName.get(name)?.calls !== undefined;
  for (const done of resumed.cases) {
    cap.finish(done.result.costUsd ?? 0, { billed: billedPerCall(done.config) });
  }
  for (const [name, usd] of Object.entries(resumed.billed)) {
    if (billedPerCall(name)) cap.spend(usd);
  }

  // The parser plugin's wasm compiles on first use, holding the event loop: load it first.
  if (run.mode !== 'retrieval') await run.plugins.sql?.load?.();
  if (run.snapshots) await checkSnapshotSchemas(run.snapshots, run.answerExecution); // before any case

  // Each config's board is counted as its case runs finish.
  const collector = new RunCollector({
    tasks: list.tasks,
    options: {
      retrieval: run.mode === 'retrieval',
      passes: run.passes,
      curated: run.curated,
      faithfulness: run.scorers.some((s) => s.name === 'faithfulness'),
    },
  });
  const journalPath = options.journal;
  const journal = journalPath
    ? journalListener(journalPath, options.resume === true, identity, (message) =>
        emit({ type: 'journal.failed', path: journalPath, message }),
      )
    : null;
  const emit: RunEventListener = allListeners([
    collector.listener,
    ...(journal ? [journal] : []),
    ...(options.onEvent === undefined ? [] : [options.onEvent].flat()),
  ]);
  const context = { ...run, ...(options.prices ? { prices: options.prices } : {}) };
  const plannedCases = list.tasks.length;
  let completedCases = resumed.cases.length;
  let passedCases = resumed.cases.filter((done) => done.result.status === 'pass').length;
  const startedAt = new Date();
  const t0 = performance.now();

  const billing = billCalls(run.configs, emit, cap, context.prices);
  // sqlcheck's diagnostics of each case run, while the other asks wait on their engines
  const ahead = run.evaluation !== null ? new DiagnosticsAhead(run.evaluation) : null;
  try {
    emit({
      type: 'run.started',
      mode: run.mode,
      configs: run.configs.map((c) => c.name),
      dataset: run.dataset,
      cases: list.cases.map((c) => ({ id: c.id, question: c.question, datasource: c.datasource })),
      plannedCases,
      tasksDigest: list.digest,
      resumed: resumed.cases,
      engines,
      billed: Object.fromEntries(
        Object.entries(resumed.billed).filter(([name]) => billedPerCall(name)),
      ),
      notices: [...(lockNotice === null ? [] : [lockNotice]), ...(resumed.notices ?? [])],
    });
    const pending = pendingTasks(list.tasks, new Set(collector.results.keys()));
    const cancel = options.signal ? { signal: options.signal } : {};
    const scheduled = await schedule(
      pending,
      (task, signal) =>
        billing.during(task, async () => {
          const { config, case: c, role, pass } = task;
          const admitted = performance.now();
          emit({
            type: 'case.started',
            config: config.name,
            caseId: c.id,
            question: c.question,
            role,
            pass,
          });
          const asked =
            run.mode === 'retrieval'
              ? await retrieveCase(task, context, signal)
              : await askCase(task, context, signal);
          // Cancelled in flight: not recorded, and no longer reserved against the cap (the
          // calls it made stay billed).
          if (asked === null) return cap.abandon();
          // What an engine or a model echoed (a key in an error body) is masked here, once,
          // before the result reaches the journal, the records or any listener.
          const done = timedResult(
            { result: run.redactor.redactValue(asked.result), timings: asked.timings },
            performance.now() - admitted,
          );
          cap.finish(done.result.costUsd ?? 0, { billed: config.calls !== undefined });
          completedCases++;
          if (done.result.status === 'pass') passedCases++;
          const progress = { completedCases, plannedCases, passedCases, dollars: cap.spent };
          emit({ type: 'case.finished', config: config.name, ...done, ...progress });
          ahead?.offer(task, done.result);
        }),
      { concurrency: run.concurrency, admission: cap, ...cancel },
    );
    const cancelled = options.signal?.aborted === true && completedCases < plannedCases;
    let stopped: RunReport['stopped'] =
      scheduled.stopped === 'refused' ? 'max_cost' : cancelled ? 'cancelled' : scheduled.stopped;
    if (stopped !== 'cancelled' && collector.unfinished.size > 0) {
      throw new RunnerError(
        'INTERNAL_ERROR',
        `${collector.unfinished.size} case run(s) started and never finished in a run that was not cancelled: ${[...collector.unfinished].join(', ')}`,
      );
    }
    if (stopped !== null) {
      const progress = { completedCases, plannedCases, dollars: cap.spent };
      emit({ type: 'run.stopped', reason: stopped, ...progress });
    }
    await ahead?.close();
    // Beyond EX after the asks (sqlcheck's part of it mostly done while they ran, in short
    // slices), so the test suite and the judge never hold back an engine's statements; then
    // efficiency, one case run at a time, so no timing measures another case run.
    let results: ReadonlyMap<string, CaseResult> = collector.results;
    if (run.evaluation !== null && stopped !== 'cancelled') {
      results = await evaluationPass(results, list, {
        settings: run.evaluation,
        cap,
        emit,
        concurrency: run.concurrency,
        ...(ahead ? { ahead } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const measure = options.efficiency && requireEfficiency(run.plugins);
      if (options.efficiency && measure)
        results = await efficiencyPass(results, list, options.efficiency, measure, options.signal);
      // Cancelled during the passes: every case run finished, but not every one was evaluated,
      // so the run is a stopped one (never gated), as a cancel during the asks is.
      if (options.signal?.aborted === true && stopped === null) {
        stopped = 'cancelled';
        emit({
          type: 'run.stopped',
          reason: stopped,
          completedCases,
          plannedCases,
          dollars: cap.spent,
        });
      }
    }
    const report = buildReport({
      settings: run,
      list,
      results,
      database: options.database ?? null,
      // Mode retrieval records the retriever settings the engines described at the start.
      retrieverSettings:
        run.mode === 'retrieval' ? retrieverSettings(run.configs, engines) : undefined,
      stopped,
      dollars: cap.spent,
      startedAt,
      timings: collector.timings(performance.now() - t0),
      engines,
      billed: Object.fromEntries(
        run.configs.flatMap((c) => (c.calls ? [[c.name, collector.billed(c.name)]] : [])),
      ),
      // The boards counted as case runs finished, unless the evaluation pass changed the
      // results since (the judge's dollars): then the report counts them again.
      ...(results === collector.results ? { boards: collector.boards } : {}),
      ...(run.shard ? { identity: journalHeader(identity) } : {}),
    });
    emit({ type: 'run.finished', report });
    return report;
  } finally {
    billing.stop();
    await ahead?.close();
    journal?.close();
  }
}
