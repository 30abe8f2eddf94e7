// Optional dense vectors for the retriever, from any OpenAI-compatible /embeddings endpoint
// (OpenAI, Ollama, vLLM, a local server). Vectors are L2-normalised so a dot product is the
// cosine.

import { Agent, request } from 'undici';
import { EngineError } from './engine-error.js';

export interface Embedder {
  /** One vector per text, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

export interface OpenAiEmbedderOptions {
  /** Base URL including /v1 (the endpoint is <baseUrl>/embeddings). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Per-request time limit. Default 30 s. */
  timeoutMs?: number;
  /** Texts per request. Default 128. */
  batchSize?: number;
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

  constructor(options: OpenAiEmbedderOptions) {
    this.#options = options;
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
    const timeoutMs = this.#options.timeoutMs ?? 30_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let status: number;
    let text: string;
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
      text = await res.body.text();
    } catch (error) {
      if (signal?.aborted) throw new EngineError('CANCELLED', `embeddings ${url}: cancelled`);
      if (timeout.aborted) {
        throw new EngineError('TIMEOUT', `embeddings ${url}: no answer within ${timeoutMs} ms`);
      }
      throw new EngineError('LLM_ERROR', `embeddings ${url}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (status < 200 || status >= 300) {
      throw new EngineError(
        'LLM_ERROR',
        `embeddings ${url}: HTTP ${status}: ${text.slice(0, 300)}`,
      );
    }
    let data: unknown;
    try {
      data = (JSON.parse(text) as { data?: unknown }).data;
    } catch (error) {
      throw new EngineError(
        'LLM_ERROR',
        `embeddings ${url}: reply is not JSON: ${(error as Error).message}`,
      );
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
