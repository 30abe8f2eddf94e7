import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { priceForModel } from '../src/assert-priced.js';
import { FakeLLMServer, type FakeRequest, fakeEmbedding } from '../src/fake-llm-server.js';
import { LlmClient } from '../src/llm-client.js';
import { LlmConfigError, type NodeConfig } from '../src/llm-config.js';
import { LlmError } from '../src/llm-error.js';
import { callCost } from '../src/prices.js';
import type { Wire } from '../src/providers.js';
import { REDACTED, Secret } from '../src/secret.js';
import type { UsageRecord } from '../src/usage.js';
import { FIXED_RANDOM, fakeConfig, PLAN_SCHEMA, TEST_KEY } from './helpers.js';

const server = new FakeLLMServer({
  answers: { plan: { tables: ['Track'], limit: 5 } },
  usage: { input: 1000, cached: 600, cacheWrite: 150, output: 250, reasoning: 90 },
  text: 'Five tracks.',
});

beforeAll(async () => {
  await server.start();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.reset();
});

const fast = { retry: { baseDelayMs: 5, maxDelayMs: 20 }, random: FIXED_RANDOM };

function ask(client: LlmClient, signal?: AbortSignal) {
  return client.call('planner', {
    system: 'You plan SQL.',
    messages: [{ role: 'user', content: 'Five tracks?' }],
    output: { name: 'plan', schema: PLAN_SCHEMA },
    signal,
  });
}

describe('request shapes per wire', () => {
  it('Chat Completions: bearer key, system message, response_format json_schema, temperature 0', async () => {
    const client = new LlmClient(fakeConfig(server, 'chat'));
    const result = await ask(client);
    expect(result.output).toEqual({ tables: ['Track'], limit: 5 });
    const req = server.requests[0]!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(req.body).toMatchObject({
      model: 'gpt-5.4',
      temperature: 0,
      messages: [
        { role: 'system', content: 'You plan SQL.' },
        { role: 'user', content: 'Five tracks?' },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'plan', schema: PLAN_SCHEMA, strict: true },
      },
    });
    await client.close();
  });

  it('Responses: instructions, input, text.format json_schema', async () => {
    const client = new LlmClient(fakeConfig(server, 'responses'));
    await ask(client);
    const req = server.requests[0]!;
    expect(req.path).toBe('/v1/responses');
    expect(req.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(req.body).toMatchObject({
      model: 'gpt-5.4',
      instructions: 'You plan SQL.',
      input: [{ role: 'user', content: 'Five tracks?' }],
      text: { format: { type: 'json_schema', name: 'plan', schema: PLAN_SCHEMA, strict: true } },
    });
    await client.close();
  });

  it('Anthropic: x-api-key, version header, forced tool use, max_tokens, top-level system', async () => {
    const client = new LlmClient(fakeConfig(server, 'anthropic'));
    const result = await ask(client);
    expect(result.output).toEqual({ tables: ['Track'], limit: 5 });
    const req = server.requests[0]!;
    expect(req.path).toBe('/v1/messages');
    expect(req.headers['x-api-key']).toBe(TEST_KEY);
    expect(req.headers['anthropic-version']).toBe('2023-06-01');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).toMatchObject({
      model: 'claude-haiku-4-5',
      system: 'You plan SQL.',
      max_tokens: 4096,
      messages: [{ role: 'user', content: 'Five tracks?' }],
      tools: [{ name: 'plan', input_schema: PLAN_SCHEMA }],
      tool_choice: { type: 'tool', name: 'plan' },
    });
    await client.close();
  });

  it('sends no temperature for a model that rejects one', async () => {
    const config = fakeConfig(server, 'anthropic');
    config.nodes.planner = { provider: 'anthropic', model: 'claude-opus-5', temperature: null };
    const client = new LlmClient(config);
    await ask(client);
    expect(server.requests[0]!.body).not.toHaveProperty('temperature');
    await client.close();
  });

  it('plain text answers without a schema', async () => {
    const client = new LlmClient(fakeConfig(server, 'chat'));
    const result = await client.call('synthesizer', {
      messages: [{ role: 'user', content: 'Say it' }],
    });
    expect(result.text).toBe('Five tracks.');
    expect(result.output).toBeUndefined();
    expect(server.requests[0]!.body).not.toHaveProperty('response_format');
    await client.close();
  });
});

