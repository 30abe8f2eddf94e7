import { BoardTally } from './board-tally.js';
import type { CaseResult } from './case-result.js';
import { mergedDiagnosticsSection } from './diagnostics-metrics.js';
import type { JournalHeader } from './journal.js';
import { journalDifferences } from './journal-listener.js';
import type { ConfigReport, RunReport, RunShard } from './run-report.js';
import { RunnerError } from './runner-error.js';
import { shardOfCase, shardText } from './shard.js';
import { taskKey, taskKeysDigest } from './task-list.js';

/** One shard's report and where it came from (a file name), for messages. */
export interface ShardInput {
  readonly source: string;
  readonly report: RunReport;
}

type Sharded = ShardInput & { readonly shard: RunShard };

function named(part: Sharded): string {
  return `shard ${shardText(part.shard)} (${part.source})`;
}

function mismatch(message: string): RunnerError {
  return new RunnerError('SHARD_MISMATCH', message);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The shards as a set: every one a shard report, all of one count n, each index 1..n
 * exactly once. Every problem is listed (a missing shard, one given twice, another count).
 */
function assertShardSet(parts: readonly ShardInput[]): Sharded[] {
  if (parts.length === 0) throw mismatch('no shard reports to merge');
  const sharded = parts.map((part) => {
    if (part.report.shard === undefined) {
      throw new RunnerError(
        'INVALID_SHARD',
        `${part.source} is the report of a whole run, not of a shard (made without --shard i/n); there is nothing to merge it with`,
      );
    }
    return { ...part, shard: part.report.shard };
  });
  const first = sharded[0] as Sharded;
  const counts = new Set(sharded.map((p) => p.shard.count));
  if (counts.size > 1) {
    throw mismatch(
      `the shards split the run into different numbers of shards: ${sharded.map(named).join(', ')}`,
    );
  }
  const n = first.shard.count;
  const problems: string[] = [];
  for (let index = 1; index <= n; index++) {
    const given = sharded.filter((p) => p.shard.index === index);
    if (given.length === 0) problems.push(`shard ${index}/${n} is missing`);
    if (given.length > 1) {
      problems.push(
        `shard ${index}/${n} is given ${given.length} times (${given.map((p) => p.source).join(', ')})`,
      );
    }
  }
  if (problems.length > 0) {
    throw mismatch(
      `the shards do not make the whole run, which has ${n} shard(s): ${problems.join('; ')}`,
    );
  }
  return [...sharded].sort((a, b) => a.shard.index - b.shard.index);
}

/** What must be the same in every shard: everything but the shard and its own task digest. */
function runIdentity(part: Sharded): JournalHeader {
  const { shard: _own, ...rest } = part.shard.identity;
  return { ...rest, tasks_digest: part.shard.runTasksDigest };
}

/** Every way a shard differs from the first one, listed with both shards named. */
function assertSameRun(parts: readonly Sharded[]): void {
  const first = parts[0] as Sharded;
  const problems: string[] = [];
  for (const part of parts.slice(1)) {
    const labels = { before: `in ${named(first)}`, now: `in ${named(part)}` };
    const differences = journalDifferences(runIdentity(first), runIdentity(part), labels);
    const field = (what: string, a: unknown, b: unknown) => {
      if (!same(a, b)) {
        differences.push(
          `${what}: ${JSON.stringify(a)} ${labels.before}, ${JSON.stringify(b)} ${labels.now}`,
        );
      }
    };
    const a = first.report;
    const b = part.report;
    field('suite', a.dataset, b.dataset);
    field('database', a.database, b.database);
    field('settings (roles, curated, passes, cost cap, retrieval)', a.settings, b.settings);
    field('case runs of the whole run', first.shard.runPlannedCases, part.shard.runPlannedCases);
    // The engine as it described itself; why a description was unavailable may differ.
    const boards = (r: RunReport) =>
      r.configs.map((c) => [
        c.config,
        c.kind,
        {
          name: c.engine.name,
          version: c.engine.version,
          models: c.engine.models,
          url: c.engine.url,
        },
      ]);
    field('configs (name, models, kind, engine)', boards(a), boards(b));
    if (differences.length > 0) {
      problems.push(`${named(part)} is not of the same run as ${named(first)}:`, ...differences);
    }
  }
  if (problems.length > 0) throw mismatch(problems.join('\n  '));
}

/**
 * A stopped shard (its share of the cap, a cancel) is refused: a whole run stopped by its
 * cap stops in task order, and the shards' partial runs are not that run.
 */
function assertFinished(parts: readonly Sharded[]): void {
  const stopped = parts.filter(
    (p) => p.report.stopped !== null || p.report.completedCases !== p.report.plannedCases,
  );
  if (stopped.length === 0) return;
  const lines = stopped.map((p) => {
    const cap = p.shard.maxCostUsd === null ? '' : ` (its cap $${p.shard.maxCostUsd})`;
    return `${named(p)} stopped${p.report.stopped ? ` (${p.report.stopped})` : ''}${cap} after ${p.report.completedCases} of ${p.report.plannedCases} case runs`;
  });
  throw mismatch(
    `a stopped shard cannot be merged: ${lines.join('; ')}. Finish it first: eval run --shard i/n with the same --journal and --resume (and a higher --shard-max-cost when the cap stopped it)`,
  );
}

/** Every case run is of a case that hashes to its shard, and its shard says where the case goes. */
function assertMembership(parts: readonly Sharded[]): void {
  for (const part of parts) {
    const { index, count } = part.shard;
    for (const board of part.report.configs) {
      for (const result of board.cases) {
        const home = shardOfCase(result.caseId, count);
        if (home !== index) {
          throw mismatch(
            `${named(part)} holds case ${result.caseId} (config ${board.config.name}), which belongs to shard ${home}/${count}`,
          );
        }
        if (part.shard.casePositions[result.caseId] === undefined) {
          throw mismatch(`${named(part)} holds case ${result.caseId} without its suite position`);
        }
      }
    }
  }
}

interface Placed {
  readonly result: CaseResult;
  readonly position: number;
  /** Its place among its shard's case runs of the config (the shard's task order). */
  readonly local: number;
}

/**
 * Each config's case runs of every shard in the whole run's task order: by pass, then the
 * case's position in the suite, then the order the shard ran the case's roles in (all of a
 * case's runs are in one shard).
 */
function mergedCases(parts: readonly Sharded[], configIndex: number): CaseResult[] {
  const placed: Placed[] = [];
  for (const part of parts) {
    const board = part.report.configs[configIndex] as ConfigReport;
    board.cases.forEach((result, local) => {
      placed.push({ result, position: part.shard.casePositions[result.caseId] as number, local });
    });
  }
  placed.sort(
    (a, b) => a.result.pass - b.result.pass || a.position - b.position || a.local - b.local,
  );
  return placed.map((p) => p.result);
}

/** The whole run's task keys in its order: pass, then config, then the config's cases. */
function* runTaskKeys(configs: readonly ConfigReport[], passes: number): Generator<string> {
  for (let pass = 1; pass <= passes; pass++) {
    for (const board of configs) {
      for (const result of board.cases) {
        if (result.pass === pass) yield taskKey(board.config.name, result);
      }
    }
  }
}

/**
 * The report of a whole run from the reports of its shards (`nl2sql eval merge`): the same
 * boards, case runs and settings an unsharded run with the same answers would report.
 *
 * Refused with SHARD_MISMATCH, naming the shards: a shard missing or given twice, shards of
 * different counts, of different runs (suite digest, engines, database data, scoring
 * options, settings, configs), a stopped shard, a case run in the wrong shard, and case runs
 * that together are not the run's task list (checked against the run's task digest each
 * shard carries). A report of a whole run is INVALID_SHARD.
 *
 * Dollars are summed over the shards; the run's wall time is the longest shard's (they ran
 * side by side), the other times are summed; it started when the first shard did.
 */
export function mergeShards(parts: readonly ShardInput[]): RunReport {
  const shards = assertShardSet(parts);
  assertSameRun(shards);
  assertFinished(shards);
  assertMembership(shards);
  const first = shards[0] as Sharded;
  const head = first.report;
  const planned = shards.reduce((n, p) => n + p.report.plannedCases, 0);
  if (planned !== first.shard.runPlannedCases) {
    throw mismatch(
      `the shards plan ${planned} case runs together, the run ${first.shard.runPlannedCases}`,
    );
  }
  const scorers = first.shard.identity.options.scorers;
  const options = {
    retrieval: head.mode === 'retrieval',
    passes: head.settings.passes,
    curated: head.settings.curated,
    faithfulness: Array.isArray(scorers) && scorers.includes('faithfulness'),
  };
  const configs: ConfigReport[] = head.configs.map((board, i) => {
    const cases = mergedCases(shards, i);
    const tally = BoardTally.over(cases, options);
    // Billed call by call in some shard: the board's total is every shard's billed dollars.
    const boards = shards.map((p) => p.report.configs[i] as ConfigReport);
    const billed = boards.some(
      (b) => 'dollars' in b.metrics && b.metrics.dollars.unfinished !== undefined,
    )
      ? boards.reduce((sum, b) => sum + ('dollars' in b.metrics ? b.metrics.dollars.total : 0), 0)
      : undefined;
    return {
      config: board.config,
      kind: board.kind,
      engine: board.engine,
      rows: board.rows,
      plannedCases: boards.reduce((n, b) => n + b.plannedCases, 0),
      completedCases: cases.length,
      metrics: options.retrieval
        ? tally.metrics()
        : {
            ...tally.runMetrics(billed),
            ...mergedDiagnosticsSection(
              cases,
              boards.map((b) => ('diagnostics' in b.metrics ? b.metrics.diagnostics : undefined)),
            ),
          },
      cases,
    };
  });
  const digest = taskKeysDigest(runTaskKeys(configs, head.settings.passes));
  if (digest !== first.shard.runTasksDigest) {
    throw mismatch(
      `the shards' case runs are not the run's task list (every case, role, pass and config once): their digest is ${digest}, the run's ${first.shard.runTasksDigest}`,
    );
  }
  const sum = (pick: (r: RunReport) => number) => shards.reduce((s, p) => s + pick(p.report), 0);
  return {
    mode: head.mode,
    dataset: head.dataset,
    database: head.database,
    settings: head.settings,
    plannedCases: planned,
    completedCases: sum((r) => r.completedCases),
    stopped: null,
    dollars: sum((r) => r.dollars),
    startedAt: shards.map((p) => p.report.startedAt).sort()[0] as string,
    timings: {
      wallMs: Math.max(...shards.map((p) => p.report.timings.wallMs)),
      engineMs: sum((r) => r.timings.engineMs),
      databaseMs: sum((r) => r.timings.databaseMs),
      scoringMs: sum((r) => r.timings.scoringMs),
      queuedMs: sum((r) => r.timings.queuedMs),
    },
    configs,
  };
}
