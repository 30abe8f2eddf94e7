import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as netServer } from 'node:net';
import { inspect } from 'node:util';
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

/** Retries as the default policy makes them, with waits short enough for a test. */
const FAST_RETRY = { baseDelayMs: 10, maxDelayMs: 40 };

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
      if (q === 'sql only') {
        const { results: _rows, ...sqlOnly } = GOOD;
        return json(200, sqlOnly);
      }
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
  it('takes a reply without rows (the harness runs the SQL): no result sets, nothing refused', async () => {
    const engine = new HttpEngine({ url: base });
    const reply = await engine.ask({ question: 'sql only', role: 'analyst' });
    expect(reply.status).toBe('success');
    expect(reply.sql).toBe(GOOD.sql);
    expect(reply.results).toEqual([]);
    await engine.close();
  });

  it('posts the request as JSON to /ask and returns a conforming reply unchanged', async () => {
    const engine = new HttpEngine({ url: `${base}/`, headers: { authorization: 'Bearer t' } });
    const reply = await engine.ask({ question: 'one?', role: 'admin', datasource: 'chinook' });
    const { timing, ...rest } = reply;
    expect(rest).toEqual(GOOD);
    expect(timing?.attempts).toBe(1);
    expect(timing?.engine_ms).toBeGreaterThan(0);
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
    const engine = new HttpEngine({ url: base, timeoutMs: 200, retry: FAST_RETRY });
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
    const engine = new HttpEngine({
      url: `http://127.0.0.1:${port}`,
      timeoutMs: 2000,
      retry: FAST_RETRY,
    });
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

/** A real server that answers only `Authorization: Basic base64(alice:s3cret-pass)`. */
async function guardedServer() {
  const seenAuth: Array<string | undefined> = [];
  const guarded = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const auth = req.headers.authorization;
      seenAuth.push(auth);
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (auth !== `Basic ${Buffer.from('alice:s3cret-pass').toString('base64')}`) {
        // A careless server: it echoes what it was sent.
        return json(401, { error: `bad credentials: ${auth} for ${req.headers.host}` });
      }
      if (req.url === '/describe') return json(500, { error: `describe broke; you sent ${auth}` });
      return json(200, {
        ...GOOD,
        status: 'error',
        error: { code: 'INTERNAL_ERROR', message: `engine log: Authorization=${auth}` },
      });
    });
  });
  await new Promise<void>((resolve) => guarded.listen(0, '127.0.0.1', resolve));
  const port = (guarded.address() as AddressInfo).port;
  return {
    port,
    seenAuth,
    close: async () => {
      guarded.closeAllConnections();
      await new Promise<void>((resolve) => guarded.close(() => resolve()));
    },
  };
}

/** Everything an HttpEngine shows: its URL, how it prints, and each message it produced. */
function shown(engine: HttpEngine, ...texts: unknown[]): string {
  return [
    engine.url,
    inspect(engine),
    JSON.stringify(engine),
    ...texts.map((t) => JSON.stringify(t)),
  ].join('\n');
}

