// An Engine reached over HTTP, so a system written in any language can be evaluated.
// Protocol: POST <url>/ask with an AskRequest as JSON, answered 200 with an AskResponse;
// POST <url>/retrieve with a RetrieveRequest, answered 200 with a RetrieveResponse;
// optionally GET <url>/describe, answered 200 with an EngineDescription.
// Transport failures never throw from ask: they come back as an error response with a code
// (TIMEOUT, TRANSPORT_ERROR, BAD_RESPONSE, CANCELLED), the way the runner scores them.
// Credentials (`user:password@` in the URL, header values) are sent and never shown: the URL
// kept and printed has none, and every message passes through a Redactor that knows them.
//
// This file holds the Engine methods and the retry policy around one exchange; the URL's
// credentials are taken apart in http-credentials.ts and one exchange is http-exchange.ts.

import { Redactor } from '@nl2sql/redact';
import { LazyAgent, type RetryPolicy, withRetries } from '@nl2sql/retry';
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
import { engineUrl } from './http-credentials.js';
import { type ExchangeSettings, exchange } from './http-exchange.js';
import { TransportFailure } from './transport-failure.js';

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

interface Reply {
  value: unknown;
  /** Request sent to reply read, for the attempt that answered. */
  engineMs: number;
  attempts: number;
}

function failure(code: ErrorCode, message: string, elapsedMs: number): AskResponse {
  return errorAnswer(code, message, { trace: { transport: 'http', total_ms: elapsedMs } });
}

export class HttpEngine implements Engine {
  /** The base URL, without credentials. */
  readonly url: string;
  readonly timeoutMs: number;
  readonly maxReplyBytes: number;
  readonly #redactor: Redactor;
  readonly #retry: Partial<RetryPolicy>;
  readonly #random: (() => number) | undefined;
  /** Sockets to the engine: kept alive between asks, at most `connections` at once. */
  readonly connections: number;
  readonly #dispatcher: LazyAgent;
  readonly #exchange: ExchangeSettings;

  constructor(options: HttpEngineOptions) {
    const { url, headers, secrets } = engineUrl(options.url, options.headers);
    this.url = url;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
    this.maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
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
    this.#dispatcher = new LazyAgent({
      connections,
      keepAliveTimeout: KEEP_ALIVE_MS,
      keepAliveMaxTimeout: KEEP_ALIVE_MS,
    });
    this.#exchange = {
      dispatcher: this.#dispatcher,
      headers,
      redactor: this.#redactor,
      timeoutMs: this.timeoutMs,
      maxReplyBytes: this.maxReplyBytes,
    };
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
          return exchange(this.#exchange, method, target, body, signal);
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
      // Rows are optional on the wire: an engine may send only its SQL.
      results: answer.results ?? [],
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
