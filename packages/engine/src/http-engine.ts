// An Engine reached over HTTP, so a system written in any language can be evaluated.
// Protocol: POST <url>/ask with an AskRequest as JSON, answered 200 with an AskResponse;
// POST <url>/retrieve with a RetrieveRequest, answered 200 with a RetrieveResponse;
// optionally GET <url>/describe, answered 200 with an EngineDescription.
// Transport failures never throw from ask: they come back as an error response with a code
// (TIMEOUT, TRANSPORT_ERROR, BAD_RESPONSE, CANCELLED), the way the runner scores them.
// Credentials (`user:password@` in the URL, header values) are sent and never shown: the URL
// kept and printed has none, and every message passes through a Redactor that knows them.

import { MASK, Redactor, redact } from '@nl2sql/redact';
import { parseRetryAfter, type RetryPolicy, withRetries } from '@nl2sql/retry';
import { Agent, request } from 'undici';
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
import {
  ASK_RESPONSE_JSON_SCHEMA,
  ENGINE_DESCRIPTION_JSON_SCHEMA,
  protocolErrors,
  RETRIEVE_RESPONSE_JSON_SCHEMA,
} from './engine-schema.js';
import { errorAnswer } from './error-answer.js';
import type { ErrorCode } from './error-codes.js';
import { failedBeforeReply, TransportFailure } from './transport-failure.js';

export interface HttpEngineOptions {
  /**
   * Base URL; `/ask`, `/retrieve` and `/describe` are appended. `user:password@` in it is
   * taken out of the URL and sent as `Authorization: Basic ...`.
   */
  url: string;
  /** Time limit for one attempt, headers and body included. Default 120 s. */
  timeoutMs?: number;
  /** Extra headers on every request (e.g. authorization). Their values are never shown. */
  headers?: Record<string, string>;
  /** Largest reply body read, in bytes; a larger one is BAD_RESPONSE. Default 16 MiB. */
  maxReplyBytes?: number;
  /** Overrides of @nl2sql/retry's policy (what is retried is fixed: see `retryable`). */
  retry?: Partial<RetryPolicy>;
  /** Jitter source for the backoff (tests fix it). */
  random?: () => number;
  /**
   * Most sockets open to the engine at once (default 16). Connections are kept alive and
   * reused, so a run of 10,000 asks opens about as many sockets as it has asks in flight,
   * never more than this. Give at least the run's concurrency: an ask that waits here for a
   * free socket counts the wait as the engine's latency.
   */
  connections?: number;
}

/** The default bound on sockets to one engine: above the runner's default concurrency (4). */
export const DEFAULT_MAX_CONNECTIONS = 16;
/**
 * How long an idle socket is kept for the next ask. The server's own idle timeout (Node's
 * is 5 s) wins when it is shorter and announced; a socket it closed unannounced fails
 * before any reply, which is retried.
 */
const KEEP_ALIVE_MS = 10_000;

const DEFAULT_HTTP_TIMEOUT_MS = 120_000;
/** The reply cap: far above any real answer (1000 rows of wide text), far below trouble. */
export const DEFAULT_MAX_REPLY_BYTES = 16 * 1024 * 1024;
/** How much of a non-2xx body is read for the message. */
const ERROR_BODY_BYTES = 64 * 1024;

interface Reply {
  value: unknown;
  /** Request sent to reply read, for the attempt that answered. */
  engineMs: number;
  attempts: number;
}

function failure(code: ErrorCode, message: string, elapsedMs: number): AskResponse {
  return errorAnswer(code, message, { trace: { transport: 'http', total_ms: elapsedMs } });
}

function excerpt(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}

