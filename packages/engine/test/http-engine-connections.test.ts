// The HTTP engine's sockets: 1,000 asks at 8 in flight against a real server on 127.0.0.1
// reuse a few kept-alive connections, never more than the bound.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AskResponse } from '../src/engine.js';
import { DEFAULT_MAX_CONNECTIONS, HttpEngine } from '../src/http-engine.js';

const ANSWER: AskResponse = {
  status: 'success',
  sql: 'SELECT 1',
  results: [{ columns: ['x'], rows: [[1]], truncated: false }],
  answer: null,
  error: null,
  usage: [],
  trace: {},
};

interface Counted {
  server: Server;
  url: string;
  /** TCP connections the server accepted. */
  sockets: () => number;
  /** Most connections open at one time. */
  peak: () => number;
}

/** A server that answers every ask after `delayMs`, counting the connections it accepts. */
async function countingServer(delayMs: number): Promise<Counted> {
  let sockets = 0;
  let open = 0;
  let peak = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(ANSWER));
      }, delayMs);
    });
  });
  server.on('connection', (socket) => {
    sockets++;
    open++;
    peak = Math.max(peak, open);
    socket.on('close', () => {
      open--;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, sockets: () => sockets, peak: () => peak };
}

/** `total` asks, `concurrency` in flight at once. */
async function askMany(
  engine: HttpEngine,
  total: number,
  concurrency: number,
): Promise<AskResponse[]> {
  const answers: AskResponse[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      answers[i] = await engine.ask({ question: `q${i}`, role: 'analyst' });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answers;
}

let open: Counted | null = null;
afterEach(async () => {
  await new Promise((resolve) => open?.server.close(resolve) ?? resolve(undefined));
  open = null;
});

describe('HttpEngine connections', () => {
  it('1,000 asks at concurrency 8 with a bound of 8 reuse at most 8 kept-alive sockets', async () => {
    open = await countingServer(1);
    const engine = new HttpEngine({ url: open.url, connections: 8 });
    const answers = await askMany(engine, 1000, 8);
    await engine.close();
    expect(answers.filter((a) => a.status === 'success')).toHaveLength(1000);
    expect(open.sockets()).toBeGreaterThan(0);
    expect(open.sockets()).toBeLessThanOrEqual(8);
  }, 60_000);

  it('by default, at most 16 sockets whatever the number of asks', async () => {
    open = await countingServer(1);
    const engine = new HttpEngine({ url: open.url });
    expect(engine.connections).toBe(DEFAULT_MAX_CONNECTIONS);
    const answers = await askMany(engine, 1000, 32);
    await engine.close();
    expect(answers.filter((a) => a.status === 'success')).toHaveLength(1000);
    expect(open.peak()).toBeLessThanOrEqual(DEFAULT_MAX_CONNECTIONS);
    expect(open.sockets()).toBeLessThanOrEqual(DEFAULT_MAX_CONNECTIONS);
  }, 60_000);

  it('never opens more sockets than its bound, even with more asks in flight than that', async () => {
    open = await countingServer(2);
    const engine = new HttpEngine({ url: open.url, connections: 3 });
    const answers = await askMany(engine, 1000, 8);
    await engine.close();
    expect(answers.filter((a) => a.status === 'success')).toHaveLength(1000);
    expect(open.peak()).toBeLessThanOrEqual(3);
    expect(open.sockets()).toBeLessThanOrEqual(3);
  }, 60_000);

  it('refuses a bound that is not a positive integer', () => {
    for (const connections of [0, -1, 1.5, Number.NaN]) {
      expect(() => new HttpEngine({ url: 'http://127.0.0.1:1', connections })).toThrow(
        /connections must be a positive integer/,
      );
    }
  });
});
