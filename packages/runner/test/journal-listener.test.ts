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

const run: JournalRun = {
  mode: 'plans',
  suiteDigest: 'd',
  configs: ['plans'],
  tasksDigest: 't',
  engines: {
    plans: { name: '@nl2sql/engine', version: '1.0.0', models: null, url: null },
  },
  database: {
    datasource_id: 'chinook',
    schema_fingerprint: 'f',
    data_digest: 'data-1',
    row_counts: { Artist: 275, Invoice: 412 },
  },
  options: { passes: 1, curated: false, ask_timeout_ms: 120_000 },
};

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
    billed: {},
    notices: [],
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
    const listen = journalListener(path, false, run);
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
    const first = journalListener(path, false, run);
    first(started());
    const a = caseResultOf('a', { costUsd: 0.25, status: 'fail', lenientStatus: 'fail' });
    first(finished(a));
    // A line for a task the run no longer has, and a duplicate: both ignored on resume.
    first(finished(caseResultOf('zz')));
    first(finished(caseResultOf('a', { status: 'pass' })));
    const resumed = resumeJournal(path, run, tasks as never);
    expect(resumed).toEqual({ cases: [{ config: 'plans', result: a }], billed: {} });
    const second = journalListener(path, true, run);
    second(started(resumed.cases));
    second(finished(caseResultOf('b')));
    expect(readJournal(path)?.entries.map((e) => e.record.case_id)).toEqual(['a', 'zz', 'a', 'b']);
  });

  it('a journal of another run, or of format 1, is JOURNAL_MISMATCH; no journal resumes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    expect(resumeJournal(join(dir, 'none.jsonl'), run, [])).toEqual({ cases: [], billed: {} });
    const path = join(dir, 'run.jsonl');
    journalListener(path, false, run)(started());
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
    expect(() => resumeJournal(old, run, [])).toThrow(/is of format 1, this runner writes 3/);
  });

  it('a resume against another engine, changed data or changed options names every difference', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'run.jsonl');
    journalListener(path, false, run)(started());
    const other: JournalRun = {
      ...run,
      engines: {
        plans: { name: 'acme', version: '2', models: null, url: 'http://b.example:8080' },
      },
      database: {
        ...run.database,
        data_digest: 'data-2',
        row_counts: { Artist: 275, Invoice: 413 },
      },
      options: { ...run.options, ask_timeout_ms: 5_000 },
    };
    let message = '';
    try {
      resumeJournal(path, other, []);
    } catch (error) {
      message = (error as Error).message;
      expect(error).toMatchObject({ code: 'JOURNAL_MISMATCH' });
    }
    expect(message).toContain(
      'engine of config plans: @nl2sql/engine 1.0.0 in the journal, acme 2 at http://b.example:8080 now',
    );
    expect(message).toContain("the database's data changed (Invoice 412 -> 413 rows)");
    expect(message).toContain('option ask_timeout_ms: 120000 in the journal, 5000 now');
    const sameCounts: JournalRun = { ...run, database: { ...run.database, data_digest: 'data-3' } };
    expect(() => resumeJournal(path, sameCounts, [])).toThrow(
      /data changed \(same row counts, different content\)/,
    );
    expect(resumeJournal(path, run, [])).toEqual({ cases: [], billed: {} });
  });

  it('writes every billed call, and a resume adds up what the journal billed by config', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'run.jsonl');
    const listen = journalListener(path, false, run);
    listen(started());
    const usage = {
      node: 'planner',
      provider: 'openai',
      model: 'gpt-5.4',
      input: 100,
      cached: 10,
      cacheWrite: 0,
      output: 20,
      reasoning: 5,
    };
    for (const [caseId, costUsd] of [
      ['a', 0.5],
      [null, 0.25],
    ] as const) {
      listen({
        type: 'call.billed',
        config: 'plans',
        caseId,
        role: null,
        pass: caseId === null ? null : 1,
        usage,
        costUsd,
        dollars: 0,
      });
    }
    expect(readJournal(path)?.calls).toEqual([
      expect.objectContaining({
        type: 'call',
        case_id: 'a',
        node: 'planner',
        input: 100,
        cost_usd: 0.5,
      }),
      expect.objectContaining({ type: 'call', case_id: null, cost_usd: 0.25 }),
    ]);
    expect(resumeJournal(path, run, []).billed).toEqual({ plans: 0.75 });
  });
});