describe('HttpEngine credentials', () => {
  it('takes user:password out of the URL and sends it as Basic auth', async () => {
    const guarded = await guardedServer();
    const engine = new HttpEngine({ url: `http://alice:s3cret-pass@127.0.0.1:${guarded.port}/` });
    expect(engine.url).toBe(`http://127.0.0.1:${guarded.port}`);
    const reply = await engine.ask({ question: 'q', role: 'admin' });
    expect(guarded.seenAuth).toEqual([
      `Basic ${Buffer.from('alice:s3cret-pass').toString('base64')}`,
    ]);
    // The engine's own error message echoed the header: it comes back masked.
    expect(reply.error?.message).toBe('engine log: Authorization=[redacted]');
    const description = await engine.describe();
    expect(description).toMatchObject({ name: 'unknown', version: 'unknown' });
    expect(description.unavailable).toContain('HTTP 500');
    const out = shown(engine, reply, description);
    expect(out).not.toContain('s3cret-pass');
    expect(out).not.toContain(Buffer.from('alice:s3cret-pass').toString('base64'));
    await engine.close();
    await guarded.close();
  });

  it('decodes a percent-encoded password, and a wrong one never shows in the error', async () => {
    const guarded = await guardedServer();
    const wrong = 'p@ss:w/rd-9';
    const engine = new HttpEngine({
      url: `http://alice:${encodeURIComponent(wrong)}@127.0.0.1:${guarded.port}`,
    });
    const reply = await engine.ask({ question: 'q', role: 'admin' });
    expect(guarded.seenAuth).toEqual([`Basic ${Buffer.from(`alice:${wrong}`).toString('base64')}`]);
    expect(reply.error?.code).toBe('TRANSPORT_ERROR');
    expect(reply.error?.message).toContain('HTTP 401');
    const retrieveError = await engine
      .retrieve({ question: 'q', datasource: 'chinook' })
      .catch((e: unknown) => e);
    expect(retrieveError).toBeInstanceOf(EngineError);
    const out = shown(engine, reply, (retrieveError as Error).message);
    for (const form of [
      wrong,
      encodeURIComponent(wrong),
      Buffer.from(`alice:${wrong}`).toString('base64'),
    ]) {
      expect(out).not.toContain(form);
    }
    await engine.close();
    await guarded.close();
  });

  it('never shows extra header values, even when the server echoes them', async () => {
    const guarded = await guardedServer();
    const engine = new HttpEngine({
      url: `http://127.0.0.1:${guarded.port}`,
      headers: { Authorization: 'Bearer hdr-token-value', 'x-tenant-key': 'tenant-secret-42' },
    });
    const reply = await engine.ask({ question: 'q', role: 'admin' });
    expect(reply.error?.message).toContain('HTTP 401');
    expect(shown(engine, reply)).not.toContain('hdr-token-value');
    await engine.close();
    await guarded.close();
  });

  it('keeps credentials out of transport errors and constructor errors', async () => {
    const engine = new HttpEngine({
      url: 'http://bob:unreachable-pw@127.0.0.1:1',
      retry: { maxRetries: 0 },
    });
    const reply = await engine.ask({ question: 'q', role: 'admin' });
    expect(reply.error?.code).toBe('TRANSPORT_ERROR');
    expect(shown(engine, reply, await engine.describe())).not.toContain('unreachable-pw');
    await engine.close();
    for (const url of ['http//bob:typo-secret@host', 'ftp://bob:typo-secret@host/']) {
      const error = (() => {
        try {
          return new HttpEngine({ url });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).code).toBe('INVALID_REQUEST');
      expect((error as EngineError).message).not.toContain('typo-secret');
    }
    expect(
      () => new HttpEngine({ url: 'http://a:b-secret@h', headers: { authorization: 'Bearer x' } }),
    ).toThrow(/both in the URL and in an Authorization header/);
  });
});

/** A server whose answers to /ask are scripted per request, counting what it received. */
async function scriptedServer(script: Array<(res: ServerResponse, req: IncomingMessage) => void>) {
  let count = 0;
  const scripted = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const step = script[Math.min(count, script.length - 1)]!;
      count++;
      step(res, req);
    });
  });
  await new Promise<void>((resolve) => scripted.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(scripted.address() as AddressInfo).port}`,
    get count() {
      return count;
    },
    close: async () => {
      scripted.closeAllConnections();
      await new Promise<void>((resolve) => scripted.close(() => resolve()));
    },
  };
}

const answer = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(GOOD));
};
const drop = (_res: unknown, req: IncomingMessage) => req.socket.destroy();
const busy = (status: number, retryAfter?: string) => (res: ServerResponse) => {
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(retryAfter ? { 'retry-after': retryAfter } : {}),
  });
  res.end('{"error":"busy"}');
};

describe('HttpEngine retries (only what is safe)', () => {
  it('retries a connection reset before any reply, and reports the attempts', async () => {
    const s = await scriptedServer([drop, answer]);
    const engine = new HttpEngine({ url: s.url, retry: FAST_RETRY });
    const reply = await engine.ask({ question: 'q', role: 'admin' });
    expect(reply.status).toBe('success');
    expect(reply.timing?.attempts).toBe(2);
    expect(s.count).toBe(2);
    await engine.close();
    await s.close();
  });

  it('retries every refused or reset connection up to maxRetries', async () => {
    let connections = 0;
    const resetting = netServer((socket) => {
      connections++;
      socket.resetAndDestroy();
    });
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(resetting.address() as AddressInfo).port}`;
    const engine = new HttpEngine({ url, retry: { ...FAST_RETRY, maxRetries: 2 } });
    const reply = await engine.ask({ question: 'q', role: 'admin' });
    expect(reply.error?.code).toBe('TRANSPORT_ERROR');
    expect(reply.error?.message).toContain('(after 3 attempts)');
    expect(connections).toBe(3);
    await engine.close();
    await new Promise<void>((resolve) => resetting.close(() => resolve()));
  });

  it('waits the Retry-After of a 503 or 429, then succeeds', async () => {
    for (const status of [503, 429]) {
      const s = await scriptedServer([busy(status, '0.2'), answer]);
      const engine = new HttpEngine({ url: s.url, retry: FAST_RETRY });
      const started = performance.now();
      const reply = await engine.ask({ question: 'q', role: 'admin' });
      expect(reply.status).toBe('success');
      expect(performance.now() - started).toBeGreaterThanOrEqual(190);
      expect(s.count).toBe(2);
      await engine.close();
      await s.close();
    }
  });

  it.each([
    ['a 503 without Retry-After', busy(503)],
    ['a 500 even with Retry-After', busy(500, '0')],
    ['a 429 asking for an hour', busy(429, '3600')],
    [
      'a 200 whose body breaks off',
      (res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"status": "succ');
        setTimeout(() => res.socket?.destroy(), 20);
      },
    ],
  ])('does not retry %s', async (_what, step) => {
    const s = await scriptedServer([step, answer]);
    const engine = new HttpEngine({ url: s.url, retry: FAST_RETRY });
    const reply = await engine.ask({ question: 'q', role: 'admin' });
    expect(reply.status).toBe('error');
    expect(reply.error?.code).toBe('TRANSPORT_ERROR');
    expect(s.count).toBe(1);
    await engine.close();
    await s.close();
  });

  it('does not retry a timeout', async () => {
    const s = await scriptedServer([(res) => void setTimeout(() => answer(res), 1_000), answer]);
    const engine = new HttpEngine({ url: s.url, timeoutMs: 100, retry: FAST_RETRY });
    const reply = await engine.ask({ question: 'q', role: 'admin' });
    expect(reply.error?.code).toBe('TIMEOUT');
    expect(s.count).toBe(1);
    await engine.close();
    await s.close();
  });

  it('a cancel during a Retry-After wait is CANCELLED at once', async () => {
    const s = await scriptedServer([busy(503, '30'), answer]);
    const engine = new HttpEngine({ url: s.url });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const reply = await engine.ask({ question: 'q', role: 'admin' }, { signal: controller.signal });
    expect(reply.error?.code).toBe('CANCELLED');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(s.count).toBe(1);
    await engine.close();
    await s.close();
  });
});

