// Shared setup: a client whose every node goes to one FakeLLMServer over a chosen wire.

import type { FakeLLMServer } from '../src/fake-llm-server.js';
import type { LlmConfig } from '../src/llm-config.js';
import { modelConfig, resolveModel } from '../src/llm-config.js';
import type { ProviderName, Wire } from '../src/providers.js';
import { Secret } from '../src/secret.js';

/** The nodes these tests declare, as a user of the package would (the reference engine's five). */
export const NODES = ['resolver', 'decomposer', 'planner', 'refiner', 'synthesizer'] as const;
export type TestNode = (typeof NODES)[number];

export const TEST_KEY = 'sk-test-do-not-print-1234567890';

export function fakeConfig(
  server: FakeLLMServer,
  wire: Wire,
  extra: { maxConcurrency?: number; timeoutMs?: number; maxRetries?: number } = {},
): LlmConfig<TestNode> {
  const model = wire === 'anthropic' ? 'claude-haiku-4-5' : 'gpt-5.4';
  const config = modelConfig(model, NODES);
  const provider: ProviderName = wire === 'anthropic' ? 'anthropic' : 'openai';
  for (const node of NODES) config.nodes[node] = { ...resolveModel(model), wire };
  config.providers[provider] = {
    baseUrl: wire === 'anthropic' ? server.url : server.openaiUrl,
    apiKey: new Secret(TEST_KEY),
    ...extra,
  };
  return config;
}

export const PLAN_SCHEMA = {
  type: 'object',
  properties: {
    tables: { type: 'array', items: { type: 'string' } },
    limit: { type: 'integer', minimum: 1 },
  },
  required: ['tables', 'limit'],
  additionalProperties: false,
} as const satisfies Record<string, unknown>;

/** No jitter: retries wait exactly half the ceiling, so elapsed times are predictable. */
export const FIXED_RANDOM = () => 0;
