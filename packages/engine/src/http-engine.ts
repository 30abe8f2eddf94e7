// An Engine reached over HTTP, so a system written in any language can be evaluated.
// Protocol: POST <url>/ask with an AskRequest as JSON, answered 200 with an AskResponse;
// POST <url>/retrieve with a RetrieveRequest, answered 200 with a RetrieveResponse.
// Transport failures never throw: they come back as an error response with a code
// (TIMEOUT, TRANSPORT_ERROR, BAD_RESPONSE, CANCELLED), the way the runner scores them.

import { Agent, request } from 'undici';
import type {
  AskRequest,
  AskResponse,
  Engine,
  RetrieveRequest,
  RetrieveResponse,
} from './engine.js';
import { EngineError } from './engine-error.js';
import {
  ASK_RESPONSE_JSON_SCHEMA,
  protocolErrors,
  RETRIEVE_RESPONSE_JSON_SCHEMA,
} from './engine-schema.js';
import { errorAnswer } from './error-answer.js';
import type { ErrorCode } from './error-codes.js';

export interface HttpEngineOptions {
  /** Base URL; `/ask` and `/retrieve` are appended. */
  url: string;
  /** Time limit for one ask, headers and body included. Default 120 s. */
  timeoutMs?: number;
  /** Extra headers on every request (e.g. authorization). */
  headers?: Record<string, string>;
}

const DEFAULT_HTTP_TIMEOUT_MS = 120_000;

function failure(code: ErrorCode, message: string, elapsedMs: number): AskResponse {
  return errorAnswer(code, message, { trace: { transport: 'http', total_ms: elapsedMs } });
}

export class HttpEngine implements Engine {
  readonly url: string;
  readonly timeoutMs: number;
  readonly #headers: Record<string, string>;
  readonly #dispatcher = new Agent({ keepAliveTimeout: 10_000 });

  constructor(options: HttpEngineOptions) {
    this.url = options.url.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
    this.#headers = options.headers ?? {};
  }

  /** POST body to path; resolves with the parsed JSON or rejects with a typed EngineError. */
  async #post(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const target = `${this.url}${path}`;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let status: number;
      let text: string;
      try {
        if (signal?.aborted) throw new Error('aborted before sending');
        const res = await request(target, {
          method: 'POST',
          dispatcher: this.#dispatcher,
          signal: controller.signal,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...this.#headers,
          },
          body: JSON.stringify(body),
        });
        status = res.statusCode;
        text = await res.body.text();
      } catch (error) {
        if (signal?.aborted) throw new EngineError('CANCELLED', `POST ${target}: cancelled`);
        if (timedOut) {
          throw new EngineError('TIMEOUT', `POST ${target}: no answer within ${this.timeoutMs} ms`);
        }
        const message = (error as Error).message || String(error);
        throw new EngineError('TRANSPORT_ERROR', `POST ${target}: ${message}`, { cause: error });
      }
      if (status < 200 || status >= 300) {
        const excerpt = text.length > 300 ? `${text.slice(0, 300)}...` : text;
        throw new EngineError('TRANSPORT_ERROR', `POST ${target}: HTTP ${status}: ${excerpt}`);
      }
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        throw new EngineError(
          'BAD_RESPONSE',
          `POST ${target}: reply is not JSON: ${(error as Error).message}`,
        );
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async ask(req: AskRequest, options: { signal?: AbortSignal } = {}): Promise<AskResponse> {
    const started = performance.now();
    let value: unknown;
    try {
      value = await this.#post('/ask', req, options.signal);
    } catch (error) {
      if (error instanceof EngineError) {
        return failure(error.code, error.message, performance.now() - started);
      }
      throw error;
    }
    const problems = protocolErrors(ASK_RESPONSE_JSON_SCHEMA, value);
    if (problems.length > 0) {
      return failure(
        'BAD_RESPONSE',
        `POST ${this.url}/ask: reply is not an AskResponse: ${problems.slice(0, 5).join('; ')}`,
        performance.now() - started,
      );
    }
    return value as AskResponse;
  }

  /** Throws EngineError (TIMEOUT, TRANSPORT_ERROR, BAD_RESPONSE, CANCELLED): retrieval has no error value. */
  async retrieve(
    req: RetrieveRequest,
    options: { signal?: AbortSignal } = {},
  ): Promise<RetrieveResponse> {
    const value = await this.#post('/retrieve', req, options.signal);
    const problems = protocolErrors(RETRIEVE_RESPONSE_JSON_SCHEMA, value);
    if (problems.length > 0) {
      throw new EngineError(
        'BAD_RESPONSE',
        `POST ${this.url}/retrieve: reply is not a RetrieveResponse: ${problems.slice(0, 5).join('; ')}`,
      );
    }
    return value as RetrieveResponse;
  }

  async close(): Promise<void> {
    await this.#dispatcher.close();
  }
}