describe('HttpEngine.describe', () => {
  const json = (status: number, value: unknown) => (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };

  it('GETs /describe and returns the description', async () => {
    const description = {
      name: 'acme-sql',
      version: '2.4.1',
      models: { planner: 'openai:gpt-5.4' },
      settings: { k: 8 },
    };
    let seen = '';
    const s = await scriptedServer([
      (res, req) => {
        seen = `${req.method} ${req.url}`;
        json(200, description)(res);
      },
    ]);
    const engine = new HttpEngine({ url: s.url });
    await expect(engine.describe()).resolves.toEqual(description);
    expect(seen).toBe('GET /describe');
    await engine.close();
    await s.close();
  });

  it.each([
    ['a 404', json(404, { error: 'no route' }), /HTTP 404: the engine does not describe itself/],
    ['a reply without a version', json(200, { name: 'x' }), /not an EngineDescription.*version/],
    ['a reply that is not JSON', (res: ServerResponse) => res.end('<html>'), /not JSON/],
    ['a dropped connection', drop, /describe/],
  ])('falls back to unknown on %s, saying why, without throwing', async (_what, step, why) => {
    const s = await scriptedServer([step]);
    const engine = new HttpEngine({ url: s.url, retry: { maxRetries: 0 } });
    const description = await engine.describe();
    expect(description).toMatchObject({ name: 'unknown', version: 'unknown' });
    expect(description.unavailable).toMatch(why);
    await engine.close();
    await s.close();
  });
});
