import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiEmbedder } from '../src/embedder.js';
import { EngineError } from '../src/engine-error.js';

const KEY = 'sk-embed-test-key-0042';
let server: Server;
let url = '';
/** What the next requests get, in order; an empty queue answers with vectors. */
let faults: Array<(res: ServerResponse, auth: string) => void> = [];
let calls = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls++;
      const fault = faults.shift();
      if (fault) return fault(res, String(req.headers.authorization));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: string[] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ data: body.input.map((_, index) => ({ index, embedding: [3, 4] })) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  faults = [];
  calls = 0;
});

const status =
  (code: number, headers: Record<string, string> = {}, body = '{"error":"x"}') =>
  (res: ServerResponse) => {
    res.writeHead(code, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

function embedder() {
  return new OpenAiEmbedder({
    baseUrl: url,
    model: 'toy',
    apiKey: KEY,
    retry: { baseDelayMs: 10, maxDelayMs: 40 },
    random: () => 0,
  });
}

describe('OpenAiEmbedder under the shared retry policy', () => {
  it('retries 5xx, 429 (waiting its Retry-After) and a reply that is not JSON', async () => {
    faults = [status(500), status(429, { 'retry-after': '0.2' }), status(200, {}, '{"data": [')];
    const e = embedder();
    const started = performance.now();
    await expect(e.embed(['a', 'b'])).resolves.toEqual([
      [0.6, 0.8],
      [0.6, 0.8],
    ]);
    expect(calls).toBe(4);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    await e.close();
  });

  it('gives up after maxRetries with LLM_ERROR', async () => {
    faults = Array.from({ length: 10 }, () => status(503));
    const e = embedder();
    const error = await e.embed(['a']).catch((x: unknown) => x);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('LLM_ERROR');
    expect(calls).toBe(4);
    await e.close();
  });

  it('does not retry a 400, and never shows the key a 401 body echoes', async () => {
    faults = [status(400)];
    const e = embedder();
    await expect(e.embed(['a'])).rejects.toMatchObject({ code: 'LLM_ERROR' });
    expect(calls).toBe(1);
    faults = [(res, auth) => status(401, {}, `{"error":"bad key ${auth}"}`)(res)];
    const error = (await e.embed(['a']).catch((x: unknown) => x)) as EngineError;
    expect(error.message).toContain('HTTP 401');
    expect(error.message).not.toContain(KEY);
    expect(calls).toBe(2);
    await e.close();
  });

  it('a cancel during a backoff wait is CANCELLED at once', async () => {
    faults = [status(429, { 'retry-after': '30' })];
    const e = embedder();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    await expect(e.embed(['a'], controller.signal)).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(performance.now() - started).toBeLessThan(5_000);
    await e.close();
  });
});
