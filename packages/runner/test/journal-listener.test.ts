import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type CaseResult,
  type FinishedCase,
  type JournalRun,
  journalHeader,
  journalListener,
  type RunEvent,
  readJournal,
  resumeJournal,
  taskKey,
} from '../src/index.js';
import { caseResultOf } from './case-result-fixture.js';

const run: JournalRun = { mode: 'plans', suiteDigest: 'd', configs: ['plans'], tasksDigest: 't' };

function started(resumed: readonly FinishedCase[] = []): RunEvent {
  return {
    type: 'run.started',
    mode: 'plans',
    configs: ['plans'],
    dataset: { name: 'mini.yaml', digest: 'd' },
    cases: [],
    plannedCases: 3,
    tasksDigest: 't',
    engines: {},
    resumed,
  };
}

function finished(result: CaseResult): RunEvent {
  return {
    type: 'case.finished',
    config: 'plans',
    result,
    timings: { engineMs: 1, databaseMs: 0, scoringMs: 0, queuedMs: 0 },
    completedCases: 1,
    plannedCases: 3,
    passedCases: 1,
    dollars: 0,
  };
}

const tasks = ['a', 'b', 'c'].map((id, order) => ({
  key: taskKey('plans', { caseId: id, role: null, pass: 1 }),
  order,
}));

describe('journalListener', () => {
  it('writes the header on run.started and one line per case.finished, nothing else', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'sub', 'run.jsonl');
    const listen = journalListener(path, false);
    listen(started());
    listen({
      type: 'case.started',
      config: 'plans',
      caseId: 'a',
      question: 'q',
      role: null,
      pass: 1,
    });
    listen(finished(caseResultOf('a')));
    listen({
      type: 'run.stopped',
      reason: 'cancelled',
      completedCases: 1,
      plannedCases: 3,
      dollars: 0,
    });
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0] ?? '')).toEqual(journalHeader(run));
    expect(readJournal(path)?.entries.map((e) => e.record.case_id)).toEqual(['a']);
  });

  it('on resume appends to the journal, and resumeJournal reads back what it holds for this run', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'run.jsonl');
    const first = journalListener(path, false);
    first(started());
    const a = caseResultOf('a', { costUsd: 0.25, status: 'fail', lenientStatus: 'fail' });
    first(finished(a));
    // A line for a task the run no longer has, and a duplicate: both ignored on resume.
    first(finished(caseResultOf('zz')));
    first(finished(caseResultOf('a', { status: 'pass' })));
    const resumed = resumeJournal(path, run, tasks as never);
    expect(resumed).toEqual([{ config: 'plans', result: a }]);
    const second = journalListener(path, true);
    second(started(resumed));
    second(finished(caseResultOf('b')));
    expect(readJournal(path)?.entries.map((e) => e.record.case_id)).toEqual(['a', 'zz', 'a', 'b']);
  });

  it('a journal of another run, or of format 1, is JOURNAL_MISMATCH; no journal resumes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    expect(resumeJournal(join(dir, 'none.jsonl'), run, [])).toEqual([]);
    const path = join(dir, 'run.jsonl');
    journalListener(path, false)(started());
    expect(() => resumeJournal(path, { ...run, tasksDigest: 'other' }, [])).toThrow(
      expect.objectContaining({ code: 'JOURNAL_MISMATCH' }),
    );
    expect(() => resumeJournal(path, { ...run, configs: ['x'] }, [])).toThrow(
      expect.objectContaining({ code: 'JOURNAL_MISMATCH' }),
    );
    const old = join(dir, 'old.jsonl');
    const v1 = {
      type: 'header',
      format: 1,
      mode: 'plans',
      suite_digest: 'd',
      configs: ['plans'],
      plan: 't',
    };
    writeFileSync(old, `${JSON.stringify(v1)}\n`);
    expect(() => resumeJournal(old, run, [])).toThrow(/journal format 1/);
  });
});
