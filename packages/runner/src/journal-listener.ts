import type { Mode } from '@nl2sql/records';
import { fromCaseRunRecord } from './case-run-record.js';
import {
  JOURNAL_FORMAT,
  Journal,
  type JournalDatabase,
  type JournalEngine,
  type JournalHeader,
  readJournal,
} from './journal.js';
import type { FinishedCase, RunEventListener } from './run-event.js';
import { RunnerError } from './runner-error.js';
import { type Shard, shardText } from './shard.js';
import { type CaseTask, taskKey } from './task-list.js';

/** What identifies a run to its journal: a resume must be the same run in every one. */
export interface JournalRun {
  readonly mode: Mode;
  readonly suiteDigest: string;
  readonly configs: readonly string[];
  readonly tasksDigest: string;
  /** Each config's engine (name, version, models, URL without credentials). */
  readonly engines: Readonly<Record<string, JournalEngine>>;
  /** The database, down to a digest of its data. */
  readonly database: JournalDatabase;
  /** The options that change a case run's score. */
  readonly options: Readonly<Record<string, unknown>>;
  /** The shard this run is (`--shard i/n`), or null (or absent) for a whole run. */
  readonly shard?: Shard | null;
}

/** The header a run's journal starts with. */
export function journalHeader(run: JournalRun): JournalHeader {
  return {
    type: 'header',
    format: JOURNAL_FORMAT,
    mode: run.mode,
    suite_digest: run.suiteDigest,
    configs: run.configs,
    tasks_digest: run.tasksDigest,
    engines: run.engines,
    database: run.database,
    options: run.options,
    // Written for a shard only, so a whole run's header reads as it always has.
    ...(run.shard ? { shard: { index: run.shard.index, count: run.shard.count } } : {}),
  };
}

function shardName(shard: Shard | null | undefined): string {
  return shard ? `shard ${shardText(shard)}` : 'the whole run';
}

/** The journal as a listener, with the file's close for when the run ends early. */
export interface JournalListener extends RunEventListener {
  /** Closes the journal file (done by run.finished; runEval calls it when a run fails). */
  close(): void;
}

/**
 * The journal as a listener: on run.started it opens the file (a fresh one with the run's
 * header, or on resume the existing one), every case.finished appends one line and every
 * call.billed one line, so a kill loses neither finished work nor the record of money spent;
 * run.finished closes it. A line that cannot be written (JOURNAL_WRITE: a full disk) ends the
 * journal on its last whole line; `onFailure` gets the one-line message, once, and the run
 * goes on without the journal.
 */
export function journalListener(
  path: string,
  resume: boolean,
  run: JournalRun,
  onFailure: (message: string) => void = () => {},
): JournalListener {
  let journal: Journal | null = null;
  let failed = false;
  /** One write to the journal; the first that fails ends it (the file was cut back already). */
  const write = (what: () => void) => {
    if (failed) return;
    try {
      what();
    } catch (error) {
      if (!(error instanceof RunnerError) || error.code !== 'JOURNAL_WRITE') throw error;
      failed = true;
      journal = null;
      onFailure(error.message);
    }
  };
  const listener: RunEventListener = (event) => {
    if (event.type === 'run.started') {
      write(() => {
        journal = new Journal(path, journalHeader(run), resume);
      });
    } else if (event.type === 'case.finished') {
      write(() => journal?.append(event.config, event.result));
    } else if (event.type === 'call.billed') {
      const { usage } = event;
      write(() =>
        journal?.appendCall({
          type: 'call',
          config: event.config,
          case_id: event.caseId,
          role: event.role,
          pass: event.pass,
          node: usage.node,
          model: usage.model,
          input: usage.input,
          cached_input: usage.cached,
          cache_write: usage.cacheWrite,
          output: usage.output,
          reasoning: usage.reasoning,
          cost_usd: event.costUsd,
        }),
      );
    } else if (event.type === 'run.finished') {
      journal?.close();
    }
  };
  return Object.assign(listener, { close: () => (journal as Journal | null)?.close() });
}

