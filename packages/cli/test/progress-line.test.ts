import type { CaseResult, RunEvent } from '@nl2sql/runner';
import { describe, expect, test } from 'vitest';
import { progressListener } from '../src/eval/progress-line.js';
import { captureIo } from './io-capture.js';

const result: CaseResult = {
  caseId: 'chinook_007',
  role: 'sales',
  pass: 2,
  status: 'fail',
  lenientStatus: 'fail',
  generatedStatus: null,
  expected: 'allowed',
  engineStatus: 'success',
  error: null,
  sql: null,
  rowsDigest: null,
  rowCount: null,
  costUsd: 0.5,
  latencyMs: 3,
  harnessMs: 1,
  tokens: { input: 0, cached: 0, cacheWrite: 0, output: 0, reasoning: 0 },
  curated: false,
  scores: {},
  explanation: 'FAIL strict',
  suspect: null,
  answer: null,
  resultHead: null,
  diagnostics: null,
  rowsCheck: null,
};

const started = (resumed: number): RunEvent => ({
  type: 'run.started',
  mode: 'plans',
  configs: ['plans'],
  dataset: { name: 'chinook.yaml', digest: 'd' },
  cases: [],
  plannedCases: 9,
  tasksDigest: 't',
  engines: {},
  billed: {},
  notices: [],
  resumed: Array.from({ length: resumed }, () => ({ config: 'plans', result })),
});

const finished: RunEvent = {
  type: 'case.finished',
  config: 'plans',
  result,
  timings: { engineMs: 1, databaseMs: 0, scoringMs: 0, queuedMs: 0 },
  completedCases: 5,
  plannedCases: 9,
  passedCases: 4,
  dollars: 1.25,
};

describe('progressListener', () => {
  test('off a terminal: one plain line per finished case run on stderr, nothing on stdout', () => {
    const c = captureIo();
    const listen = progressListener(c.io);
    listen(started(4));
    listen(finished);
    listen.done();
    expect(c.err()).toBe(
      'resuming: 4 of 9 case runs already in the journal\n[5/9] plans chinook_007 sales pass 2 fail',
    );
    expect(c.out()).toBe('');
  });

  test('on a terminal: the live line shows the pass rate and dollars, cleared when done', () => {
    const lines: string[] = [];
    const c = captureIo({ isTty: true, status: (text) => lines.push(text) });
    const listen = progressListener(c.io);
    listen(started(0));
    listen(finished);
    listen.done();
    expect(lines).toEqual(['[5/9] 80.0% passed, $1.2500  chinook_007', '']);
    expect(c.err()).toBe('');
    expect(c.out()).toBe('');
  });

  test('a live line needs a terminal on stderr, whatever stdout is', () => {
    const lines: string[] = [];
    const c = captureIo({ isTty: false, status: (text) => lines.push(text) });
    const listen = progressListener(c.io);
    listen(finished);
    expect(lines).toEqual(['[5/9] 80.0% passed, $1.2500  chinook_007']);
    expect(c.out()).toBe('');
  });
});
