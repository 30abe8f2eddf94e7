// Optional dense vectors for the retriever. They come from an @nl2sql/llm client like every
// other model call (`LlmClient.embed`), so each request is retried under the shared policy,
// counted in a usage record, priced from the table and held to the run's cost cap. Vectors
// are L2-normalised here so a dot product is the cosine.

import type { EmbeddingResult, EmbedOptions, LlmConfig, UsageRecord } from '@nl2sql/llm';
import { EMBEDDER_NODE } from './reference-nodes.js';

export interface Embedder {
  /** One unit vector per text, in order, and the usage of the calls that made them. */
  embed(
    texts: readonly string[],
    signal?: AbortSignal,
  ): Promise<{ vectors: number[][]; usage: UsageRecord[] }>;
  /** `provider:model`, for describe(); null when unknown. */
  readonly model: string | null;
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

/** What an embedder needs of an LlmClient: its `embed` (and its config, to name the model). */
export interface EmbeddingCaller<N extends string> {
  embed(node: N, texts: readonly string[], options?: EmbedOptions): Promise<EmbeddingResult>;
  readonly config?: LlmConfig<N>;
}

/**
 * The retriever's embedder on an LLM client: `node` (default `embedder`) must be a node of
 * the client's config, configured with an embedding model (`text-embedding-3-small`, or
 * `ollama/nomic-embed-text` with a price row). `batchSize` texts go in one request.
 */
export function llmEmbedder<N extends string>(
  client: EmbeddingCaller<N>,
  node: N = EMBEDDER_NODE as N,
  options: { batchSize?: number } = {},
): Embedder {
  const configured = client.config?.nodes[node];
  return {
    model: configured ? `${configured.provider}:${configured.model}` : null,
    async embed(texts, signal) {
      const result = await client.embed(node, texts, {
        ...(signal ? { signal } : {}),
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
      });
      return { vectors: result.vectors.map(normalise), usage: result.usage };
    },
  };
}
