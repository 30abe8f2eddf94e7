// Optional dense vectors for the retriever, from any OpenAI-compatible /embeddings endpoint
// (OpenAI, Ollama, vLLM, a local server). Vectors are L2-normalised so a dot product is the
// cosine. Requests are retried under @nl2sql/retry's policy (an embedding request is
// idempotent, so every transient failure is), and messages never show the key.

import { Redactor } from '@nl2sql/redact';
import { isRetryableStatus, parseRetryAfter, type RetryPolicy, withRetries } from '@nl2sql/retry';
import { Agent, request } from 'undici';
import { EngineError } from './engine-error.js';
import { TransportFailure } from './transport-failure.js';

export interface Embedder {
  /** One vector per text, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

export interface OpenAiEmbedderOptions {
  /** Base URL including /v1 (the endpoint is <baseUrl>/embeddings). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Per-attempt time limit. Default 30 s. */
  timeoutMs?: number;
  /** Texts per request. Default 128. */
  batchSize?: number;
  /** Overrides of @nl2sql/retry's policy. */
  retry?: Partial<RetryPolicy>;
  /** Jitter source for the backoff (tests fix it). */
  random?: () => number;
}

export function normalise(vector: readonly number[]): number[] {
  const norm = Math.sqrt(vector.reduce((a, x) => a + x * x, 0));
  return norm === 0 ? vector.map(() => 0) : vector.map((x) => x / norm);
}

export function dot(a: readonly number[], b: readonly number[]): number {
  let total = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) total += (a[i] ?? 0) * (b[i] ?? 0);
  return total;
}

export class OpenAiEmbedder implements Embedder {
  readonly #options: OpenAiEmbedderOptions;
  readonly #dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  readonly #redactor: Redactor;

  constructor(options: OpenAiEmbedderOptions) {
    this.#options = options;
    this.#redactor = new Redactor([options.apiKey]);
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    const size = this.#options.batchSize ?? 128;
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += size) {
      out.push(...(await this.#batch(texts.slice(i, i + size), signal)));
    }
    return out;
  }

  async #batch(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    const url = `${this.#options.baseUrl.replace(/\/+$/, '')}/embeddings`;
    try {
      return await withRetries(() => this.#attempt(url, texts, signal), {
        policy: this.#options.retry ?? {},
        ...(this.#options.random ? { random: this.#options.random } : {}),
        ...(signal ? { signal } : {}),
        retryable: (error) => error instanceof TransportFailure && error.retryable,
        retryAfterMs: (error) =>
          error instanceof TransportFailure ? error.retryAfterMs : undefined,
      });
    } catch (error) {
      if (error instanceof EngineError) throw error;
      if (signal?.aborted) throw new EngineError('CANCELLED', `embeddings ${url}: cancelled`);
      throw error;
    }
  }

  async #attempt(url: string, texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    const fail = (code: 'LLM_ERROR' | 'TIMEOUT' | 'CANCELLED', message: string, extra = {}) =>
      new TransportFailure(code, this.#redactor.redact(`embeddings ${url}: ${message}`), extra);
    const timeoutMs = this.#options.timeoutMs ?? 30_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let status: number;
    let text: string;
    let headers: Record<string, string | string[] | undefined>;
    try {
      const res = await request(url, {
        method: 'POST',
        dispatcher: this.#dispatcher,
        signal: combined,
        headers: {
          'content-type': 'application/json',
          ...(this.#options.apiKey ? { authorization: `Bearer ${this.#options.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: this.#options.model, input: texts }),
      });
      status = res.statusCode;
      headers = res.headers;
      text = await res.body.text();
    } catch (error) {
      if (signal?.aborted) throw fail('CANCELLED', 'cancelled');
      if (timeout.aborted) {
        throw fail('TIMEOUT', `no answer within ${timeoutMs} ms`, { retryable: true });
      }
      throw fail('LLM_ERROR', (error as Error).message, { cause: error, retryable: true });
    }
    if (status < 200 || status >= 300) {
      throw fail('LLM_ERROR', `HTTP ${status}: ${this.#redactor.redact(text).slice(0, 300)}`, {
        status,
        retryAfterMs: parseRetryAfter(headers),
        retryable: isRetryableStatus(status),
      });
    }
    let data: unknown;
    try {
      data = (JSON.parse(text) as { data?: unknown }).data;
    } catch (error) {
      // Like the LLM client, a 2xx that is not JSON is taken for a passing fault and retried.
      throw fail('LLM_ERROR', `reply is not JSON: ${(error as Error).message}`, {
        retryable: true,
      });
    }
    if (!Array.isArray(data) || data.length !== texts.length) {
      throw new EngineError(
        'LLM_ERROR',
        `embeddings ${url}: expected ${texts.length} vectors in data, got ${Array.isArray(data) ? data.length : 'none'}`,
      );
    }
    // The API may answer out of order; `index` says which input each vector belongs to.
    const vectors: number[][] = new Array(texts.length);
    data.forEach((item: unknown, position: number) => {
      const entry = item as { index?: unknown; embedding?: unknown };
      const index = typeof entry.index === 'number' ? entry.index : position;
      if (!Array.isArray(entry.embedding) || !entry.embedding.every((x) => typeof x === 'number')) {
        throw new EngineError(
          'LLM_ERROR',
          `embeddings ${url}: item ${position} has no numeric embedding`,
        );
      }
      vectors[index] = normalise(entry.embedding as number[]);
    });
    return vectors;
  }

  async close(): Promise<void> {
    await this.#dispatcher.close();
  }
}
