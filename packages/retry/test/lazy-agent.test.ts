import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LazyAgent, undici } from '../src/lazy-agent.js';

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('LazyAgent', () => {
  it('makes one pool on first use and sends through it', async () => {
    const lazy = new LazyAgent({ keepAliveTimeout: 1000 });
    const agent = await lazy.get();
    expect(await lazy.get()).toBe(agent);
    const { request } = await undici();
    const res = await request(url, { dispatcher: agent });
    expect(await res.body.text()).toBe('ok');
    await lazy.close();
  });

  it('closes without making a pool when nothing was sent', async () => {
    await new LazyAgent({}).close();
  });

  it('hands out a closed pool after close(), so a request fails as on a closed client', async () => {
    const lazy = new LazyAgent({});
    await lazy.close();
    const { request } = await undici();
    const error = await request(url, { dispatcher: await lazy.get() }).catch((e: unknown) => e);
    expect((error as Error).name).toMatch(/^Client(Closed|Destroyed)Error$/);
  });
});
