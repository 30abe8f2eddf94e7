// Where a node's call goes: its provider and model, the wire it speaks (the node's setting,
// else the provider's, else the provider's default), the URL, the key (the config's, else the
// provider's environment variable), the per-attempt timeout, the retry policy and the
// provider's concurrency limiter. A node the config does not declare, embeddings from a
// provider without an embeddings endpoint and a missing key are refused here, before a call.

import type { RetryPolicy } from '@nl2sql/retry';
import { DEFAULT_RETRY_POLICY } from '@nl2sql/retry';
import { anthropicMessagesWire } from './anthropic-messages-wire.js';
import { chatCompletionsWire } from './chat-completions-wire.js';
import type { ConcurrencyLimiter } from './concurrency-limiter.js';
import { EMBEDDINGS_PATH } from './embeddings-wire.js';
import {
  configNodes,
  type LlmConfig,
  LlmConfigError,
  type NodeConfig,
  type ProviderSettings,
} from './llm-config.js';
import type { LlmError, LlmErrorCode, LlmErrorDetails } from './llm-error.js';
import { PROVIDERS, type ProviderName, type Wire } from './providers.js';
import { responsesWire } from './responses-wire.js';
import type { WireAdapter } from './wire-adapter.js';

const WIRES: Readonly<Record<Wire, WireAdapter>> = {
  chat: chatCompletionsWire,
  responses: responsesWire,
  anthropic: anthropicMessagesWire,
};

/** A node's resolved destination and the limits its calls run under. */
export interface Route {
  node: string;
  config: NodeConfig;
  provider: ProviderName;
  /** The chat wire (unused for an embeddings route). */
  wire: WireAdapter;
  wireName: Wire | 'embeddings';
  url: string;
  apiKey: string | undefined;
  timeoutMs: number;
  policy: RetryPolicy;
  limiter: ConcurrencyLimiter;
}

/** What the client decides beside the config: defaults, the limiter per provider, its errors. */
export interface RouteOptions {
  /** Where a provider's key variable is read. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Per-attempt timeout when the provider sets none (default 120 s). */
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  readonly limiter: (provider: ProviderName) => ConcurrencyLimiter;
  /** Builds the client's (redacted) error. */
  readonly error: (code: LlmErrorCode, message: string, details: LlmErrorDetails) => LlmError;
}

/** The route of a call from `node`: a chat call, or embeddings. */
export function resolveRoute<N extends string>(
  llm: LlmConfig<N>,
  node: N,
  kind: 'chat' | 'embeddings',
  options: RouteOptions,
): Route {
  if (typeof node !== 'string' || !Object.hasOwn(llm.nodes, node)) {
    throw new LlmConfigError(
      `Unknown LLM node "${String(node)}" (config ${llm.name} declares: ${configNodes(llm).join(', ')})`,
    );
  }
  const config = llm.nodes[node];
  const provider = config.provider;
  const info = PROVIDERS[provider];
  const settings: ProviderSettings = llm.providers[provider] ?? {};
  const chatWire = config.wire ?? settings.wire ?? info.wire;
  if (kind === 'embeddings' && chatWire === 'anthropic') {
    throw new LlmConfigError(
      `Node "${node}" asks for embeddings from ${provider}:${config.model}, but the ${provider} provider has no OpenAI-compatible embeddings endpoint`,
    );
  }
  const wireName = kind === 'embeddings' ? 'embeddings' : chatWire;
  const wire = WIRES[chatWire];
  const env = options.env;
  const apiKey = settings.apiKey?.reveal() ?? (info.keyEnv ? env[info.keyEnv] : undefined);
  if (info.needsKey && !apiKey) {
    throw options.error(
      'AUTH',
      `No API key for provider "${provider}" (node "${node}"): set api_key in the llm ` +
        `section's providers.${provider}${info.keyEnv ? ` or the ${info.keyEnv} environment variable` : ''}.`,
      { provider, model: config.model, node },
    );
  }
  const base = (settings.baseUrl ?? info.baseUrl).replace(/\/+$/, '');
  return {
    node,
    config,
    provider,
    wire,
    wireName,
    url: base + (kind === 'embeddings' ? EMBEDDINGS_PATH : wire.path),
    apiKey,
    timeoutMs: settings.timeoutMs ?? options.timeoutMs ?? 120_000,
    policy: {
      ...DEFAULT_RETRY_POLICY,
      ...options.retry,
      ...(settings.maxRetries !== undefined ? { maxRetries: settings.maxRetries } : {}),
    },
    limiter: options.limiter(provider),
  };
}