describe('usage normalised per wire', () => {
  const cases: Array<[Wire, { cacheWrite: number; reasoning: number }]> = [
    ['chat', { cacheWrite: 0, reasoning: 90 }],
    ['responses', { cacheWrite: 0, reasoning: 90 }],
    ['anthropic', { cacheWrite: 150, reasoning: 0 }],
  ];
  for (const [wire, expected] of cases) {
    it(`${wire}: inclusive input, cached, cache_write, output, reasoning, echoed model, node, latency`, async () => {
      const client = new LlmClient(fakeConfig(server, wire));
      const result = await ask(client);
      expect(result.usage).toHaveLength(1);
      const u = result.usage[0]!;
      const model = wire === 'anthropic' ? 'claude-haiku-4-5' : 'gpt-5.4';
      expect(u).toMatchObject({
        node: 'planner',
        wire,
        model,
        modelEchoed: `${model}-2026-01-01`,
        input: 1000,
        cached: 600,
        cacheWrite: expected.cacheWrite,
        output: 250,
        reasoning: expected.reasoning,
      });
      expect(u.latencyMs).toBeGreaterThan(0);
      await client.close();
    });
  }
});

describe('structured output and the corrective retry', () => {
  it('a schema the validator cannot compile is a config error before any call is sent', async () => {
    const client = new LlmClient(fakeConfig(server, 'chat'));
    const call = client.call('planner', {
      system: 'You plan SQL.',
      messages: [{ role: 'user', content: 'Five tracks?' }],
      output: { name: 'plan', schema: { type: 'object', requird: ['tables'] } },
    });
    await expect(call).rejects.toThrow(LlmConfigError);
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  for (const wire of ['chat', 'responses', 'anthropic'] as const) {
    it(`${wire}: an invalid answer is sent back with the validation errors once, then accepted`, async () => {
      server.fault({ kind: 'answer', value: { tables: 'Track' } });
      const client = new LlmClient(fakeConfig(server, wire));
      const result = await ask(client);
      expect(result.output).toEqual({ tables: ['Track'], limit: 5 });
      expect(server.requests).toHaveLength(2);
      expect(result.usage).toHaveLength(2);
      expect(result.attempts).toBe(2);
      const correction = server.requests[1]!.lastUserText;
      expect(correction).toContain('tables: must be array; got string');
      expect(correction).toContain("limit: missing required field 'limit'");
      if (wire === 'anthropic') {
        const messages = server.requests[1]!.body.messages as Array<{
          role: string;
          content: unknown;
        }>;
        expect(messages[1]).toMatchObject({
          role: 'assistant',
          content: [{ type: 'tool_use', name: 'plan', input: { tables: 'Track' } }],
        });
        expect(messages[2]).toMatchObject({
          role: 'user',
          content: [{ type: 'tool_result', is_error: true }],
        });
      }
      await client.close();
    });
  }

  it('a second invalid answer is INVALID_OUTPUT with the errors', async () => {
    server.fault({ kind: 'answer', value: 'not json at all' }, { times: 2 });
    const client = new LlmClient(fakeConfig(server, 'chat'));
    const error = await ask(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).code).toBe('INVALID_OUTPUT');
    expect((error as LlmError).validationErrors?.[0]).toMatch(/not JSON/);
    expect(server.requests).toHaveLength(2);
    // Both answers were billed, so the error carries their usage for the cost cap.
    expect((error as LlmError).usage.map((u) => u.input)).toEqual([1000, 1000]);
    await client.close();
  });
});

describe('faults end in a typed error or a successful retry', () => {
  it('500 then success', async () => {
    server.fault({ kind: 'status', status: 500 });
    const client = new LlmClient(fakeConfig(server, 'chat'), fast);
    const result = await ask(client);
    expect(result.output).toEqual({ tables: ['Track'], limit: 5 });
    expect(result.attempts).toBe(2);
    expect(result.usage).toHaveLength(1);
    await client.close();
  });

  it('500 every time ends in HTTP_STATUS after maxRetries', async () => {
    server.fault({ kind: 'status', status: 503 }, { times: 10 });
    const client = new LlmClient(fakeConfig(server, 'chat', { maxRetries: 2 }), fast);
    const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('HTTP_STATUS');
    expect(error.status).toBe(503);
    expect(error.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    await client.close();
  });

  it('401 is AUTH and never retried, and the message holds no key', async () => {
    server.fault({ kind: 'status', status: 401, body: 'bad key' });
    const client = new LlmClient(fakeConfig(server, 'responses'), fast);
    const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('AUTH');
    expect(server.requests).toHaveLength(1);
    expect(error.message).not.toContain(TEST_KEY);
    await client.close();
  });

  it('400 is HTTP_STATUS and not retried', async () => {
    server.fault({ kind: 'status', status: 400 });
    const client = new LlmClient(fakeConfig(server, 'chat'), fast);
    const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('HTTP_STATUS');
    expect(error.retryable).toBe(false);
    expect(server.requests).toHaveLength(1);
    await client.close();
  });

  it('429 with Retry-After waits at least that long, then succeeds', async () => {
    server.fault({ kind: 'rate_limit', retryAfterSeconds: 0.3 });
    const client = new LlmClient(fakeConfig(server, 'anthropic'), fast);
    const started = performance.now();
    const result = await ask(client);
    const elapsed = performance.now() - started;
    expect(result.attempts).toBe(2);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    await client.close();
  });

  it('a Retry-After beyond maxRetryAfterMs fails at once instead of sleeping', async () => {
    server.fault({ kind: 'rate_limit', retryAfterSeconds: 3600 });
    const client = new LlmClient(fakeConfig(server, 'chat'), {
      ...fast,
      retry: { ...fast.retry, maxRetryAfterMs: 1000 },
    });
    const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('HTTP_STATUS');
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(server.requests).toHaveLength(1);
    await client.close();
  });

  it('a slow answer past the timeout is TIMEOUT, retried, then succeeds', async () => {
    server.fault({ kind: 'slow', delayMs: 5_000 });
    // The timeout must also leave room for the healthy retry on a loaded CI machine.
    const client = new LlmClient(fakeConfig(server, 'chat', { timeoutMs: 1_500 }), fast);
    const result = await ask(client);
    expect(result.attempts).toBe(2);
    await client.close();
  });

  it('always slow ends in TIMEOUT', async () => {
    server.fault({ kind: 'slow', delayMs: 5_000 }, { times: 5 });
    const client = new LlmClient(
      fakeConfig(server, 'responses', { timeoutMs: 100, maxRetries: 1 }),
      fast,
    );
    const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('TIMEOUT');
    expect(error.attempts).toBe(2);
    await client.close();
  });

  it('malformed JSON is retried, and BAD_RESPONSE when it persists', async () => {
    server.fault({ kind: 'malformed' });
    const client = new LlmClient(fakeConfig(server, 'chat', { maxRetries: 1 }), fast);
    expect((await ask(client)).attempts).toBe(2);
    server.fault({ kind: 'malformed' }, { times: 2 });
    const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('BAD_RESPONSE');
    await client.close();
  });

  it('a dropped connection is NETWORK, retried, and NETWORK when it persists', async () => {
    server.fault({ kind: 'drop' });
    const client = new LlmClient(fakeConfig(server, 'anthropic', { maxRetries: 1 }), fast);
    expect((await ask(client)).attempts).toBe(2);
    server.fault({ kind: 'drop' }, { times: 2 });
    const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('NETWORK');
    await client.close();
  });

  it('nothing listening is NETWORK', async () => {
    const config = fakeConfig(server, 'chat', { maxRetries: 0 });
    config.providers.openai!.baseUrl = 'http://127.0.0.1:1/v1';
    const client = new LlmClient(config, fast);
    const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('NETWORK');
    await client.close();
  });

  it('an AbortSignal cancels a call in flight as CANCELLED', async () => {
    server.fault({ kind: 'slow', delayMs: 5_000 });
    const client = new LlmClient(fakeConfig(server, 'chat'), fast);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = (await ask(client, controller.signal).catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('CANCELLED');
    expect(server.requests).toHaveLength(1);
    await client.close();
  });

  it('an AbortSignal cancels a backoff wait', async () => {
    server.fault({ kind: 'rate_limit', retryAfterSeconds: 30 });
    const client = new LlmClient(fakeConfig(server, 'chat'), fast);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const error = (await ask(client, controller.signal).catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('CANCELLED');
    expect(performance.now() - started).toBeLessThan(5_000);
    await client.close();
  });

  it('a missing key is AUTH before any request', async () => {
    const config = fakeConfig(server, 'chat');
    config.providers.openai!.apiKey = undefined;
    const client = new LlmClient(config, { env: {} });
    const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('AUTH');
    expect(error.message).toContain('OPENAI_API_KEY');
    expect(server.requests).toHaveLength(0);
    await client.close();
  });
});

describe('secrets never leave the client in an error', () => {
  /** The key the request carried, as a provider that echoes it would send it back. */
  const echoKey = (request: FakeRequest) => {
    const key = String(request.headers['x-api-key'] ?? request.headers.authorization ?? '');
    const bare = key.replace(/^Bearer /, '');
    return `Incorrect API key provided: ${bare}. Check OPENAI_API_KEY=${bare} (${key})`;
  };

  for (const wire of ['chat', 'responses', 'anthropic'] as const) {
    it(`${wire}: a 401 body echoing the key is masked`, async () => {
      server.fault({ kind: 'status', status: 401, body: echoKey });
      const client = new LlmClient(fakeConfig(server, wire), fast);
      const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
      expect(error.code).toBe('AUTH');
      expect(error.message).toContain('HTTP 401');
      expect(error.message).toContain(`Incorrect API key provided: ${REDACTED}`);
      expect(error.message).not.toContain(TEST_KEY);
      await client.close();
    });
  }

  it('masks a configured key that has no token shape, and a key read from the environment', async () => {
    const config = fakeConfig(server, 'chat');
    config.providers.openai!.apiKey = new Secret('correcthorsebattery');
    server.fault({ kind: 'status', status: 401, body: echoKey });
    const client = new LlmClient(config, fast);
    const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
    expect(error.message).not.toContain('correcthorsebattery');
    await client.close();

    const fromEnv = fakeConfig(server, 'chat');
    fromEnv.providers.openai!.apiKey = undefined;
    server.fault({ kind: 'status', status: 403, body: echoKey });
    const envClient = new LlmClient(fromEnv, {
      ...fast,
      env: { OPENAI_API_KEY: 'plainenvkeyvalue' },
    });
    const envError = (await ask(envClient).catch((e: unknown) => e)) as LlmError;
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer plainenvkeyvalue');
    expect(envError.message).not.toContain('plainenvkeyvalue');
    expect(envClient.redactor.redact('key plainenvkeyvalue')).toBe(`key ${REDACTED}`);
    await envClient.close();
  });

  it('masks before cutting the body, so no prefix of a key survives the cut', async () => {
    server.fault({ kind: 'status', status: 400, body: `${'x'.repeat(270)} ${TEST_KEY}` });
    const client = new LlmClient(fakeConfig(server, 'chat'), fast);
    const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
    expect(error.message).not.toContain(TEST_KEY.slice(0, 6));
    await client.close();
  });

  it("masks the caller's own secrets and a password in the base URL", async () => {
    server.fault({ kind: 'status', status: 500, body: 'db at postgres://app:dbpass-1234@db' });
    const client = new LlmClient(fakeConfig(server, 'chat', { maxRetries: 0 }), {
      ...fast,
      secrets: ['dbpass-1234'],
    });
    const error = (await ask(client).catch((e: unknown) => e)) as LlmError;
    expect(error.message).not.toContain('dbpass-1234');
    await client.close();

    const config = fakeConfig(server, 'chat', { maxRetries: 0 });
    config.providers.openai!.baseUrl = 'http://proxyuser:proxy-pass-77@127.0.0.1:1/v1';
    const unreachable = new LlmClient(config, fast);
    const network = (await ask(unreachable).catch((e: unknown) => e)) as LlmError;
    expect(network.code).toBe('NETWORK');
    expect(network.message).not.toContain('proxy-pass-77');
    await unreachable.close();
  });
});

describe('client plumbing', () => {
  it('onUsage sees every record as it is made; an unknown node is a config error', async () => {
    const seen: string[] = [];
    const client = new LlmClient(fakeConfig(server, 'chat'), {
      onUsage: (u) => seen.push(`${u.node}:${u.input}`),
    });
    await ask(client);
    expect(seen).toEqual(['planner:1000']);
    // A node the config does not declare (a caller that is not type-checked).
    await expect(client.call('coder' as 'planner', { messages: [] })).rejects.toThrow(
      /Unknown LLM node "coder" \(config gpt-5.4 declares: resolver, decomposer, planner, refiner, synthesizer\)/,
    );
    await expect(client.call('coder' as 'planner', { messages: [] })).rejects.toThrow(
      LlmConfigError,
    );
    await client.close();
  });

  it('max tokens: max_completion_tokens for OpenAI, max_tokens for compatible servers', async () => {
    const config = fakeConfig(server, 'chat');
    config.nodes.planner.maxTokens = 900;
    config.nodes.resolver = { provider: 'vllm', model: 'qwen2.5', temperature: 0 };
    config.providers.vllm = { baseUrl: server.openaiUrl };
    const client = new LlmClient(config, { env: {} });
    await ask(client);
    await client.call('resolver', { messages: [{ role: 'user', content: 'x' }], maxTokens: 50 });
    expect(server.requests[0]!.body.max_completion_tokens).toBe(900);
    expect(server.requests[1]!.body).toMatchObject({ model: 'qwen2.5', max_tokens: 50 });
    expect(server.requests[1]!.headers.authorization).toBeUndefined();
    await client.close();
  });
});

describe('concurrency limit per provider', () => {
  it('each provider has its own limit, shared by its nodes', async () => {
    const slow = new FakeLLMServer({ answers: { plan: { tables: ['A'], limit: 1 } }, delayMs: 40 });
    await slow.start();
    const config = fakeConfig(slow, 'chat', { maxConcurrency: 1 });
    config.nodes.synthesizer = { provider: 'anthropic', model: 'claude-haiku-4-5', temperature: 0 };
    config.providers.anthropic = { baseUrl: slow.url, apiKey: new Secret('k'), maxConcurrency: 1 };
    const client = new LlmClient(config);
    const q = {
      messages: [{ role: 'user' as const, content: 'q' }],
      output: { name: 'plan', schema: PLAN_SCHEMA },
    };
    await Promise.all([
      ...(['planner', 'resolver', 'planner', 'refiner'] as const).map((n) => client.call(n, q)),
      ...[1, 2, 3, 4].map(() => client.call('synthesizer', q)),
    ]);
    expect(slow.requests).toHaveLength(8);
    expect(slow.maxInFlight).toBe(2);
    await client.close();
    await slow.close();
  });

  it('never has more than maxConcurrency requests in flight at the server', async () => {
    const slow = new FakeLLMServer({ answers: { plan: { tables: ['A'], limit: 1 } }, delayMs: 40 });
    await slow.start();
    const client = new LlmClient(fakeConfig(slow, 'chat', { maxConcurrency: 3 }));
    await Promise.all(Array.from({ length: 12 }, () => ask(client)));
    expect(slow.requests).toHaveLength(12);
    expect(slow.maxInFlight).toBe(3);
    await client.close();
    await slow.close();
  });
});

describe('embeddings through the same client', () => {
  const embedConfig = (wire: Wire = 'chat') => {
    const config = fakeConfig(server, wire);
    const embedder: NodeConfig = {
      provider: 'openai',
      model: 'text-embedding-3-small',
      temperature: 0,
    };
    return { ...config, nodes: { ...config.nodes, embedder } };
  };

  it('posts the texts to <base>/embeddings with the key, and returns one vector per text', async () => {
    const client = new LlmClient(embedConfig());
    const result = await client.embed('embedder', ['Album titles', 'Track names']);
    expect(result.vectors).toEqual([fakeEmbedding('Album titles'), fakeEmbedding('Track names')]);
    const req = server.requests[0]!;
    expect(req.path).toBe('/v1/embeddings');
    expect(req.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(req.body).toEqual({
      model: 'text-embedding-3-small',
      input: ['Album titles', 'Track names'],
    });
    await client.close();
  });

  it('counts every batch in a usage record (input tokens only), reported to onUsage and priced', async () => {
    const seen: UsageRecord[] = [];
    const client = new LlmClient(embedConfig(), { onUsage: (u) => seen.push(u) });
    const texts = Array.from({ length: 5 }, (_, i) => `text ${i}`);
    const result = await client.embed('embedder', texts, { batchSize: 2 });
    expect(result.vectors).toHaveLength(5);
    expect(server.requests.map((r) => r.inputs.length)).toEqual([2, 2, 1]);
    expect(result.usage).toHaveLength(3);
    expect(seen).toEqual(result.usage);
    expect(result.usage[0]).toMatchObject({
      node: 'embedder',
      provider: 'openai',
      wire: 'embeddings',
      model: 'text-embedding-3-small',
      input: 1000,
      cached: 0,
      cacheWrite: 0,
      output: 0,
      reasoning: 0,
    });
    const price = priceForModel('text-embedding-3-small')!;
    const dollars = result.usage.reduce((sum, u) => sum + callCost(u, price), 0);
    expect(dollars).toBeCloseTo((3 * 1000 * 0.02) / 1_000_000, 12);
    await client.close();
  });

  it('retries a transient failure like a chat call, and a reply with the wrong count is BAD_RESPONSE', async () => {
    server.fault({ kind: 'status', status: 503 });
    const client = new LlmClient(embedConfig(), fast);
    const result = await client.embed('embedder', ['a']);
    expect(result.attempts).toBe(2);
    server.reset();
    server.fault({ kind: 'answer', value: { data: [] } }, { times: 10 });
    const retried = new LlmClient(embedConfig('chat'), {
      ...fast,
      retry: { ...fast.retry, maxRetries: 1 },
    });
    const error = (await retried.embed('embedder', ['a']).catch((e: unknown) => e)) as LlmError;
    expect(error).toBeInstanceOf(LlmError);
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.message).toContain('expected 1 vectors in data, got 0');
    expect(error.attempts).toBe(2);
    await client.close();
    await retried.close();
  });

  it('a failed batch keeps the usage of the batches answered before it', async () => {
    // The fake answers 500 for the text "boom"; with no retries the second batch fails.
    const failing = new FakeLLMServer({
      embed: (text) => {
        if (text === 'boom') throw new Error('model crashed');
        return fakeEmbedding(text);
      },
    });
    await failing.start();
    const config = embedConfig();
    config.providers.openai = {
      ...config.providers.openai,
      baseUrl: failing.openaiUrl,
      maxRetries: 0,
    };
    const client = new LlmClient(config, fast);
    const error = (await client
      .embed('embedder', ['fine', 'boom'], { batchSize: 1 })
      .catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('HTTP_STATUS');
    expect(error.status).toBe(500);
    expect(error.usage.map((u) => [u.node, u.wire, u.input])).toEqual([
      ['embedder', 'embeddings', 1200],
    ]);
    await client.close();
    await failing.close();
  });

  it('anthropic has no embeddings endpoint, and a node the config lacks is refused: both before any request', async () => {
    const config = embedConfig();
    config.nodes.embedder = { provider: 'anthropic', model: 'claude-haiku-4-5', temperature: 0 };
    config.providers.anthropic = { baseUrl: server.url, apiKey: new Secret('k') };
    const client = new LlmClient(config);
    await expect(client.embed('embedder', ['a'])).rejects.toThrow(
      /no OpenAI-compatible embeddings endpoint/,
    );
    await expect(client.embed('nope' as 'embedder', ['a'])).rejects.toThrow(LlmConfigError);
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it('an error holds no key, and a cancelled embed is CANCELLED', async () => {
    server.fault({
      kind: 'status',
      status: 400,
      body: (r) => `bad key ${String(r.headers.authorization)}`,
    });
    const client = new LlmClient(embedConfig(), fast);
    const error = (await client.embed('embedder', ['a']).catch((e: unknown) => e)) as LlmError;
    expect(error.code).toBe('HTTP_STATUS');
    expect(error.message).not.toContain(TEST_KEY);
    const controller = new AbortController();
    controller.abort();
    const cancelled = (await client
      .embed('embedder', ['a'], { signal: controller.signal })
      .catch((e: unknown) => e)) as LlmError;
    expect(cancelled.code).toBe('CANCELLED');
    await client.close();
  });
});
