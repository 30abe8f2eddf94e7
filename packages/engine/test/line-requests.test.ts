// Request correlation on its own, with the process replaced by a recorder of what is written
// (the real child and its pipes are process-engine.test.ts's): which reply settles which
// request, what is dropped, and what is a protocol failure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineChild } from '../src/engine-child.js';
import type { EngineProcess } from '../src/engine-process.js';
import { LineRequests, type Outcome } from '../src/line-requests.js';

const LABEL = 'process engine "test"';

/** A child whose stdin is a list of lines; `open: false` is a process that is ending. */
function recordingChild(firstId: number, open = true) {
  const written: Array<{ id: number; method: string; params: unknown }> = [];
  const holds: boolean[] = [];
  const process = {
    write(line: string) {
      if (!open) return false;
      written.push(JSON.parse(line));
      return true;
    },
    hold(held: boolean) {
      holds.push(held);
    },
  };
  const child: EngineChild = {
    process: process as unknown as EngineProcess,
    firstId,
    started: true,
  };
  return { child, written, holds };
}

const reply = (id: number, result: unknown) => JSON.stringify({ id, result });

describe('LineRequests', () => {
  it('settles each request with the reply naming its id, whatever order the replies come in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 12 })
          .chain((n) =>
            fc.tuple(fc.constant(n), fc.shuffledSubarray([...Array(n).keys()], { minLength: n })),
          ),
        async ([n, order]) => {
          const requests = new LineRequests(LABEL);
          const { child, written, holds } = recordingChild(requests.nextId);
          const outcomes = Array.from({ length: n }, (_, i) =>
            requests.send(child, 'ask', { question: `q${i}`, role: 'r' }, 60_000, undefined),
          );
          expect(written.map((w) => w.id)).toEqual(written.map((_, i) => i + 1));
          for (const i of order) {
            const sent = written[i] as { id: number; params: { question: string } };
            expect(requests.onLine(child, reply(sent.id, sent.params.question))).toBeUndefined();
          }
          const settled = await Promise.all(outcomes);
          settled.forEach((outcome, i) => {
            expect(outcome.ok).toBe(true);
            expect(outcome.ok && 'result' in outcome.reply && outcome.reply.result).toBe(`q${i}`);
          });
          // Nothing awaited any more: the child lets the event loop go.
          expect(holds.at(-1)).toBe(false);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('drops a late reply to a request that timed out, and does not call it a protocol failure', async () => {
    const requests = new LineRequests(LABEL);
    const { child } = recordingChild(requests.nextId);
    const outcome = await requests.send(child, 'ask', { question: 'q', role: 'r' }, 5, undefined);
    expect(outcome).toEqual({
      ok: false,
      code: 'TIMEOUT',
      message: `${LABEL}: ask #1: no answer within 5 ms`,
    });
    expect(requests.onLine(child, reply(1, {}))).toBeUndefined();
    expect(requests.onOverflow(child, '{"id": 1, "result": "', 99, 10)).toBeUndefined();
  });

  it('calls a reply to any id never sent to this process a protocol failure', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 4 }),
        fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 12, max: 10_000 })),
        (earlier, sent, offset) => {
          const requests = new LineRequests(LABEL);
          // Ids 1..earlier went to a previous process; this one got the next `sent`.
          const previous = recordingChild(requests.nextId);
          for (let i = 0; i < earlier; i++) {
            void requests.send(previous.child, 'describe', {}, 60_000, undefined);
          }
          const { child } = recordingChild(requests.nextId);
          for (let i = 0; i < sent; i++)
            void requests.send(child, 'describe', {}, 60_000, undefined);
          // An id below this process's first, or at or past the next to be sent.
          const id = offset <= 10 ? Math.max(1, child.firstId - offset) : requests.nextId + offset;
          if (id >= child.firstId && id < requests.nextId) return;
          expect(requests.onLine(child, reply(id, {}))).toBe(
            `replied to request #${id}, which it was never sent`,
          );
          requests.failAll(undefined, 'CANCELLED', () => 'test over');
        },
      ),
    );
  });

  it('fails the named request on a bad reply, and ends the stream on a line naming none', async () => {
    const requests = new LineRequests(LABEL);
    const { child } = recordingChild(requests.nextId);
    const asked = requests.send(child, 'retrieve', { question: 'q' }, 60_000, undefined);
    expect(requests.onLine(child, '{"id": 1, "result": 1, "extra": true}')).toBeUndefined();
    const outcome = await asked;
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.code).toBe('BAD_RESPONSE');
    expect(!outcome.ok && outcome.message).toMatch(
      /^process engine "test": reply to retrieve #1 is a line that is not a reply/,
    );
    expect(requests.onLine(child, 'Loading model...')).toBe(
      'wrote a line that is not JSON: "Loading model..." on stdout',
    );
    expect(requests.onLine(child, '   ')).toBeUndefined();
  });

  it('fails an over-long reply that starts with its id, and ends the stream on one that does not', async () => {
    const requests = new LineRequests(LABEL);
    const { child } = recordingChild(requests.nextId);
    const asked = requests.send(child, 'ask', { question: 'q', role: 'r' }, 60_000, undefined);
    expect(requests.onOverflow(child, '{"id": 1, "result": {"rows"', 2048, 1024)).toBeUndefined();
    expect(await asked).toEqual({
      ok: false,
      code: 'BAD_RESPONSE',
      message: `${LABEL}: reply to ask #1 is 2048 bytes, over maxReplyBytes (1024); not read`,
    });
    expect(requests.onOverflow(child, '{"result": {}, "id": 1}', 2048, 1024)).toMatch(
      /^wrote a line of 2048 bytes, over maxReplyBytes \(1024\); not read, and it does not start with the id of a request/,
    );
  });

  it('fails only the given process’s requests, with the message for each method', async () => {
    const requests = new LineRequests(LABEL);
    const first = recordingChild(requests.nextId);
    const lost = [
      requests.send(first.child, 'ask', { question: 'q', role: 'r' }, 60_000, undefined),
      requests.send(first.child, 'describe', {}, 60_000, undefined),
    ];
    const second = recordingChild(requests.nextId);
    const kept = requests.send(second.child, 'describe', {}, 60_000, undefined);
    expect(requests.failAll(first.child, 'TRANSPORT_ERROR', (m) => `${m} lost`)).toBe(2);
    expect(await Promise.all(lost)).toEqual([
      { ok: false, code: 'TRANSPORT_ERROR', message: 'ask lost' },
      { ok: false, code: 'TRANSPORT_ERROR', message: 'describe lost' },
    ]);
    expect(requests.onLine(second.child, reply(3, { name: 'e' }))).toBeUndefined();
    const outcome: Outcome = await kept;
    expect(outcome.ok).toBe(true);
  });

  it('cancels on the caller’s abort and fails a request the ending process cannot take', async () => {
    const requests = new LineRequests(LABEL);
    const { child, written } = recordingChild(requests.nextId);
    const aborted = new AbortController();
    aborted.abort();
    expect(
      await requests.send(child, 'ask', { question: 'q', role: 'r' }, 60_000, aborted.signal),
    ).toEqual({
      ok: false,
      code: 'CANCELLED',
      message: `${LABEL}: ask #1: cancelled`,
    });
    expect(written).toEqual([]);
    const later = new AbortController();
    const pending = requests.send(child, 'ask', { question: 'q', role: 'r' }, 60_000, later.signal);
    later.abort();
    expect(await pending).toMatchObject({ ok: false, code: 'CANCELLED' });
    const ending = recordingChild(requests.nextId, false);
    expect(await requests.send(ending.child, 'describe', {}, 60_000, undefined)).toEqual({
      ok: false,
      code: 'TRANSPORT_ERROR',
      message: `${LABEL}: describe #3: not sent, the process is ending`,
    });
  });
});
