import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskResponse } from '../src/engine.js';
import { EngineError } from '../src/engine-error.js';
import { HttpEngine } from '../src/http-engine.js';

const GOOD: AskResponse = {
  status: 'success',
  sql: 'SELECT 1 LIMIT 1',
  results: [{ columns: ['x'], rows: [[1]], truncated: false }],
  answer: 'One.',
  error: null,
  usage: [],
  trace: { nodes: [] },
};

let server: Server;
let base = '';
const seen: Array<{ path: string; body: unknown; auth: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { question?: string };
      seen.push({ path: req.url ?? '', body, auth: req.headers.authorization });
      const q = body.question ?? '';
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof value === 'string' ? value : JSON.stringify(value));
      };
      if (req.url === '/retrieve') {
        if (q === 'bad') return json(200, { tables: [] });
        return json(200, { tables_sent: ['Album'], columns_sent: ['Album.Title'] });
      }
      if (q === 'slow') return void setTimeout(() => json(200, GOOD), 2000);
      if (q === 'drop') return void req.socket.destroy();
      if (q === 'status') return json(503, { error: 'overloaded' });
      if (q === 'not json') return json(200, '{"status": ');
      if (q === 'wrong shape') return json(200, { status: 'done' });
      return json(200, GOOD);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('HttpEngine', () => {
  it('posts the request as JSON to /ask and returns a conforming reply unchanged', async () => {
    const engine = new HttpEngine({ url: `${base}/`, headers: { authorization: 'Bearer t' } });
    const reply = await engine.ask({ question: 'one?', role: 'admin', datasource: 'chinook' });
    expect(reply).toEqual(GOOD);
    const last = seen.at(-1);
    expect(last).toEqual({
      path: '/ask',
      body: { question: 'one?', role: 'admin', datasource: 'chinook' },
      auth: 'Bearer t',
    });
    await engine.close();
  });

  it.each([
    ['slow', 'TIMEOUT'],
    ['drop', 'TRANSPORT_ERROR'],
    ['status', 'TRANSPORT_ERROR'],
    ['not json', 'BAD_RESPONSE'],
    ['wrong shape', 'BAD_RESPONSE'],
  ])('maps a %s reply to %s without throwing', async (question, code) => {
    const engine = new HttpEngine({ url: base, timeoutMs: 200 });
    const reply = await engine.ask({ question, role: 'admin' });
    expect(reply.status).toBe('error');
    expect(reply.error?.code).toBe(code);
    expect(reply.results).toEqual([]);
    expect(reply.error?.message).toContain(`${base}/ask`);
    await engine.close();
  });

  it('reports a refused connection as TRANSPORT_ERROR', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const engine = new HttpEngine({ url: `http://127.0.0.1:${port}`, timeoutMs: 2000 });
    const reply = await engine.ask({ question: 'q', role: 'admin' });
    expect(reply.error?.code).toBe('TRANSPORT_ERROR');
    await engine.close();
  });

  it('reports a cancelled ask as CANCELLED', async () => {
    const engine = new HttpEngine({ url: base, timeoutMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const reply = await engine.ask(
      { question: 'slow', role: 'admin' },
      { signal: controller.signal },
    );
    expect(reply.error?.code).toBe('CANCELLED');
    await engine.close();
  });

  it('retrieves over /retrieve and throws BAD_RESPONSE on a wrong shape', async () => {
    const engine = new HttpEngine({ url: base });
    await expect(engine.retrieve({ question: 'albums', datasource: 'chinook' })).resolves.toEqual({
      tables_sent: ['Album'],
      columns_sent: ['Album.Title'],
    });
    const error = await engine
      .retrieve({ question: 'bad', datasource: 'chinook' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('BAD_RESPONSE');
    await engine.close();
  });
});
