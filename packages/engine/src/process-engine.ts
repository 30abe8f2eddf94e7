// An Engine run as a long-lived child process speaking the protocol as JSON lines on
// stdin/stdout (line-protocol.ts): no port and no server, the easiest way to evaluate a
// system written in Python or anything else. Requests are sent as they come and matched to
// replies by id, so the engine may answer them concurrently and in any order.
//
// What can go wrong is an answer, never an exception from ask, as with HttpEngine:
// - no reply within askTimeoutMs -> TIMEOUT (a late reply is dropped);
// - a reply that is not JSON or not the protocol -> BAD_RESPONSE for the request it names;
//   a line that names no request sent (a print() on stdout) ends the process: the requests
//   in flight get BAD_RESPONSE;
// - the process ends (exit, signal) -> TRANSPORT_ERROR for the requests in flight.
// An unexpected end is followed by one restart per engine (an engine is built for one run);
// after a second one every request fails with TRANSPORT_ERROR. A command that cannot start
// (not found, exits at once, writes something else first) is a ProcessEngineError from
// start(), which the CLI reports in one line. See decisions/process-engine.md.

import { existsSync } from 'node:fs';
import { Redactor } from '@nl2sql/redact';
import {
  type AskRequest,
  type AskResponse,
  type Engine,
  type EngineDescription,
  type RetrieveRequest,
  type RetrieveResponse,
  UNKNOWN_ENGINE,
} from './engine.js';
import { EngineError } from './engine-error.js';
import { describeEnd, EngineProcess, type ProcessEnd } from './engine-process.js';
import {
  ASK_RESPONSE_JSON_SCHEMA,
  ENGINE_DESCRIPTION_JSON_SCHEMA,
  protocolErrors,
  RETRIEVE_RESPONSE_JSON_SCHEMA,
} from './engine-schema.js';
import { errorAnswer } from './error-answer.js';
import { type ErrorCode, isErrorCode } from './error-codes.js';
import { DEFAULT_MAX_REPLY_BYTES } from './http-engine.js';
import {
  encodeLineRequest,
  type LineMethod,
  type LineReply,
  type LineRequest,
  leadingId,
  readReplyLine,
} from './line-protocol.js';
import { ProcessEngineError, type ProcessStartFailure } from './process-engine-error.js';

export interface ProcessEngineOptions {
  /** The program and its arguments, run without a shell: `['python3', 'engine.py']`. */
  command: readonly string[];
  /** Its working directory. Default: the evaluator's. */
  cwd?: string;
  /** Variables added to (or replacing) the evaluator's environment for it. */
  env?: Record<string, string>;
  /** Time limit for each request's reply. Default 120 s, as HttpEngine's. */
  askTimeoutMs?: number;
  /** Time limit for the first reply after a start (start-up included). Default 60 s. */
  startTimeoutMs?: number;
  /** Wait between the steps of ending it (stdin closed, SIGTERM, SIGKILL). Default 2 s. */
  closeGraceMs?: number;
  /** Longest reply line read, in bytes; a longer one is BAD_RESPONSE. Default 16 MiB. */
  maxReplyBytes?: number;
  /** Each line it writes on stderr, secrets masked. Default: the evaluator's stderr. */
  onStderr?: (line: string) => void;
  /** ProcessEngine's own messages (a restart, a protocol failure). Default: stderr. */
  log?: (message: string) => void;
  /** Values never shown: masked in messages, its stderr lines and its error messages. */
  secrets?: readonly string[];
}

const DEFAULT_ASK_TIMEOUT_MS = 120_000;
const DEFAULT_START_TIMEOUT_MS = 60_000;
const DEFAULT_CLOSE_GRACE_MS = 2_000;

/** What a request came to: the reply and how long it took, or a failure with its code. */
type Outcome =
  | { ok: true; reply: LineReply; ms: number }
  | { ok: false; code: ErrorCode; message: string };

