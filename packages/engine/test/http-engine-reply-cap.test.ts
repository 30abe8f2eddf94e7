// HttpEngine's reply cap against a real server that streams 50 MB. In its own file so the
// RSS it measures is this process's alone.

import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskResponse } from '../src/engine.js';
import { EngineError } from '../src/engine-error.js';
import { DEFAULT_MAX_REPLY_BYTES, HttpEngine } from '../src/http-engine.js';

const FIFTY_MB = 50 * 1024 * 1024;
const MIB = 1024 * 1024;

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
/** Bytes the server got out before the client hung up, per question. */
const written = new Map<string, number>();

/** 50 MB of one long JSON string, written as fast as the client reads, one buffer reused. */
async function stream(res: ServerResponse, question: string, declare: boolean): Promise<void> {
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(declare ? { 'content-length': String(FIFTY_MB) } : {}),
  });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const head = Buffer.from('{"status":"success","sql":"');
  let sent = 0;
  let closed = false;
  res.once('close', () => {
    closed = true;
  });
  res.write(head);
  sent += head.length;
  while (sent < FIFTY_MB && !closed) {
    const n = Math.min(chunk.length, FIFTY_MB - sent);
    sent += n;
    if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
    written.set(question, sent);
  }
  if (!closed) res.end();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const q =
        req.url === '/describe'
          ? 'describe'
          : (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { question: string }).question;
      if (q === 'chunked' || q === 'describe' || req.url === '/retrieve') {
        void stream(res, q, false);
        return;
      }
      if (q === 'declared') {
        void stream(res, q, true);
        return;
      }
      const body = JSON.stringify(q === 'padded' ? { ...GOOD, answer: 'y'.repeat(2_000) } : GOOD);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Run `work` while sampling RSS; resolves with its result and the peak growth in bytes. */
async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

describe('HttpEngine reply cap', () => {
  it('defaults to 16 MiB', () => {
    expect(DEFAULT_MAX_REPLY_BYTES).toBe(16 * MIB);
    expect(new HttpEngine({ url: base }).maxReplyBytes).toBe(16 * MIB);
  });

  // First, while the process is fresh: RSS never shrinks, so a later test would measure
  // against memory an earlier one already took.
  it('holds no more than the cap: with a 2 MiB cap a streamed 50 MB reply barely moves RSS', async () => {
    const engine = new HttpEngine({ url: base, maxReplyBytes: 2 * MIB });
    expect((await engine.ask({ question: 'plain', role: 'admin' })).status).toBe('success');
    const { result: reply, growth } = await peakRssGrowth(() =>
      engine.ask({ question: 'chunked', role: 'admin' }),
    );
    expect(reply.error?.message).toContain(`over maxReplyBytes (${2 * MIB})`);
    expect(growth).toBeLessThan(24 * MIB);
    await engine.close();
  });

  it('a streamed 50 MB reply fails fast as BAD_RESPONSE, stops the server early and keeps RSS small', async () => {
    const engine = new HttpEngine({ url: base });
    // Warm up (undici's parser, the connection pool) so the growth measured is the reply's.
    expect((await engine.ask({ question: 'plain', role: 'admin' })).status).toBe('success');
    const started = performance.now();
    const { result: reply, growth } = await peakRssGrowth(() =>
      engine.ask({ question: 'chunked', role: 'admin' }),
    );
    const elapsed = performance.now() - started;
    expect(reply.status).toBe('error');
    expect(reply.error?.code).toBe('BAD_RESPONSE');
    expect(reply.error?.message).toContain(`over maxReplyBytes (${DEFAULT_MAX_REPLY_BYTES})`);
    expect(elapsed).toBeLessThan(10_000);
    // Reading the whole reply took RSS up 75-110 MB here; the cap holds at most 16 MiB of
    // chunks (the rest is parser garbage not yet collected).
    expect(growth).toBeLessThan(64 * MIB);
    // The client hung up near the cap (socket buffers let a few MB more through), not at the end.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written.get('chunked')).toBeLessThan(DEFAULT_MAX_REPLY_BYTES + 8 * MIB);
    await engine.close();
  });

  it('a reply declaring 50 MB is refused before its body is read', async () => {
    const engine = new HttpEngine({ url: base });
    const reply = await engine.ask({ question: 'declared', role: 'admin' });
    expect(reply.error?.code).toBe('BAD_RESPONSE');
    expect(reply.error?.message).toContain(`reply of ${FIFTY_MB} bytes is over maxReplyBytes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written.get('declared') ?? 0).toBeLessThan(8 * MIB);
    await engine.close();
  });

  it('is configurable, applies to retrieve and describe, and lets a reply under it through', async () => {
    const small = new HttpEngine({ url: base, maxReplyBytes: 1_000 });
    expect((await small.ask({ question: 'plain', role: 'admin' })).status).toBe('success');
    const padded = await small.ask({ question: 'padded', role: 'admin' });
    expect(padded.error?.code).toBe('BAD_RESPONSE');
    expect(padded.error?.message).toContain('over maxReplyBytes (1000)');
    const retrieve = await small
      .retrieve({ question: 'x', datasource: 'chinook' })
      .catch((e: unknown) => e);
    expect(retrieve).toBeInstanceOf(EngineError);
    expect((retrieve as EngineError).code).toBe('BAD_RESPONSE');
    const description = await small.describe();
    expect(description.name).toBe('unknown');
    expect(description.unavailable).toContain('over maxReplyBytes');
    await small.close();
  });
});
