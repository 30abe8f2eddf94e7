// The OpenAI embeddings wire (`POST <base>/embeddings`), which OpenAI, OpenRouter, Ollama
// and vLLM serve alike: `{ model, input: [texts] }` in, `{ data: [{ index, embedding }],
// usage: { prompt_tokens } }` out. An embedding has input tokens only, so its usage record
// bills them at the model's input rate and counts no output.

import type { NodeConfig } from './llm-config.js';
import type { TokenCounts } from './usage.js';
import { asRecord } from './wire-adapter.js';

export const EMBEDDINGS_PATH = '/embeddings';

/** One embeddings reply: a vector per input, in input order. */
export interface EmbeddingsReply {
  vectors: number[][];
  usage: TokenCounts;
  modelEchoed: string | null;
}

export function embeddingsBody(node: NodeConfig, texts: readonly string[]): unknown {
  return { model: node.model, input: texts };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Embeddings `usage`: `prompt_tokens` is all there is. */
export function embeddingsUsage(usage: unknown): TokenCounts {
  const u = typeof usage === 'object' && usage !== null ? (usage as Record<string, unknown>) : {};
  return { input: count(u.prompt_tokens), cached: 0, cacheWrite: 0, output: 0, reasoning: 0 };
}

/**
 * Reads a reply to `expected` inputs. Throws a plain Error describing what is wrong when the
 * reply is not one vector of numbers per input (the API may answer out of order; `index`
 * says which input each vector belongs to, and every index must appear once).
 */
export function parseEmbeddings(json: unknown, expected: number): EmbeddingsReply {
  const body = asRecord(json, 'the reply');
  const data = body.data;
  if (!Array.isArray(data)) throw new Error('the reply has no data list');
  if (data.length !== expected) {
    throw new Error(`expected ${expected} vectors in data, got ${data.length}`);
  }
  const vectors: Array<number[] | undefined> = new Array(expected).fill(undefined);
  data.forEach((item: unknown, position: number) => {
    const entry = asRecord(item, `data[${position}]`);
    const index = entry.index === undefined ? position : entry.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= expected) {
      throw new Error(`data[${position}].index is ${JSON.stringify(index)}, not an input's index`);
    }
    if (vectors[index] !== undefined) throw new Error(`data holds index ${index} twice`);
    const embedding = entry.embedding;
    if (
      !Array.isArray(embedding) ||
      embedding.length === 0 ||
      !embedding.every((x) => typeof x === 'number' && Number.isFinite(x))
    ) {
      throw new Error(`data[${position}] has no numeric embedding`);
    }
    vectors[index] = embedding as number[];
  });
  return {
    vectors: vectors as number[][],
    usage: embeddingsUsage(body.usage),
    modelEchoed: typeof body.model === 'string' ? body.model : null,
  };
}