/** What a journal holds for a resume: its finished case runs and the dollars it billed. */
export interface ResumedRun {
  /** Finished case runs, in the order written (each task once). */
  readonly cases: readonly FinishedCase[];
  /** Dollars of the LLM calls it billed one by one, by config (every call, finished or not). */
  readonly billed: Readonly<Record<string, number>>;
  /** What the user should know: a last line cut short (a kill, a full disk) was dropped. */
  readonly notices?: readonly string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function engineText(e: JournalEngine | undefined): string {
  if (e === undefined) return 'none';
  return `${e.name} ${e.version}${e.url ? ` at ${e.url}` : ''}${e.models ? ` (${Object.values(e.models).join(', ')})` : ''}`;
}

/** How journalDifferences names the two sides it compares. */
export interface DifferenceLabels {
  /** Default `in the journal`. */
  readonly before: string;
  /** Default `now`. */
  readonly now: string;
}

/**
 * Every way the journal's run differs from this one, in words; empty when they match.
 * `labels` name the sides (a merge compares two shards rather than a journal and a run).
 */
export function journalDifferences(
  before: JournalHeader,
  now: JournalHeader,
  labels: DifferenceLabels = { before: 'in the journal', now: 'now' },
): string[] {
  const out: string[] = [];
  const was = labels.before;
  const is = labels.now;
  const field = (what: string, a: unknown, b: unknown) => {
    if (!same(a, b)) out.push(`${what}: ${JSON.stringify(a)} ${was}, ${JSON.stringify(b)} ${is}`);
  };
  field('mode', before.mode, now.mode);
  if (!same(before.shard ?? null, now.shard ?? null)) {
    out.push(`shard: ${shardName(before.shard)} ${was}, ${shardName(now.shard)} ${is}`);
  }
  field('suite digest', before.suite_digest, now.suite_digest);
  field('configs', before.configs, now.configs);
  field('task list (cases, roles, passes)', before.tasks_digest, now.tasks_digest);
  for (const config of new Set([...Object.keys(before.engines), ...Object.keys(now.engines)])) {
    const a = before.engines[config];
    const b = now.engines[config];
    if (!same(a, b)) {
      out.push(`engine of config ${config}: ${engineText(a)} ${was}, ${engineText(b)} ${is}`);
    }
  }
  field('datasource', before.database.datasource_id, now.database.datasource_id);
  field('schema fingerprint', before.database.schema_fingerprint, now.database.schema_fingerprint);
  if (before.database.data_digest !== now.database.data_digest) {
    const a = before.database.row_counts ?? {};
    const b = now.database.row_counts ?? {};
    const tables = [...new Set([...Object.keys(a), ...Object.keys(b)])]
      .filter((t) => a[t] !== b[t])
      .map((t) => `${t} ${a[t] ?? 'absent'} -> ${b[t] ?? 'absent'} rows`);
    const verb = labels.before === 'in the journal' ? 'changed' : `differs (${was} -> ${is})`;
    out.push(
      `the database's data ${verb}${tables.length > 0 ? ` (${tables.join(', ')})` : ' (same row counts, different content)'}`,
    );
  }
  for (const key of new Set([...Object.keys(before.options), ...Object.keys(now.options)])) {
    field(`option ${key}`, before.options[key], now.options[key]);
  }
  return out;
}

/**
 * What a journal holds for this run. No file, or an empty one, is nothing to resume. A
 * journal of another format, or of another run (mode, suite, configs, task list, an engine,
 * the database or its data, an option that changes scores), is JOURNAL_MISMATCH listing
 * every difference.
 */
export function resumeJournal(
  path: string,
  run: JournalRun,
  tasks: readonly CaseTask[],
): ResumedRun {
  const expected = journalHeader(run);
  const previous = readJournal(path);
  if (previous === null) return { cases: [], billed: {} };
  const h = previous.header;
  if (h.format !== expected.format) {
    throw new RunnerError(
      'JOURNAL_MISMATCH',
      `journal ${path} is of format ${String(h.format)}, this runner writes ${expected.format}; run again without resume to start over`,
    );
  }
  const differences = journalDifferences(h, expected);
  if (differences.length > 0) {
    throw new RunnerError(
      'JOURNAL_MISMATCH',
      `journal ${path} belongs to another run; run again without resume to start over. What differs:\n${differences.map((d) => `  ${d}`).join('\n')}`,
    );
  }
  const keys = new Set(tasks.map((t) => t.key));
  const seen = new Set<string>();
  const cases: FinishedCase[] = [];
  for (const entry of previous.entries) {
    const result = fromCaseRunRecord(entry.record);
    const key = taskKey(entry.config, result);
    if (!keys.has(key) || seen.has(key)) continue;
    seen.add(key);
    cases.push({ config: entry.config, result });
  }
  const billed: Record<string, number> = {};
  for (const call of previous.calls)
    billed[call.config] = (billed[call.config] ?? 0) + call.cost_usd;
  if (previous.tornBytes === 0) return { cases, billed };
  const notice = `journal ${path}: its last line was cut short (${previous.tornBytes} bytes without a newline: a kill or a full disk) and is dropped; that case run runs again`;
  return { cases, billed, notices: [notice] };
}
