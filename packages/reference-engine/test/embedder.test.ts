import { FakeLLMServer, LlmClient, LlmError, modelConfig, Secret } from '@nl2sql/llm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dot, llmEmbedder, normalise } from '../src/embedder.js';

const server = new FakeLLMServer({ embed: (text) => [text.length, 4], usage: { input: 25 } });
let client: LlmClient<'planner' | 'vectors'>;

beforeAll(async () => {
  await server.start();
  const config = modelConfig('gpt-5.4', ['planner', 'vectors']);
  config.nodes.vectors = { provider: 'openai', model: 'text-embedding-3-large', temperature: 0 };
  config.providers.openai = {
    baseUrl: server.openaiUrl,
    apiKey: new Secret('sk-x'),
    maxRetries: 0,
  };
  client = new LlmClient(config);
});
afterAll(async () => {
  await client.close();
  await server.close();
});

describe('normalise and dot', () => {
  it('a normalised vector has length 1 (or is all zeros), so dot is the cosine', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1e6, max: 1e6 }), { minLength: 1, maxLength: 16 }),
        (ints) => {
          const v = ints.map((x) => x / 1000);
          const n = normalise(v);
          const length = dot(n, n);
          if (v.every((x) => x === 0)) expect(length).toBe(0);
          else expect(length).toBeCloseTo(1, 9);
        },
      ),
    );
    expect(dot(normalise([3, 4]), normalise([6, 8]))).toBeCloseTo(1, 12);
  });
});

describe('llmEmbedder', () => {
  it('embeds through the client on the node it names, normalised, with the usage of each request', async () => {
    const embedder = llmEmbedder(client, 'vectors', { batchSize: 2 });
    expect(embedder.model).toBe('openai:text-embedding-3-large');
    server.reset();
    const { vectors, usage } = await embedder.embed(['abc', 'a', 'abcd']);
    expect(vectors).toEqual([normalise([3, 4]), normalise([1, 4]), normalise([4, 4])]);
    expect(server.requests.map((r) => r.model)).toEqual([
      'text-embedding-3-large',
      'text-embedding-3-large',
    ]);
    expect(usage.map((u) => [u.node, u.model, u.input, u.output])).toEqual([
      ['vectors', 'text-embedding-3-large', 25, 0],
      ['vectors', 'text-embedding-3-large', 25, 0],
    ]);
  });

  it('a node the client config lacks fails as the client says, before any request', async () => {
    const embedder = llmEmbedder(client, 'embedder' as 'vectors');
    expect(embedder.model).toBeNull();
    server.reset();
    await expect(embedder.embed(['a'])).rejects.toThrow(/Unknown LLM node "embedder"/);
    expect(server.requests).toHaveLength(0);
  });

  it('a failure is the client LlmError, cancellation included', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await llmEmbedder(client, 'vectors')
      .embed(['a'], controller.signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).code).toBe('CANCELLED');
  });
});
