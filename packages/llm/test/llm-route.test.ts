import { describe, expect, it } from 'vitest';
import { ConcurrencyLimiter } from '../src/concurrency-limiter.js';
import { type LlmConfig, LlmConfigError } from '../src/llm-config.js';
import { LlmError } from '../src/llm-error.js';
import { type RouteOptions, resolveRoute } from '../src/llm-route.js';
import { Secret } from '../src/secret.js';

const limiter = new ConcurrencyLimiter(2);
const options: RouteOptions = {
  env: {},
  limiter: () => limiter,
  error: (code, message, details) => new LlmError(code, message, details),
};

const config: LlmConfig<'planner' | 'helper'> = {
  name: 'test',
  nodes: {
    planner: { provider: 'openai', model: 'gpt-5.4', temperature: 0, wire: 'responses' },
    helper: { provider: 'anthropic', model: 'claude', temperature: null },
  },
  providers: {
    openai: { apiKey: new Secret('sk-test'), baseUrl: 'http://127.0.0.1:9/v1/', maxRetries: 1 },
  },
  prices: {},
};

describe('resolveRoute', () => {
  it("takes the node's wire, the provider's URL and key, and the provider's retry limit", () => {
    const route = resolveRoute(config, 'planner', 'chat', { ...options, timeoutMs: 5000 });
    expect(route).toMatchObject({
      node: 'planner',
      provider: 'openai',
      wireName: 'responses',
      url: 'http://127.0.0.1:9/v1/responses',
      apiKey: 'sk-test',
      timeoutMs: 5000,
      policy: { maxRetries: 1 },
      limiter,
    });
    expect(resolveRoute(config, 'planner', 'embeddings', options)).toMatchObject({
      wireName: 'embeddings',
      url: 'http://127.0.0.1:9/v1/embeddings',
      timeoutMs: 120_000,
    });
  });

  it('refuses a node the config does not declare, naming the ones it does', () => {
    expect(() => resolveRoute(config, 'judge' as 'planner', 'chat', options)).toThrow(
      new LlmConfigError('Unknown LLM node "judge" (config test declares: planner, helper)'),
    );
  });

  it('refuses embeddings from a provider without an embeddings endpoint, and a missing key', () => {
    expect(() => resolveRoute(config, 'helper', 'embeddings', options)).toThrow(LlmConfigError);
    try {
      resolveRoute(config, 'helper', 'chat', options);
      expect.unreachable();
    } catch (error) {
      expect((error as LlmError).code).toBe('AUTH');
      expect((error as LlmError).message).toMatch(/ANTHROPIC_API_KEY/);
    }
    const withKey = resolveRoute(config, 'helper', 'chat', {
      ...options,
      env: { ANTHROPIC_API_KEY: 'k' },
    });
    expect(withKey).toMatchObject({ apiKey: 'k', wireName: 'anthropic' });
  });
});
