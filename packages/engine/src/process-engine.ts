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
//
// This file holds the lifecycle (start, the restart rule, close); the pieces it composes:
// engine-process.ts (the child and its pipes), line-protocol.ts (the JSON-lines framing),
// line-requests.ts (ids, time limits, replies matched to requests), process-replies.ts
// (a reply as the Engine method's result) and start-failure.ts (why a start failed).

import { existsSync } from 'node:fs';
import { Redactor } from '@nl2sql/redact';
import type {
  AskRequest,
  AskResponse,
  Engine,
  EngineDescription,
  RetrieveRequest,
  RetrieveResponse,
} from './engine.js';
import type { EngineChild } from './engine-child.js';
import { EngineError } from './engine-error.js';
import { describeEnd, EngineProcess, type ProcessEnd } from './engine-process.js';
import type { ErrorCode } from './error-codes.js';
import { DEFAULT_MAX_REPLY_BYTES } from './http-engine.js';
import { lineExcerpt } from './line-excerpt.js';
import type { LineMethod } from './line-protocol.js';
import { LineRequests, type Outcome } from './line-requests.js';
import { ProcessEngineError, type ProcessStartFailure } from './process-engine-error.js';
import { askAnswer, describeAnswer, type ReplyContext, retrieveAnswer } from './process-replies.js';
import { startFailure } from './start-failure.js';

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
  readonly #replies: ReplyContext;
  readonly #onStderr: (line: string) => void;
  readonly #log: (message: string) => void;
  readonly #requests: LineRequests;
  /** Every process not yet ended (the current one, and one being ended). */
  readonly #children = new Set<EngineChild>();
  #current: EngineChild | undefined;
  #starting: Promise<EngineChild> | undefined;
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
    this.#replies = { label: this.#label, redactor: this.#redactor };
    this.#requests = new LineRequests(this.#label);
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
    return askAnswer(await this.#call('ask', req, options.signal), this.#replies, started);
  }

  /** Throws EngineError (TIMEOUT, TRANSPORT_ERROR, BAD_RESPONSE, CANCELLED, or the engine's code). */
  async retrieve(
    req: RetrieveRequest,
    options: { signal?: AbortSignal } = {},
  ): Promise<RetrieveResponse> {
    return retrieveAnswer(await this.#call('retrieve', req, options.signal), this.#replies);
  }

  /**
   * The engine's answer to a `describe` request. Never throws: an error reply (an engine that
   * does not describe itself), a bad reply or a failed request gives name and version
   * `unknown` and says why in `unavailable`.
   */
  async describe(options: { signal?: AbortSignal } = {}): Promise<EngineDescription> {
    return describeAnswer(await this.#call('describe', {}, options.signal), this.#replies);
  }

  /**
   * Ends the process: requests in flight are CANCELLED, stdin is closed, SIGTERM follows
   * after `closeGraceMs` and SIGKILL after as long again (to its whole process group).
   * Resolves once every process it started has ended. Later requests fail.
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#requests.failAll(
        undefined,
        'CANCELLED',
        (method) => `${this.#label} was closed with this ${method} in flight`,
      );
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
    let child: EngineChild;
    try {
      child = await this.#ensure();
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      return { ok: false, code: error.code, message: error.message };
    }
    return this.#requests.send(child, method, params, this.askTimeoutMs, signal);
  }

  /** The started process, starting one if there is none and the rules allow it. */
  async #ensure(): Promise<EngineChild> {
    if (this.#closing) throw new EngineError('TRANSPORT_ERROR', `${this.#label} is closed`);
    if (this.#dead) throw this.#dead;
    if (this.#current?.started) return this.#current;
    this.#starting ??= this.#start().finally(() => {
      this.#starting = undefined;
    });
    return this.#starting;
  }

  async #start(): Promise<EngineChild> {
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
    const outcome = await this.#requests.send(
      child,
      'describe',
      {},
      this.startTimeoutMs,
      undefined,
    );
    if (outcome.ok && !child.lost) {
      child.started = true;
      return child;
    }
    const failed = startFailure(this.#label, child, outcome, {
      closing: this.#closing !== undefined,
      startTimeoutMs: this.startTimeoutMs,
    });
    const error = this.#startFailure(failed.reason, failed.message);
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

  /** A start-up failure, secrets masked (the message may quote its stderr). */
  #startFailure(reason: ProcessStartFailure, message: string): ProcessEngineError {
    return new ProcessEngineError(reason, this.#redactor.redact(message));
  }

  #spawn(): EngineChild {
    const child: EngineChild = {
      process: undefined as unknown as EngineProcess,
      firstId: this.#requests.nextId,
      started: false,
    };
    child.process = new EngineProcess({
      command: this.command,
      cwd: this.cwd,
      env: this.#env,
      maxLineBytes: this.maxReplyBytes,
      onLine: (line) => {
        if (child.lost) return;
        const why = this.#requests.onLine(child, line);
        if (why !== undefined) this.#protocolFailure(child, why);
      },
      onOverflow: (prefix, bytes) => {
        if (child.lost) return;
        const why = this.#requests.onOverflow(child, prefix, bytes, this.maxReplyBytes);
        if (why !== undefined) this.#protocolFailure(child, why);
      },
      onStderr: (line) => this.#onStderr(this.#redactor.redact(line)),
      onEnd: (end) => this.#onEnd(child, end),
    });
    this.#children.add(child);
    this.#current = child;
    return child;
  }

  /** A line that answers no request: the stream cannot be trusted, so the process is ended. */
  #protocolFailure(child: EngineChild, why: string): void {
    // Before its first reply, start() says what this means in its own words.
    const said = child.started ? `${why} (a protocol failure: the process is ended)` : why;
    this.#lose(child, 'protocol', said, 'BAD_RESPONSE');
    void this.#end(child);
  }

  #onEnd(child: EngineChild, end: ProcessEnd): void {
    this.#children.delete(child);
    const last = child.process.lastStderr;
    const stderr = last === '' ? '' : ` (its last stderr line: "${lineExcerpt(last)}")`;
    const reason = end.kind === 'spawn' ? 'spawn' : 'exit';
    this.#lose(child, reason, describeEnd(end), 'TRANSPORT_ERROR', stderr);
  }

  /**
   * Gives a process up: its requests in flight fail with `code`, and if it was the one
   * serving requests, the restart rule applies (once per run, then no more).
   */
  #lose(
    child: EngineChild,
    reason: ProcessStartFailure,
    why: string,
    code: ErrorCode,
    detail = '',
  ): void {
    if (child.lost) return;
    child.lost = { reason, why, detail };
    const inFlight = this.#requests.failAll(
      child,
      code,
      (method) => `${this.#label} ${why}, with this ${method} in flight${detail}`,
    );
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

  #end(child: EngineChild): Promise<void> {
    return child.process.terminate(this.closeGraceMs);
  }
}
