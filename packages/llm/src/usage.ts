// One usage record per HTTP call, the same shape whatever the wire. The wires count
// differently: OpenAI's input already includes cached reads, Anthropic's excludes both cache
// reads and cache writes; both count reasoning inside output. The record always holds the
// inclusive totals, so callCost reads it the same way for every provider.

import type { ProviderName, Wire } from './providers.js';

export interface UsageRecord {
  /** The node that made the call. */
  node: string;
  provider: ProviderName;
  /** The wire the call went over; `embeddings` for an embeddings request. */
  wire: Wire | 'embeddings';
  /** The model the node is configured with (what the call is priced by). */
  model: string;
  /** The model the response named (often a dated snapshot), or null when it named none. */
  modelEchoed: string | null;
  /** All input tokens: uncached, cached reads and cache writes. */
  input: number;
  /** Input tokens read from the prompt cache. */
  cached: number;
  /** Input tokens written to the prompt cache (Anthropic; 0 for OpenAI's automatic cache). */
  cacheWrite: number;
  /** All output tokens, reasoning included. */
  output: number;
  /** Reasoning tokens (part of output); 0 when the wire does not report them. */
  reasoning: number;
  /** Wall time of the HTTP call, in milliseconds. */
  latencyMs: number;
}

export type TokenCounts = Pick<
  UsageRecord,
  'input' | 'cached' | 'cacheWrite' | 'output' | 'reasoning'
>;

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** Chat Completions `usage` (OpenAI, OpenRouter, Ollama, vLLM). */
export function chatUsage(usage: unknown): TokenCounts {
  const u = record(usage);
  return {
    input: count(u.prompt_tokens),
    cached: count(record(u.prompt_tokens_details).cached_tokens),
    cacheWrite: 0,
    output: count(u.completion_tokens),
    reasoning: count(record(u.completion_tokens_details).reasoning_tokens),
  };
}

/** Responses API `usage`. */
export function responsesUsage(usage: unknown): TokenCounts {
  const u = record(usage);
  return {
    input: count(u.input_tokens),
    cached: count(record(u.input_tokens_details).cached_tokens),
    cacheWrite: 0,
    output: count(u.output_tokens),
    reasoning: count(record(u.output_tokens_details).reasoning_tokens),
  };
}

/** Anthropic Messages `usage`: input_tokens excludes cache reads and writes, so add them. */
export function anthropicUsage(usage: unknown): TokenCounts {
  const u = record(usage);
  const cached = count(u.cache_read_input_tokens);
  const cacheWrite = count(u.cache_creation_input_tokens);
  return {
    input: count(u.input_tokens) + cached + cacheWrite,
    cached,
    cacheWrite,
    output: count(u.output_tokens),
    reasoning: 0,
  };
}

/** Token totals over several records (a node's calls, a case's, a run's). */
export function sumUsage(records: readonly TokenCounts[]): TokenCounts {
  const total: TokenCounts = { input: 0, cached: 0, cacheWrite: 0, output: 0, reasoning: 0 };
  for (const r of records) {
    total.input += r.input;
    total.cached += r.cached;
    total.cacheWrite += r.cacheWrite;
    total.output += r.output;
    total.reasoning += r.reasoning;
  }
  return total;
}
