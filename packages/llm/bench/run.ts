// Throughput of LlmClient against FakeLLMServer on 127.0.0.1 at concurrency 1 and 8, per
// wire, and the client's own overhead per call: the same request sent with bare undici vs
// through the client (body building, limiter, validation with ajv, usage record). Server and
// client share one process and event loop, so these are figures for the client's own cost,
// not a network measurement.

import { request } from 'undici';
import {
  FakeLLMServer,
  LlmClient,
  type LlmConfig,
  modelConfig,
  resolveModel,
  Secret,
  type Wire,
} from '../src/index.js';

const CALLS = 2_000;
const schema = {
  type: 'object',
  properties: { tables: { type: 'array', items: { type: 'string' } }, limit: { type: 'integer' } },
  required: ['tables', 'limit'],
  additionalProperties: false,
};

// The nodes a caller of the client declares (the reference engine's five).
const NODES = ['resolver', 'decomposer', 'planner', 'refiner', 'synthesizer'] as const;

function config(
  server: FakeLLMServer,
  wire: Wire,
  concurrency: number,
): LlmConfig<(typeof NODES)[number]> {
  const model = wire === 'anthropic' ? 'claude-haiku-4-5' : 'gpt-5.4';
  const c = modelConfig(model, NODES);
  for (const node of NODES) c.nodes[node] = { ...resolveModel(model), wire };
  c.providers[wire === 'anthropic' ? 'anthropic' : 'openai'] = {
    baseUrl: wire === 'anthropic' ? server.url : server.openaiUrl,
    apiKey: new Secret('bench'),
    maxConcurrency: concurrency,
  };
  return c;
}

async function run(
  concurrency: number,
  calls: number,
  one: () => Promise<unknown>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        next++;
        await one();
      }
    }),
  );
  return performance.now() - started;
}

const server = new FakeLLMServer({ answers: { plan: { tables: ['Track', 'Album'], limit: 10 } } });
await server.start();
const ask = {
  system: 'You plan SQL for Chinook.',
  messages: [{ role: 'user' as const, content: 'Ten tracks with their albums' }],
  output: { name: 'plan', schema },
};

for (const wire of ['chat', 'responses', 'anthropic'] as const) {
  for (const concurrency of [1, 8]) {
    const client = new LlmClient(config(server, wire, concurrency));
    await run(concurrency, 500, () => client.call('planner', ask)); // warm-up
    const ms = await run(concurrency, CALLS, () => client.call('planner', ask));
    console.log(
      `${wire.padEnd(9)} concurrency ${concurrency}: ${Math.round((CALLS / ms) * 1000)} calls/s (${CALLS} calls in ${ms.toFixed(0)} ms)`,
    );
    await client.close();
  }
}

// Overhead: bare undici with the identical pre-built body vs the client, concurrency 1.
const client = new LlmClient(config(server, 'chat', 1));
const url = `${server.openaiUrl}/chat/completions`;
const body = JSON.stringify({
  model: 'gpt-5.4',
  temperature: 0,
  messages: [
    { role: 'system', content: ask.system },
    { role: 'user', content: ask.messages[0]!.content },
  ],
  response_format: { type: 'json_schema', json_schema: { name: 'plan', schema, strict: true } },
});
const bare = async () => {
  const res = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
    body,
  });
  await res.body.json();
};
// Alternate rounds so drift (GC, JIT, the shared event loop) hits both sides alike.
await run(1, 500, bare);
await run(1, 500, () => client.call('planner', ask));
const bareRounds: number[] = [];
const clientRounds: number[] = [];
for (let round = 0; round < 7; round++) {
  bareRounds.push(((await run(1, 500, bare)) / 500) * 1000);
  clientRounds.push(((await run(1, 500, () => client.call('planner', ask))) / 500) * 1000);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const bareUs = median(bareRounds);
const clientUs = median(clientRounds);
console.log(`bare undici, same body: ${bareUs.toFixed(0)} us/call (median of 7 rounds of 500)`);
console.log(`LlmClient.call:         ${clientUs.toFixed(0)} us/call`);
console.log(`adapter overhead:       ${(clientUs - bareUs).toFixed(0)} us/call`);
await client.close();
await server.close();