/** A URL as typed, everything before its last `@` masked: it may not even parse. */
function withoutUserInfo(url: string): string {
  const at = url.lastIndexOf('@');
  return redact(at < 0 ? url : `${MASK}${url.slice(at)}`);
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export class HttpEngine implements Engine {
  /** The base URL, without credentials. */
  readonly url: string;
  readonly timeoutMs: number;
  readonly maxReplyBytes: number;
  readonly #headers: Record<string, string>;
  readonly #redactor: Redactor;
  readonly #retry: Partial<RetryPolicy>;
  readonly #random: (() => number) | undefined;
  /** Sockets to the engine: kept alive between asks, at most `connections` at once. */
  readonly connections: number;
  readonly #dispatcher: Agent;

  constructor(options: HttpEngineOptions) {
    const headers = { ...options.headers };
    const secrets: string[] = Object.values(headers);
    let parsed: URL | undefined;
    try {
      parsed = new URL(options.url);
    } catch {
      parsed = undefined;
    }
    if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:') {
      throw new EngineError(
        'INVALID_REQUEST',
        `HttpEngine: not an http(s) URL: "${withoutUserInfo(options.url)}"`,
      );
    }
    if (parsed.username !== '' || parsed.password !== '') {
      if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) {
        throw new EngineError(
          'INVALID_REQUEST',
          'HttpEngine: credentials are both in the URL and in an Authorization header; give one',
        );
      }
      const user = decode(parsed.username);
      const password = decode(parsed.password);
      const basic = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
      headers.authorization = basic;
      // The user name alone is an identity, not a secret ("admin" would be masked in every
      // message), unless it is the whole credential (a token as the user name).
      secrets.push(basic, `${user}:${password}`, password, parsed.password);
      if (password === '') secrets.push(user, parsed.username);
      parsed.username = '';
      parsed.password = '';
    }
    this.url = parsed.href.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
    this.maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
    this.#headers = headers;
    this.#redactor = new Redactor(secrets);
    this.#retry = options.retry ?? {};
    this.#random = options.random;
    const connections = options.connections ?? DEFAULT_MAX_CONNECTIONS;
    if (!Number.isInteger(connections) || connections < 1) {
      throw new EngineError(
        'INVALID_REQUEST',
        `HttpEngine: connections must be a positive integer, got ${connections}`,
      );
    }
    this.connections = connections;
    this.#dispatcher = new Agent({
      connections,
      keepAliveTimeout: KEEP_ALIVE_MS,
      keepAliveMaxTimeout: KEEP_ALIVE_MS,
    });
  }

  /**
   * Send with the shared retry policy. Retried: a connection refused or reset before any
   * reply, and 429 or 503 with a Retry-After. Never retried: a timeout (the engine may still
   * be working), any other status, and anything after a 2xx started.
   */
  async #send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<Reply> {
    const target = `${this.url}${path}`;
    let attempts = 0;
    try {
      const { value, engineMs } = await withRetries(
        (attempt) => {
          attempts = attempt + 1;
          return this.#attempt(method, target, body, signal);
        },
        {
          policy: this.#retry,
          ...(this.#random ? { random: this.#random } : {}),
          ...(signal ? { signal } : {}),
          retryable: (error) => error instanceof TransportFailure && error.retryable,
          retryAfterMs: (error) =>
            error instanceof TransportFailure ? error.retryAfterMs : undefined,
        },
      );
      return { value, engineMs, attempts };
    } catch (error) {
      if (error instanceof EngineError) {
        if (attempts <= 1) throw error;
        throw new EngineError(error.code, `${error.message} (after ${attempts} attempts)`, {
          cause: error,
        });
      }
      if (signal?.aborted) throw new EngineError('CANCELLED', `${method} ${target}: cancelled`);
      throw error;
    }
  }

  /** One HTTP exchange; rejects with a TransportFailure saying whether a retry is safe. */
  async #attempt(
    method: 'GET' | 'POST',
    target: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<{ value: unknown; engineMs: number }> {
    const what = `${method} ${target}`;
    const fail = (code: ErrorCode, message: string, extra = {}) =>
      new TransportFailure(code, this.#redactor.redact(`${what}: ${message}`), extra);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const interrupted = (error: unknown, stage: string, retryable = false) => {
      if (signal?.aborted) return fail('CANCELLED', 'cancelled');
      if (timedOut) return fail('TIMEOUT', `no answer within ${this.timeoutMs} ms`);
      const message = (error as Error).message || String(error);
      return fail('TRANSPORT_ERROR', `${stage}${message}`, { cause: error, retryable });
    };
    const started = performance.now();
    try {
      let res: Awaited<ReturnType<typeof request>>;
      try {
        if (signal?.aborted) throw new Error('aborted before sending');
        res = await request(target, {
          method,
          dispatcher: this.#dispatcher,
          signal: controller.signal,
          headers: {
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
            accept: 'application/json',
            ...this.#headers,
          },
          ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
        });
      } catch (error) {
        // No status arrived, so the engine sent nothing back: safe to send again.
        throw interrupted(error, '', failedBeforeReply(error));
      }
      const status = res.statusCode;
      if (status < 200 || status >= 300) {
        let text = '';
        try {
          text = (await this.#read(res.body, ERROR_BODY_BYTES, controller, true)).text;
        } catch {
          // The status says enough; a body that breaks off adds nothing.
        }
        const retryAfterMs = parseRetryAfter(res.headers);
        throw fail('TRANSPORT_ERROR', `HTTP ${status}: ${excerpt(this.#redactor.redact(text))}`, {
          status,
          retryAfterMs,
          retryable: (status === 429 || status === 503) && retryAfterMs !== undefined,
        });
      }
      // A 2xx started: from here on nothing is retried.
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > this.maxReplyBytes) {
        controller.abort();
        throw fail(
          'BAD_RESPONSE',
          `reply of ${declared} bytes is over maxReplyBytes (${this.maxReplyBytes}); not read`,
        );
      }
      let read: { text: string; over: boolean };
      try {
        read = await this.#read(res.body, this.maxReplyBytes, controller);
      } catch (error) {
        throw interrupted(error, 'reply broke off: ');
      }
      if (read.over) {
        throw fail(
          'BAD_RESPONSE',
          `reply is over maxReplyBytes (${this.maxReplyBytes}); stopped reading there`,
        );
      }
      const engineMs = performance.now() - started;
      try {
        return { value: JSON.parse(read.text) as unknown, engineMs };
      } catch (error) {
        throw fail('BAD_RESPONSE', `reply is not JSON: ${(error as Error).message}`);
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Read a body up to `max` bytes. Past that the request is aborted at once (the socket
   * closed, nothing more buffered) and `over` is true.
   */
  async #read(
    body: AsyncIterable<Buffer>,
    max: number,
    controller: AbortController,
    keepStart = false,
  ): Promise<{ text: string; over: boolean }> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      if (size + chunk.length > max) {
        controller.abort();
        const start = keepStart ? Buffer.concat([...chunks, chunk]).subarray(0, max) : undefined;
        chunks.length = 0;
        return { text: start?.toString('utf8') ?? '', over: true };
      }
      size += chunk.length;
      chunks.push(chunk);
    }
    return { text: Buffer.concat(chunks, size).toString('utf8'), over: false };
  }

  async ask(req: AskRequest, options: { signal?: AbortSignal } = {}): Promise<AskResponse> {
    const started = performance.now();
    let reply: Reply;
    try {
      reply = await this.#send('POST', '/ask', req, options.signal);
    } catch (error) {
      if (error instanceof EngineError) {
        return failure(error.code, error.message, performance.now() - started);
      }
      throw error;
    }
    const problems = protocolErrors(ASK_RESPONSE_JSON_SCHEMA, reply.value);
    if (problems.length > 0) {
      return failure(
        'BAD_RESPONSE',
        `POST ${this.url}/ask: reply is not an AskResponse: ${problems.slice(0, 5).join('; ')}`,
        performance.now() - started,
      );
    }
    const answer = reply.value as AskResponse;
    return {
      ...answer,
      // The engine's own message may echo what it was sent (the Authorization header).
      error: answer.error
        ? { ...answer.error, message: this.#redactor.redact(answer.error.message) }
        : null,
      timing: { engine_ms: reply.engineMs, attempts: reply.attempts },
    };
  }

  /** Throws EngineError (TIMEOUT, TRANSPORT_ERROR, BAD_RESPONSE, CANCELLED): retrieval has no error value. */
  async retrieve(
    req: RetrieveRequest,
    options: { signal?: AbortSignal } = {},
  ): Promise<RetrieveResponse> {
    const { value } = await this.#send('POST', '/retrieve', req, options.signal);
    const problems = protocolErrors(RETRIEVE_RESPONSE_JSON_SCHEMA, value);
    if (problems.length > 0) {
      throw new EngineError(
        'BAD_RESPONSE',
        `POST ${this.url}/retrieve: reply is not a RetrieveResponse: ${problems.slice(0, 5).join('; ')}`,
      );
    }
    return value as RetrieveResponse;
  }

  /**
   * The engine's own description from `GET <url>/describe`. Never throws: a 404 (an engine
   * that does not describe itself), a bad reply or a failed request gives name and version
   * `unknown` and says why in `unavailable`.
   */
  async describe(options: { signal?: AbortSignal } = {}): Promise<EngineDescription> {
    const target = `${this.url}/describe`;
    const unknown = (why: string): EngineDescription => ({
      name: UNKNOWN_ENGINE,
      version: UNKNOWN_ENGINE,
      unavailable: this.#redactor.redact(why),
    });
    try {
      const { value } = await this.#send('GET', '/describe', undefined, options.signal);
      const problems = protocolErrors(ENGINE_DESCRIPTION_JSON_SCHEMA, value);
      if (problems.length > 0) {
        return unknown(
          `GET ${target}: reply is not an EngineDescription: ${problems.slice(0, 5).join('; ')}`,
        );
      }
      const { unavailable: _ignored, ...description } = value as EngineDescription;
      return this.#redactor.redactValue(description);
    } catch (error) {
      if (error instanceof TransportFailure && error.status === 404) {
        return unknown(`GET ${target} answered HTTP 404: the engine does not describe itself`);
      }
      return unknown(error instanceof Error ? error.message : String(error));
    }
  }

  async close(): Promise<void> {
    await this.#dispatcher.close();
  }
}
