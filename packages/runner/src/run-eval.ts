import { loadSqlcheck } from '@nl2sql/sqlcheck';
import { assertScorable } from '@nl2sql/suite';
import { askCase } from './ask-case.js';
import { timedResult } from './case-result.js';
import { CostCap } from './cost-cap.js';
import { describeEngine, type EngineIdentity } from './engine-identity.js';
import { journalListener, resumeJournal } from './journal-listener.js';
import { buildReport } from './report.js';
import { retrieveCase } from './retrieve-case.js';
import { RunCollector } from './run-collector.js';
import { allListeners } from './run-event.js';
import { type RunEvalOptions, resolveRunOptions } from './run-options.js';
import type { RunReport } from './run-report.js';
import { RunnerError } from './runner-error.js';
import { schedule } from './schedule.js';
import { listTasks, pendingTasks } from './task-list.js';

/**
 * Runs a suite against one or more engines and scores every case run (spec 000, "How a run
 * is scored"). The stages: options -> task list (less what a journal already holds) ->
 * scheduler (bounded, the dollar cap its admission policy) -> ask-case / retrieve-case (one
 * task, one case result) -> report. The rest listens to the run's events: the collector the
 * report is built from, the journal and the caller's `onEvent`. A cancelled or capped run
 * still returns its report, with `stopped` set.
 */
export async function runEval(options: RunEvalOptions): Promise<RunReport> {
  const run = resolveRunOptions(options);
  const cap = new CostCap(run.maxCostUsd);
  const list = listTasks(options.suite, options, run.mode, run.passes, run.configs);
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
  const configs = run.configs.map((c) => c.name);
  const identity = {
    mode: run.mode,
    suiteDigest: run.dataset.digest,
    configs,
    tasksDigest: list.digest,
  };
  const resumed =
    options.resume && options.journal ? resumeJournal(options.journal, identity, list.tasks) : [];
  for (const done of resumed) cap.finish(done.result.costUsd ?? 0);

  // The SQL parser's wasm compiles on first use and holds the event loop meanwhile; load it
  // before any case starts so no statement timeout or LLM deadline running then pays for it.
  if (run.mode !== 'retrieval') await loadSqlcheck();

  // What each config's engine says it is: records, the journal and the board name it.
  const engines: Record<string, EngineIdentity> = {};
  for (const config of run.configs) {
    engines[config.name] = await describeEngine(config, options.signal);
  }

  const collector = new RunCollector();
  const emit = allListeners([
    collector.listener,
    ...(options.journal ? [journalListener(options.journal, options.resume === true)] : []),
    ...(options.onEvent === undefined ? [] : [options.onEvent].flat()),
  ]);
  const context = { ...run, ...(options.prices ? { prices: options.prices } : {}) };
  const plannedCases = list.tasks.length;
  let completedCases = resumed.length;
  let passedCases = resumed.filter((done) => done.result.status === 'pass').length;
  const startedAt = new Date();
  const t0 = performance.now();

  emit({
    type: 'run.started',
    mode: run.mode,
    configs,
    dataset: run.dataset,
    cases: list.cases.map((c) => ({ id: c.id, question: c.question, datasource: c.datasource })),
    plannedCases,
    tasksDigest: list.digest,
    resumed,
    engines,
  });
  const pending = pendingTasks(list.tasks, new Set(collector.results.keys()));
  const cancel = options.signal ? { signal: options.signal } : {};
  const scheduled = await schedule(
    pending,
    async (task, signal) => {
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
      // Cancelled in flight: not recorded, and no longer reserved against the cap.
      if (asked === null) return cap.abandon();
      const done = timedResult(asked, performance.now() - admitted);
      cap.finish(done.result.costUsd ?? 0);
      completedCases++;
      if (done.result.status === 'pass') passedCases++;
      const progress = { completedCases, plannedCases, passedCases, dollars: cap.spent };
      emit({ type: 'case.finished', config: config.name, ...done, ...progress });
    },
    { concurrency: run.concurrency, admission: cap, ...cancel },
  );
  const cancelled = options.signal?.aborted === true && completedCases < plannedCases;
  const stopped =
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
  const report = buildReport({
    settings: run,
    list,
    results: collector.results,
    database: options.database ?? null,
    retrieval: options.retrieval,
    stopped,
    dollars: cap.spent,
    startedAt,
    timings: collector.timings(performance.now() - t0),
    engines,
  });
  emit({ type: 'run.finished', report });
  return report;
}
