// One HTTP exchange with an engine: the request sent on the engine's connection pool, its
// time limit and its caller's abort, the reply read up to a byte cap, and JSON parsed. Every
// failure is a TransportFailure that says whether sending again is safe (nothing came back
// yet, or a 429/503 with Retry-After); HttpEngine's retry policy decides on that alone.

import type { Redactor } from '@nl2sql/redact';
import { type LazyAgent, parseRetryAfter, undici } from '@nl2sql/retry';
import type { Dispatcher } from 'undici';
import type { ErrorCode } from './error-codes.js';
import { failedBeforeReply, TransportFailure } from './transport-failure.js';

/** How much of a non-2xx body is read for the message. */
const ERROR_BODY_BYTES = 64 * 1024;

/** What every exchange with one engine shares. */
export interface ExchangeSettings {
  /** The engine's connection pool, made on the first exchange. */
  dispatcher: LazyAgent;
  headers: Record<string, string>;
  redactor: Redactor;
  /** Time limit for one attempt, headers and body included. */
  timeoutMs: number;
  /** Largest reply body read, in bytes. */
  maxReplyBytes: number;
}

function excerpt(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}

/** One HTTP exchange; rejects with a TransportFailure saying whether a retry is safe. */
export async function exchange(
  settings: ExchangeSettings,
  method: 'GET' | 'POST',
  target: string,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<{ value: unknown; engineMs: number }> {
  const { timeoutMs, maxReplyBytes } = settings;
  const what = `${method} ${target}`;
  const fail = (code: ErrorCode, message: string, extra = {}) =>
    new TransportFailure(code, settings.redactor.redact(`${what}: ${message}`), extra);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const interrupted = (error: unknown, stage: string, retryable = false) => {
    if (signal?.aborted) return fail('CANCELLED', 'cancelled');
    if (timedOut) return fail('TIMEOUT', `no answer within ${timeoutMs} ms`);
    const message = (error as Error).message || String(error);
    return fail('TRANSPORT_ERROR', `${stage}${message}`, { cause: error, retryable });
  };
  const started = performance.now();
  try {
    let res: Dispatcher.ResponseData;
    try {
      if (signal?.aborted) throw new Error('aborted before sending');
      const [{ request }, dispatcher] = await Promise.all([undici(), settings.dispatcher.get()]);
      res = await request(target, {
        method,
        dispatcher,
        signal: controller.signal,
        headers: {
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          accept: 'application/json',
          ...settings.headers,
        },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      });
    } catch (error) {
      // No status arrived, so the engine sent nothing back: safe to send again.
      throw interrupted(error, '', failedBeforeReply(error));
    }
    const status = res.statusCode;
    if (status < 200 || status >= 300) {
      let text = '';
      try {
        text = (await readBody(res.body, ERROR_BODY_BYTES, controller, true)).text;
      } catch {
        // The status says enough; a body that breaks off adds nothing.
      }
      const retryAfterMs = parseRetryAfter(res.headers);
      throw fail('TRANSPORT_ERROR', `HTTP ${status}: ${excerpt(settings.redactor.redact(text))}`, {
        status,
        retryAfterMs,
        retryable: (status === 429 || status === 503) && retryAfterMs !== undefined,
      });
    }
    // A 2xx started: from here on nothing is retried.
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxReplyBytes) {
      controller.abort();
      throw fail(
        'BAD_RESPONSE',
        `reply of ${declared} bytes is over maxReplyBytes (${maxReplyBytes}); not read`,
      );
    }
    let read: { text: string; over: boolean };
    try {
      read = await readBody(res.body, maxReplyBytes, controller);
    } catch (error) {
      throw interrupted(error, 'reply broke off: ');
    }
    if (read.over) {
      throw fail(
        'BAD_RESPONSE',
        `reply is over maxReplyBytes (${maxReplyBytes}); stopped reading there`,
      );
    }
    const engineMs = performance.now() - started;
    try {
      return { value: JSON.parse(read.text) as unknown, engineMs };
    } catch (error) {
      throw fail('BAD_RESPONSE', `reply is not JSON: ${(error as Error).message}`);
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Read a body up to `max` bytes. Past that the request is aborted at once (the socket
 * closed, nothing more buffered) and `over` is true; `keepStart` keeps the first `max`
 * bytes (an error body's message).
 */
async function readBody(
  body: AsyncIterable<Buffer>,
  max: number,
  controller: AbortController,
  keepStart = false,
): Promise<{ text: string; over: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > max) {
      controller.abort();
      const start = keepStart ? Buffer.concat([...chunks, chunk]).subarray(0, max) : undefined;
      chunks.length = 0;
      return { text: start?.toString('utf8') ?? '', over: true };
    }
    size += chunk.length;
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks, size).toString('utf8'), over: false };
}