/** One start of the command, and what ProcessEngine knows about it. */
interface Child {
  process: EngineProcess;
  /** The first request id sent to it: ids below belong to an earlier process. */
  firstId: number;
  /** It answered its first request. */
  started: boolean;
  /** Set once it is given up (ended, or ended by us for breaking the protocol). */
  lost?: { reason: ProcessStartFailure; why: string; detail: string };
}

interface Pending {
  child: Child;
  method: LineMethod;
  sentAt: number;
  settle(outcome: Outcome): void;
}

function excerpt(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 200 ? `${one.slice(0, 200)}...` : one;
}

export class ProcessEngine implements Engine {
  readonly command: readonly string[];
  readonly cwd: string | undefined;
  readonly askTimeoutMs: number;
  readonly startTimeoutMs: number;
  readonly closeGraceMs: number;
  readonly maxReplyBytes: number;
  readonly #env: Record<string, string | undefined>;
  readonly #label: string;
  readonly #redactor: Redactor;
  readonly #onStderr: (line: string) => void;
  readonly #log: (message: string) => void;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  /** Every process not yet ended (the current one, and one being ended). */
  readonly #children = new Set<Child>();
  #current: Child | undefined;
  #starting: Promise<Child> | undefined;
  /** Ends nobody asked for, after a successful start. */
  #unexpectedEnds = 0;
  /** Why no request can be served any more (a failed start, a second end). */
  #dead: EngineError | undefined;
  #closing: Promise<void> | undefined;

  constructor(options: ProcessEngineOptions) {
    if (
      !Array.isArray(options.command) ||
      options.command.length === 0 ||
      options.command.some((part) => typeof part !== 'string') ||
      options.command[0] === ''
    ) {
      throw new EngineError(
        'INVALID_REQUEST',
        'ProcessEngine: command must be a non-empty list of strings: the program, then its arguments',
      );
    }
    this.command = [...options.command];
    this.cwd = options.cwd;
    this.askTimeoutMs = options.askTimeoutMs ?? DEFAULT_ASK_TIMEOUT_MS;
    this.startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    this.closeGraceMs = options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS;
    this.maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
    this.#env = { ...process.env, ...options.env };
    this.#redactor = new Redactor(options.secrets ?? []);
    this.#label = this.#redactor.redact(`process engine "${this.command.join(' ')}"`);
    this.#onStderr =
      options.onStderr ?? ((line) => process.stderr.write(`[process engine] ${line}\n`));
    const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
    this.#log = (message) => log(this.#redactor.redact(message));
  }

  /** The pid of the process now serving requests, if one is. */
  get pid(): number | undefined {
    return this.#current?.process.pid;
  }

  /**
   * Starts the process (if it is not running) and waits for its answer to a first `describe`
   * request. Throws ProcessEngineError when it cannot be started, exits before answering,
   * writes anything but a reply first, or does not answer within `startTimeoutMs`. Calling
   * it is optional (the first request starts the process) but gives a start-up failure as
   * an exception instead of as every ask's TRANSPORT_ERROR.
   */
  async start(): Promise<void> {
    await this.#ensure();
  }

  async ask(req: AskRequest, options: { signal?: AbortSignal } = {}): Promise<AskResponse> {
    const started = performance.now();
    const failure = (code: string, message: string): AskResponse =>
      errorAnswer(code, this.#redactor.redact(message), {
        trace: { transport: 'process', total_ms: performance.now() - started },
      });
    const outcome = await this.#call('ask', req, options.signal);
    if (!outcome.ok) return failure(outcome.code, outcome.message);
    const { reply, ms } = outcome;
    if ('error' in reply) {
      // The engine could not serve the ask: its code is the answer's, as in an AskResponse.
      return { ...failure(reply.error.code, reply.error.message), timing: { engine_ms: ms } };
    }
    const problems = protocolErrors(ASK_RESPONSE_JSON_SCHEMA, reply.result);
    if (problems.length > 0) {
      return failure(
        'BAD_RESPONSE',
        `${this.#label}: reply to ask #${reply.id} is not an AskResponse: ${problems.slice(0, 5).join('; ')}`,
      );
    }
    const answer = reply.result as AskResponse;
    return {
      ...answer,
      error: answer.error
        ? { ...answer.error, message: this.#redactor.redact(answer.error.message) }
        : null,
      timing: { engine_ms: ms },
    };
  }

