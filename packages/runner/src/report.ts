import { describeConfig } from '@nl2sql/llm';
import type { RecordDatabase, ScoreboardSettings } from '@nl2sql/records';
import { BoardTally } from './board-tally.js';
import type { CaseResult } from './case-result.js';
import { diagnosticsSection, type TestSuiteSummary } from './diagnostics-metrics.js';
import type { EngineIdentity } from './engine-identity.js';
import type { JournalHeader } from './journal.js';
import type { RunSettings } from './run-options.js';
import type { ConfigReport, RunReport, RunShard, RunTimings } from './run-report.js';
import { RunnerError } from './runner-error.js';
import type { TaskList } from './task-list.js';

/** What the report stage is given once the run has ended. */
export interface ReportInput {
  readonly settings: RunSettings;
  readonly list: TaskList;
  /** Every finished case result by task key (resumed ones included). */
  readonly results: ReadonlyMap<string, CaseResult>;
  readonly database: RecordDatabase | null;
  /** Mode retrieval: the retriever settings the engines reported (`retrieverSettings`). */
  readonly retrieverSettings: Readonly<Record<string, unknown>> | undefined;
  readonly stopped: RunReport['stopped'];
  readonly dollars: number;
  readonly startedAt: Date;
  readonly timings: RunTimings;
  /** Each config's engine, by config name, as it described itself at the start. */
  readonly engines: Readonly<Record<string, EngineIdentity>>;
  /**
   * Dollars of every LLM call billed one by one, by config (those configs only): with the
   * calls of case runs that never finished, and of a resumed run's journal.
   */
  readonly billed?: Readonly<Record<string, number>>;
  /**
   * Each config's board as the run counted it (RunCollector.boards), by config name; a board
   * not given is counted here from the results.
   */
  readonly boards?: ReadonlyMap<string, BoardTally>;
  /** A shard's run: what identifies the run, as its journal header states it (see RunShard). */
  readonly identity?: JournalHeader;
}

/** The test suite's own figures from its manifest, when the run scored with one. */
function testSuiteSummary(settings: RunSettings): TestSuiteSummary | null {
  const suite = settings.evaluation?.testSuite?.suite;
  if (suite === undefined) return null;
  const { summary } = suite.manifest;
  return {
    databases: suite.databases.length,
    mutantsKilled: summary.killedBySuite,
    mutantsSemantic: summary.differing,
  };
}

/** An engine as a board names it: what it is, not its settings (the record keeps those). */
function boardEngine(identity: EngineIdentity | undefined): EngineIdentity | undefined {
  if (identity === undefined) return undefined;
  const { settings: _settings, ...named } = identity;
  return named;
}

/** The settings a record carries, so only like-for-like runs are compared. */
function scoreboardSettings(input: ReportInput): ScoreboardSettings {
  const { settings, list, retrieverSettings } = input;
  return {
    mode: settings.mode,
    roles: list.roles,
    curated: settings.curated,
    passes: settings.passes,
    max_cost_usd: settings.maxCostUsd,
    retrieval:
      settings.mode === 'retrieval'
        ? {
            full_snapshot_max_tables: settings.fullSnapshotMaxTables,
            ...(retrieverSettings ?? {}),
          }
        : null,
  };
}

/**
 * Every scheduled task produced exactly one result: a run that was not stopped has one for
 * each task, and no run has a result for a task it did not plan. Anything else is a bug in
 * the stages before (INTERNAL_ERROR), never a board.
 */
function assertOneResultPerTask(input: ReportInput): void {
  const planned = new Set(input.list.tasks.map((task) => task.key));
  for (const key of input.results.keys()) {
    if (!planned.has(key)) {
      throw new RunnerError('INTERNAL_ERROR', `case run ${key} has a result but was not planned`);
    }
  }
  if (input.stopped !== null) return;
  const missing = input.list.tasks.filter((task) => !input.results.has(task.key));
  if (missing.length > 0) {
    const listed = missing
      .slice(0, 5)
      .map((task) => task.key)
      .join(', ');
    throw new RunnerError(
      'INTERNAL_ERROR',
      `the run was not stopped, yet ${missing.length} of ${input.list.tasks.length} planned case runs have no result (${listed}${missing.length > 5 ? ', ...' : ''})`,
    );
  }
}

/**
 * Case results -> one board per config. Each board lists its config's results in task
 * order (passes, then suite order), whatever order they finished in; a stopped run's board
 * covers exactly the case runs that finished.
 */
export function buildReport(input: ReportInput): RunReport {
  assertOneResultPerTask(input);
  const { settings, list, results } = input;
  const faithfulness = settings.scorers.some((s) => s.name === 'faithfulness');
  const tallyOptions = {
    retrieval: settings.mode === 'retrieval',
    passes: settings.passes,
    curated: settings.curated,
    faithfulness,
  };
  // The diagnostics section reads each case's tags (records carry none) and the test suite's
  // own figures.
  const diagnostics = {
    tags: new Map(list.cases.map((c) => [c.id, c.tags])),
    testSuite: testSuiteSummary(settings),
  };
  const configs: ConfigReport[] = settings.configs.map((config) => {
    const cases = list.tasks.flatMap((task) => {
      const result = task.config === config ? results.get(task.key) : undefined;
      return result ? [result] : [];
    });
    let board = input.boards?.get(config.name);
    if (board === undefined || board.count !== cases.length) {
      board = BoardTally.over(cases, tallyOptions);
    }
    return {
      config: { name: config.name, nodes: config.llm ? describeConfig(config.llm) : {} },
      kind: config.external === true ? 'engine' : settings.mode,
      rows:
        config.external !== true || settings.mode === 'retrieval'
          ? null
          : config.trustReportedRows === true
            ? 'trusted'
            : 'executed',
      engine: boardEngine(input.engines[config.name]) ?? {
        name: 'unknown',
        version: 'unknown',
        models: null,
        url: config.endpoint ?? null,
      },
      plannedCases: list.runs.length,
      completedCases: cases.length,
      metrics:
        settings.mode === 'retrieval'
          ? board.metrics()
          : {
              ...board.runMetrics(input.billed?.[config.name]),
              ...diagnosticsSection(cases, diagnostics),
            },
      cases,
    };
  });
  const shard = shardOf(input);
  return {
    mode: settings.mode,
    dataset: settings.dataset,
    database: input.database,
    settings: scoreboardSettings(input),
    plannedCases: list.tasks.length,
    completedCases: results.size,
    stopped: input.stopped,
    dollars: input.dollars,
    startedAt: input.startedAt.toISOString(),
    timings: input.timings,
    configs,
    ...(shard ? { shard } : {}),
  };
}

/** A shard's place in its run, for the merge (see RunShard); null for a whole run. */
function shardOf(input: ReportInput): RunShard | null {
  const part = input.list.shard;
  if (part === null) return null;
  if (input.identity === undefined) {
    throw new RunnerError('INTERNAL_ERROR', 'a shard report was built without its run identity');
  }
  return {
    index: part.index,
    count: part.count,
    maxCostUsd: input.settings.capUsd,
    runTasksDigest: part.runDigest,
    runPlannedCases: part.runPlannedCases,
    casePositions: Object.fromEntries(part.casePositions),
    identity: input.identity,
  };
}
