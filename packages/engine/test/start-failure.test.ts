import { describe, expect, it } from 'vitest';
import type { EngineChild } from '../src/engine-child.js';
import type { EngineProcess } from '../src/engine-process.js';
import type { Outcome } from '../src/line-requests.js';
import { startFailure } from '../src/start-failure.js';

const LABEL = 'process engine "python3 engine.py"';
const context = { closing: false, startTimeoutMs: 500 };

function child(lost?: EngineChild['lost']): EngineChild {
  return { process: {} as EngineProcess, firstId: 1, started: false, ...(lost ? { lost } : {}) };
}

const lostOutcome: Outcome = { ok: false, code: 'TRANSPORT_ERROR', message: 'lost' };

describe('startFailure', () => {
  it('says the engine was closed while starting, whatever else happened', () => {
    const spawnLost = child({ reason: 'spawn', why: 'could not be started: x', detail: '' });
    expect(startFailure(LABEL, spawnLost, lostOutcome, { ...context, closing: true })).toEqual({
      reason: 'closed',
      message: `${LABEL} was closed while starting`,
    });
  });

  it.each([
    [
      'spawn',
      { reason: 'spawn', why: 'could not be started: spawn python3 ENOENT', detail: '' },
      `${LABEL} could not be started: spawn python3 ENOENT`,
    ],
    [
      'protocol',
      { reason: 'protocol', why: 'wrote a line that is not JSON: "hi" on stdout', detail: '' },
      `${LABEL} wrote a line that is not JSON: "hi" on stdout before answering its first request (describe): stdout carries the protocol only, write logs to stderr`,
    ],
    [
      'exit',
      { reason: 'exit', why: 'exited with code 1', detail: ' (its last stderr line: "boom")' },
      `${LABEL} exited with code 1 before answering its first request (describe) (its last stderr line: "boom")`,
    ],
  ] as const)('names a lost process’s end: %s', (reason, lost, message) => {
    expect(startFailure(LABEL, child({ ...lost }), lostOutcome, context)).toEqual({
      reason,
      message,
    });
  });

  it('says the first request timed out with the time limit', () => {
    const timeout: Outcome = { ok: false, code: 'TIMEOUT', message: 'no answer' };
    expect(startFailure(LABEL, child(), timeout, context)).toEqual({
      reason: 'timeout',
      message: `${LABEL} did not answer its first request (describe) within 500 ms`,
    });
  });

  it('calls a wrong first reply a protocol failure, quoting the request’s failure', () => {
    const bad: Outcome = { ok: false, code: 'BAD_RESPONSE', message: 'reply to describe #1 is x' };
    expect(startFailure(LABEL, child(), bad, context)).toEqual({
      reason: 'protocol',
      message: `${LABEL}: reply to describe #1 is x`,
    });
  });
});