  /** Throws EngineError (TIMEOUT, TRANSPORT_ERROR, BAD_RESPONSE, CANCELLED, or the engine's code). */
  async retrieve(
    req: RetrieveRequest,
    options: { signal?: AbortSignal } = {},
  ): Promise<RetrieveResponse> {
    const outcome = await this.#call('retrieve', req, options.signal);
    if (!outcome.ok) throw new EngineError(outcome.code, this.#redactor.redact(outcome.message));
    const { reply } = outcome;
    if ('error' in reply) {
      const { code, message } = reply.error;
      const said = this.#redactor.redact(`${this.#label}: retrieve failed: ${code}: ${message}`);
      throw new EngineError(isErrorCode(code) ? code : 'BAD_RESPONSE', said);
    }
    const problems = protocolErrors(RETRIEVE_RESPONSE_JSON_SCHEMA, reply.result);
    if (problems.length > 0) {
      throw new EngineError(
        'BAD_RESPONSE',
        `${this.#label}: reply to retrieve #${reply.id} is not a RetrieveResponse: ${problems.slice(0, 5).join('; ')}`,
      );
    }
    return reply.result as RetrieveResponse;
  }

  /**
   * The engine's answer to a `describe` request. Never throws: an error reply (an engine that
   * does not describe itself), a bad reply or a failed request gives name and version
   * `unknown` and says why in `unavailable`.
   */
  async describe(options: { signal?: AbortSignal } = {}): Promise<EngineDescription> {
    const unknown = (why: string): EngineDescription => ({
      name: UNKNOWN_ENGINE,
      version: UNKNOWN_ENGINE,
      unavailable: this.#redactor.redact(why),
    });
    const outcome = await this.#call('describe', {}, options.signal);
    if (!outcome.ok) return unknown(outcome.message);
    const { reply } = outcome;
    if ('error' in reply) {
      return unknown(
        `${this.#label} answered describe with ${reply.error.code}: ${reply.error.message}`,
      );
    }
    const problems = protocolErrors(ENGINE_DESCRIPTION_JSON_SCHEMA, reply.result);
    if (problems.length > 0) {
      return unknown(
        `${this.#label}: reply to describe #${reply.id} is not an EngineDescription: ${problems.slice(0, 5).join('; ')}`,
      );
    }
    const { unavailable: _ignored, ...description } = reply.result as EngineDescription;
    return this.#redactor.redactValue(description);
  }

  /**
   * Ends the process: requests in flight are CANCELLED, stdin is closed, SIGTERM follows
   * after `closeGraceMs` and SIGKILL after as long again (to its whole process group).
   * Resolves once every process it started has ended. Later requests fail.
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      for (const pending of [...this.#pending.values()]) {
        pending.settle({
          ok: false,
          code: 'CANCELLED',
          message: `${this.#label} was closed with this ${pending.method} in flight`,
        });
      }
      await this.#starting?.catch(() => {});
      await Promise.all([...this.#children].map((child) => this.#end(child)));
    })();
    return this.#closing;
  }

  /** One request on the process serving requests (started first if need be). */
  async #call(
    method: LineMethod,
    params: object,
    signal: AbortSignal | undefined,
  ): Promise<Outcome> {
    let child: Child;
    try {
      child = await this.#ensure();
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      return { ok: false, code: error.code, message: error.message };
    }
    return this.#request(child, method, params, this.askTimeoutMs, signal);
  }

  /** The started process, starting one if there is none and the rules allow it. */
  async #ensure(): Promise<Child> {
    if (this.#closing) throw new EngineError('TRANSPORT_ERROR', `${this.#label} is closed`);
    if (this.#dead) throw this.#dead;
    if (this.#current?.started) return this.#current;
    this.#starting ??= this.#start().finally(() => {
      this.#starting = undefined;
    });
    return this.#starting;
  }

