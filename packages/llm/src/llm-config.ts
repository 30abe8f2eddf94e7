// An llm section resolved into what a client needs: which provider, model, wire and
// temperature each node uses, per-provider connection settings (with keys as Secrets), and
// the price rows that override the built-in table. A node is whatever the config's user
// calls a model for (the reference engine's planner, a judge, an embedder): this package
// knows no node names, the user declares them, and the config is typed over them.

import type { Price } from './prices.js';
import { isProviderName, PROVIDERS, type ProviderName, type Wire } from './providers.js';
import type { Secret } from './secret.js';
import { VERIFIED_MODELS } from './verified-models.js';

export interface NodeConfig {
  provider: ProviderName;
  model: string;
  /** Sent as `temperature`, or omitted when null. */
  temperature: number | null;
  /** Overrides the provider's wire (e.g. `responses` for OpenAI). */
  wire?: Wire;
  /** Upper bound on output tokens (Anthropic requires one; defaults to 4096 there). */
  maxTokens?: number;
}

export interface ProviderSettings {
  baseUrl?: string;
  apiKey?: Secret;
  wire?: Wire;
  /** Most requests in flight at once to this provider, per client. */
  maxConcurrency?: number;
  /** Per-attempt timeout. */
  timeoutMs?: number;
  /** Retries after the first attempt on 429/5xx/network errors. */
  maxRetries?: number;
}

export interface LlmConfig<N extends string = string> {
  /** The config's name (a preset's or a file's name, or the model for `modelConfig`). */
  name: string;
  /** One model per node the user declared. */
  nodes: Record<N, NodeConfig>;
  providers: Partial<Record<ProviderName, ProviderSettings>>;
  /** Rows that replace the built-in price table's, keyed by model. */
  prices: Record<string, Price>;
}

export class LlmConfigError extends Error {
  override readonly name = 'LlmConfigError';
  readonly code = 'LLM_CONFIG';
}

/**
 * One node's config for a model name: a verified model names its own provider and
 * temperature; anything else is written `provider/model` and runs at temperature 0 (none for
 * anthropic, whose newest models reject it).
 */
export function resolveModel(ref: string): NodeConfig {
  const verified = VERIFIED_MODELS[ref];
  if (verified)
    return { provider: verified.provider, model: ref, temperature: verified.temperature };
  const slash = ref.indexOf('/');
  if (slash <= 0 || slash === ref.length - 1) {
    throw new LlmConfigError(
      `Unknown model "${ref}": it is not in VERIFIED_MODELS, so write it as provider/model ` +
        `(providers: ${Object.keys(PROVIDERS).join(', ')}).`,
    );
  }
  const provider = ref.slice(0, slash);
  const model = ref.slice(slash + 1);
  if (!isProviderName(provider)) {
    throw new LlmConfigError(
      `Unknown provider "${provider}" in model "${ref}" (providers: ${Object.keys(PROVIDERS).join(', ')}).`,
    );
  }
  return { provider, model, temperature: provider === 'anthropic' ? null : 0 };
}

/**
 * Checks a list of node names a user declares: at least one, each a non-empty name, none
 * twice. Returns the list; throws LlmConfigError naming the fault.
 */
export function declaredNodes<N extends string>(
  nodes: readonly N[],
  where = 'nodes',
): readonly N[] {
  if (nodes.length === 0) throw new LlmConfigError(`${where}: declare at least one LLM node`);
  const seen = new Set<string>();
  for (const node of nodes) {
    if (typeof node !== 'string' || node.trim() === '') {
      throw new LlmConfigError(
        `${where}: a node name must be a non-empty string, got ${JSON.stringify(node)}`,
      );
    }
    if (seen.has(node)) throw new LlmConfigError(`${where}: node "${node}" is declared twice`);
    seen.add(node);
  }
  return nodes;
}

/** A config with MODEL on every node of `nodes` (the nodes its user declares). */
export function modelConfig<N extends string>(model: string, nodes: readonly N[]): LlmConfig<N> {
  const node = resolveModel(model);
  const out = {} as Record<N, NodeConfig>;
  for (const name of declaredNodes(nodes)) out[name] = { ...node };
  return { name: model, nodes: out, providers: {}, prices: {} };
}

/** The node names a config holds, in the order they were declared. */
export function configNodes<N extends string>(config: LlmConfig<N>): N[] {
  return Object.keys(config.nodes) as N[];
}

/** `provider:model` per node, as a result record writes a config (keys never included). */
export function describeConfig<N extends string>(config: LlmConfig<N>): Record<N, string> {
  const out = {} as Record<N, string>;
  for (const name of configNodes(config)) {
    const node = config.nodes[name];
    out[name] = `${node.provider}:${node.model}`;
  }
  return out;
}
