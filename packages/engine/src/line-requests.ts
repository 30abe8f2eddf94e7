// Request correlation for a process engine: each request gets the next id, is written as one
// line, and waits for the reply line naming that id, its time limit or its caller's abort,
// whichever comes first; it is settled once. Replies may come in any order. A reply to an id
// that was sent but already settled (timed out, cancelled) is dropped; a line naming an id
// never sent to that process, or none, means the stream cannot be trusted, and is returned
// to ProcessEngine as a protocol failure (it ends the process).

import type { EngineChild } from './engine-child.js';
import type { ErrorCode } from './error-codes.js';
import { lineExcerpt } from './line-excerpt.js';
import {
  encodeLineRequest,
  type LineMethod,
  type LineReply,
  type LineRequest,
  leadingId,
  readReplyLine,
} from './line-protocol.js';

/** What a request came to: the reply and how long it took, or a failure with its code. */
export type Outcome =
  | { ok: true; reply: LineReply; ms: number }
  | { ok: false; code: ErrorCode; message: string };

interface Pending {
  child: EngineChild;
  method: LineMethod;
  sentAt: number;
  settle(outcome: Outcome): void;
}

export class LineRequests {
  readonly #label: string;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();

  /** `label` names the engine in every message (`process engine "python3 engine.py"`). */
  constructor(label: string) {
    this.#label = label;
  }

  /** The id the next request gets: a process started now has it as its first. */
  get nextId(): number {
    return this.#nextId;
  }

  /** Sends one request to `child` and waits for what it comes to; never rejects. */
  send(
    child: EngineChild,
    method: LineMethod,
    params: object,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<Outcome> {
    const id = this.#nextId++;
    const what = `${this.#label}: ${method} #${id}`;
    return new Promise<Outcome>((resolve) => {
      const settle = (outcome: Outcome) => {
        if (!this.#pending.delete(id)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.#hold(child);
        resolve(outcome);
      };
      const onAbort = () => settle({ ok: false, code: 'CANCELLED', message: `${what}: cancelled` });
      const timer = setTimeout(
        () =>
          settle({
            ok: false,
            code: 'TIMEOUT',
            message: `${what}: no answer within ${timeoutMs} ms`,
          }),
        timeoutMs,
      );
      const sentAt = performance.now();
      this.#pending.set(id, { child, method, sentAt, settle });
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#hold(child);
      const request = { id, method, params } as LineRequest;
      if (!child.process.write(encodeLineRequest(request))) {
        settle({
          ok: false,
          code: 'TRANSPORT_ERROR',
          message: `${what}: not sent, the process is ending`,
        });
      }
    });
  }

  /**
   * Fails every request in flight on `child` (on every process when undefined) with `code`
   * and the message `say` gives for its method. Returns how many there were.
   */
  failAll(
    child: EngineChild | undefined,
    code: ErrorCode,
    say: (method: LineMethod) => string,
  ): number {
    let failed = 0;
    for (const pending of [...this.#pending.values()]) {
      if (child !== undefined && pending.child !== child) continue;
      failed++;
      pending.settle({ ok: false, code, message: say(pending.method) });
    }
    return failed;
  }

  /**
   * A line `child` wrote on stdout: it settles the request it answers. Returns why it is a
   * protocol failure when it answers no request sent to this process.
   */
  onLine(child: EngineChild, line: string): string | undefined {
    if (line.trim() === '') return undefined;
    const read = readReplyLine(line);
    if (read.kind === 'reply') {
      const pending = this.#pendingOf(child, read.reply.id);
      if (pending) {
        pending.settle({ ok: true, reply: read.reply, ms: performance.now() - pending.sentAt });
        return undefined;
      }
      if (this.#sentTo(child, read.reply.id)) return undefined;
      return `replied to request #${read.reply.id}, which it was never sent`;
    }
    if (read.id !== undefined) {
      const pending = this.#pendingOf(child, read.id);
      if (pending) {
        pending.settle({
          ok: false,
          code: 'BAD_RESPONSE',
          message: `${this.#label}: reply to ${pending.method} #${read.id} is ${read.why}`,
        });
        return undefined;
      }
      if (this.#sentTo(child, read.id)) return undefined;
    }
    return `wrote ${read.why} on stdout`;
  }

  /**
   * A stdout line over `maxReplyBytes`, known by its first bytes: the request it surely
   * answers fails with BAD_RESPONSE. Returns why it is a protocol failure when it cannot be
   * attributed to a request sent to this process.
   */
  onOverflow(
    child: EngineChild,
    prefix: string,
    bytes: number,
    maxReplyBytes: number,
  ): string | undefined {
    const over = `${bytes} bytes, over maxReplyBytes (${maxReplyBytes}); not read`;
    const id = leadingId(prefix);
    const pending = id === undefined ? undefined : this.#pendingOf(child, id);
    if (pending) {
      pending.settle({
        ok: false,
        code: 'BAD_RESPONSE',
        message: `${this.#label}: reply to ${pending.method} #${id} is ${over}`,
      });
      return undefined;
    }
    if (id !== undefined && this.#sentTo(child, id)) return undefined;
    return `wrote a line of ${over}, and it does not start with the id of a request ("${lineExcerpt(prefix.slice(0, 80))}")`;
  }

  /** A child holds the event loop open only while a reply from it is awaited. */
  #hold(child: EngineChild): void {
    let waiting = false;
    for (const pending of this.#pending.values()) if (pending.child === child) waiting = true;
    child.process.hold(waiting);
  }

  #pendingOf(child: EngineChild, id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    return pending?.child === child ? pending : undefined;
  }

  /** Whether `id` was sent to this process (a reply to it after a timeout is dropped). */
  #sentTo(child: EngineChild, id: number): boolean {
    return id >= child.firstId && id < this.#nextId;
  }
}