  async #start(): Promise<Child> {
    const again = this.#unexpectedEnds > 0;
    if (this.cwd !== undefined && !existsSync(this.cwd)) {
      // spawn would say "spawn python3 ENOENT", blaming the program.
      const error = this.#startFailure(
        'spawn',
        `${this.#label}: its working directory ${this.cwd} does not exist`,
      );
      this.#dead = error;
      throw error;
    }
    const child = this.#spawn();
    const outcome = await this.#request(child, 'describe', {}, this.startTimeoutMs, undefined);
    if (outcome.ok && !child.lost) {
      child.started = true;
      return child;
    }
    const error = this.#startError(child, outcome);
    this.#dead = error;
    this.#lose(child, error.reason, error.message, 'TRANSPORT_ERROR');
    void this.#end(child);
    if (again && error.reason !== 'closed') {
      this.#log(
        `${error.message}; it was being started again, once per run: the remaining asks fail with TRANSPORT_ERROR`,
      );
    }
    throw error;
  }

  #startError(child: Child, outcome: Outcome): ProcessEngineError {
    if (this.#closing)
      return this.#startFailure('closed', `${this.#label} was closed while starting`);
    const lost = child.lost;
    if (lost?.reason === 'spawn') return this.#startFailure('spawn', `${this.#label} ${lost.why}`);
    if (lost?.reason === 'protocol') {
      return this.#startFailure(
        'protocol',
        `${this.#label} ${lost.why} before answering its first request (describe): stdout carries the protocol only, write logs to stderr`,
      );
    }
    if (lost) {
      return this.#startFailure(
        'exit',
        `${this.#label} ${lost.why} before answering its first request (describe)${lost.detail}`,
      );
    }
    if (!outcome.ok && outcome.code === 'TIMEOUT') {
      return this.#startFailure(
        'timeout',
        `${this.#label} did not answer its first request (describe) within ${this.startTimeoutMs} ms`,
      );
    }
    // A reply to describe that is not one (its id known, its shape wrong).
    const why = outcome.ok ? 'answered its first request wrongly' : outcome.message;
    return this.#startFailure('protocol', `${this.#label}: ${why}`);
  }

  /** A start-up failure, secrets masked (the message may quote its stderr). */
  #startFailure(reason: ProcessStartFailure, message: string): ProcessEngineError {
    return new ProcessEngineError(reason, this.#redactor.redact(message));
  }

  #spawn(): Child {
    const child: Child = {
      process: undefined as unknown as EngineProcess,
      firstId: this.#nextId,
      started: false,
    };
    child.process = new EngineProcess({
      command: this.command,
      cwd: this.cwd,
      env: this.#env,
      maxLineBytes: this.maxReplyBytes,
      onLine: (line) => this.#onLine(child, line),
      onOverflow: (prefix, bytes) => this.#onOverflow(child, prefix, bytes),
      onStderr: (line) => this.#onStderr(this.#redactor.redact(line)),
      onEnd: (end) => this.#onEnd(child, end),
    });
    this.#children.add(child);
    this.#current = child;
    return child;
  }

  #request(
    child: Child,
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

  /** A child holds the event loop open only while a reply from it is awaited. */
  #hold(child: Child): void {
    let waiting = false;
    for (const pending of this.#pending.values()) if (pending.child === child) waiting = true;
    child.process.hold(waiting);
  }

  #pendingOf(child: Child, id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    return pending?.child === child ? pending : undefined;
  }

  /** Whether `id` was sent to this process (a reply to it after a timeout is dropped). */
  #sentTo(child: Child, id: number): boolean {
    return id >= child.firstId && id < this.#nextId;
  }

  #onLine(child: Child, line: string): void {
    if (child.lost || line.trim() === '') return;
    const read = readReplyLine(line);
    if (read.kind === 'reply') {
      const pending = this.#pendingOf(child, read.reply.id);
      if (pending) {
        pending.settle({ ok: true, reply: read.reply, ms: performance.now() - pending.sentAt });
        return;
      }
      if (this.#sentTo(child, read.reply.id)) return;
      this.#protocolFailure(child, `replied to request #${read.reply.id}, which it was never sent`);
      return;
    }
    if (read.id !== undefined) {
      const pending = this.#pendingOf(child, read.id);
      if (pending) {
        pending.settle({
          ok: false,
          code: 'BAD_RESPONSE',
          message: `${this.#label}: reply to ${pending.method} #${read.id} is ${read.why}`,
        });
        return;
      }
      if (this.#sentTo(child, read.id)) return;
    }
    this.#protocolFailure(child, `wrote ${read.why} on stdout`);
  }

  #onOverflow(child: Child, prefix: string, bytes: number): void {
    if (child.lost) return;
    const over = `${bytes} bytes, over maxReplyBytes (${this.maxReplyBytes}); not read`;
    const id = leadingId(prefix);
    const pending = id === undefined ? undefined : this.#pendingOf(child, id);
    if (pending) {
      pending.settle({
        ok: false,
        code: 'BAD_RESPONSE',
        message: `${this.#label}: reply to ${pending.method} #${id} is ${over}`,
      });
      return;
    }
    if (id !== undefined && this.#sentTo(child, id)) return;
    this.#protocolFailure(
      child,
      `wrote a line of ${over}, and it does not start with the id of a request ("${excerpt(prefix.slice(0, 80))}")`,
    );
  }

  /** A line that answers no request: the stream cannot be trusted, so the process is ended. */
  #protocolFailure(child: Child, why: string): void {
    // Before its first reply, start() says what this means in its own words.
    const said = child.started ? `${why} (a protocol failure: the process is ended)` : why;
    this.#lose(child, 'protocol', said, 'BAD_RESPONSE');
    void this.#end(child);
  }

  #onEnd(child: Child, end: ProcessEnd): void {
    this.#children.delete(child);
    const last = child.process.lastStderr;
    const stderr = last === '' ? '' : ` (its last stderr line: "${excerpt(last)}")`;
    const reason = end.kind === 'spawn' ? 'spawn' : 'exit';
    this.#lose(child, reason, describeEnd(end), 'TRANSPORT_ERROR', stderr);
  }

  /**
   * Gives a process up: its requests in flight fail with `code`, and if it was the one
   * serving requests, the restart rule applies (once per run, then no more).
   */
  #lose(
    child: Child,
    reason: ProcessStartFailure,
    why: string,
    code: ErrorCode,
    detail = '',
  ): void {
    if (child.lost) return;
    child.lost = { reason, why, detail };
    let inFlight = 0;
    for (const pending of [...this.#pending.values()]) {
      if (pending.child !== child) continue;
      inFlight++;
      pending.settle({
        ok: false,
        code,
        message: `${this.#label} ${why}, with this ${pending.method} in flight${detail}`,
      });
    }
    if (this.#current !== child) return;
    this.#current = undefined;
    // A start that fails is reported by start(); an end during close() is the one asked for.
    if (!child.started || this.#closing) return;
    this.#unexpectedEnds++;
    const failed = `${inFlight} request(s) in flight failed with ${code}`;
    if (this.#unexpectedEnds === 1) {
      this.#log(
        `${this.#label} ${why}${detail}; ${failed}. Starting it again for the next request (once per run: if it ends again, the remaining asks fail with TRANSPORT_ERROR)`,
      );
      return;
    }
    this.#dead = new EngineError(
      'TRANSPORT_ERROR',
      this.#redactor.redact(
        `${this.#label} ended a second time in this run (${why}); it is not started again`,
      ),
    );
    this.#log(
      `${this.#dead.message}; ${failed}, and every remaining ask fails with TRANSPORT_ERROR`,
    );
  }

  #end(child: Child): Promise<void> {
    return child.process.terminate(this.closeGraceMs);
  }
}
