import type { Mode } from '@nl2sql/gate';
import { fromCaseRunRecord } from './case-run-record.js';
import { Journal, type JournalHeader, readJournal } from './journal.js';
import type { FinishedCase, RunEventListener } from './run-event.js';
import { RunnerError } from './runner-error.js';
import { type CaseTask, taskKey } from './task-list.js';

/** What identifies a run to its journal. */
export interface JournalRun {
  readonly mode: Mode;
  readonly suiteDigest: string;
  readonly configs: readonly string[];
  readonly tasksDigest: string;
}

/** The header a run's journal starts with. */
export function journalHeader(run: JournalRun): JournalHeader {
  return {
    type: 'header',
    format: 2,
    mode: run.mode,
    suite_digest: run.suiteDigest,
    configs: run.configs,
    tasks_digest: run.tasksDigest,
  };
}

/**
 * The journal as a listener: on run.started it opens the file (a fresh one with its header,
 * or on resume the existing one), and every case.finished appends one line.
 */
export function journalListener(path: string, resume: boolean): RunEventListener {
  let journal: Journal | null = null;
  return (event) => {
    if (event.type === 'run.started') {
      const header = journalHeader({
        mode: event.mode,
        suiteDigest: event.dataset.digest,
        configs: event.configs,
        tasksDigest: event.tasksDigest,
      });
      journal = new Journal(path, header, resume);
    } else if (event.type === 'case.finished') {
      journal?.append(event.config, event.result);
    }
  };
}

/**
 * The case runs a journal already holds for this run, in the order written (each task
 * once). No file, or an empty one, is nothing to resume; a journal of another run (mode,
 * suite, configs or task list) or of an older format is JOURNAL_MISMATCH.
 */
export function resumeJournal(
  path: string,
  run: JournalRun,
  tasks: readonly CaseTask[],
): FinishedCase[] {
  const expected = journalHeader(run);
  const previous = readJournal(path);
  if (previous === null) return [];
  const h = previous.header;
  if (
    h.format !== expected.format ||
    h.mode !== expected.mode ||
    h.suite_digest !== expected.suite_digest ||
    h.tasks_digest !== expected.tasks_digest ||
    h.configs.join('\n') !== expected.configs.join('\n')
  ) {
    const which =
      h.format !== expected.format
        ? `journal format ${String(h.format)}, this runner writes ${expected.format}`
        : `mode ${h.mode}, configs ${h.configs.join(', ')}`;
    throw new RunnerError(
      'JOURNAL_MISMATCH',
      `journal ${path} belongs to another run (${which}); run again without resume to start over`,
    );
  }
  const keys = new Set(tasks.map((t) => t.key));
  const seen = new Set<string>();
  const resumed: FinishedCase[] = [];
  for (const entry of previous.entries) {
    const result = fromCaseRunRecord(entry.record);
    const key = taskKey(entry.config, result);
    if (!keys.has(key) || seen.has(key)) continue;
    seen.add(key);
    resumed.push({ config: entry.config, result });
  }
  return resumed;
}
