import { describe, expect, it } from 'vitest';
import { type RetryEvent, withRetries } from '../src/with-retries.js';

class Failure extends Error {
  constructor(
    readonly transient: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(transient ? 'transient' : 'final');
  }
}

const fast = { baseDelayMs: 20, maxDelayMs: 80 };
const options = {
  policy: fast,
  retryable: (e: unknown) => e instanceof Failure && e.transient,
  retryAfterMs: (e: unknown) => (e instanceof Failure ? e.retryAfterMs : undefined),
  random: () => 0,
};

/** An attempt that throws the given failures in order, then resolves with its index. */
function script(failures: Failure[]) {
  const calls: number[] = [];
  const attempt = async (index: number) => {
    calls.push(index);
    const failure = failures[index];
    if (failure) throw failure;
    return index;
  };
  return { calls, attempt };
}

describe('withRetries', () => {
  it('retries transient failures with growing backoff, then resolves', async () => {
    const { calls, attempt } = script([new Failure(true), new Failure(true)]);
    const events: RetryEvent[] = [];
    const started = performance.now();
    const value = await withRetries(attempt, { ...options, onRetry: (e) => events.push(e) });
    expect(value).toBe(2);
    expect(calls).toEqual([0, 1, 2]);
    expect(events.map((e) => [e.retry, e.delayMs])).toEqual([
      [0, 10],
      [1, 20],
    ]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(28);
  });

  it('rethrows a final failure at once', async () => {
    const final = new Failure(false);
    const { calls, attempt } = script([final]);
    await expect(withRetries(attempt, options)).rejects.toBe(final);
    expect(calls).toEqual([0]);
  });

  it('gives up after maxRetries with the last failure', async () => {
    const failures = [new Failure(true), new Failure(true), new Failure(true)];
    const { calls, attempt } = script(failures);
    const policy = { ...fast, maxRetries: 2 };
    await expect(withRetries(attempt, { ...options, policy })).rejects.toBe(failures[2]);
    expect(calls).toEqual([0, 1, 2]);
  });

  it('maxRetries 0 tries once', async () => {
    const { calls, attempt } = script([new Failure(true)]);
    await expect(
      withRetries(attempt, { ...options, policy: { maxRetries: 0 } }),
    ).rejects.toBeInstanceOf(Failure);
    expect(calls).toEqual([0]);
  });

  it('waits exactly the Retry-After a failure carries instead of the backoff', async () => {
    const { attempt } = script([new Failure(true, 250)]);
    const events: RetryEvent[] = [];
    const started = performance.now();
    await withRetries(attempt, { ...options, onRetry: (e) => events.push(e) });
    expect(events[0]?.delayMs).toBe(250);
    expect(performance.now() - started).toBeGreaterThanOrEqual(245);
  });

  it('fails at once when the Retry-After is beyond maxRetryAfterMs', async () => {
    const limited = new Failure(true, 3_600_000);
    const { calls, attempt } = script([limited]);
    await expect(
      withRetries(attempt, { ...options, policy: { ...fast, maxRetryAfterMs: 1_000 } }),
    ).rejects.toBe(limited);
    expect(calls).toEqual([0]);
  });

  it('an abort during a wait ends it at once with the signal reason, and no attempt follows', async () => {
    const { calls, attempt } = script([new Failure(true, 30_000)]);
    const controller = new AbortController();
    const reason = new Error('stop');
    setTimeout(() => controller.abort(reason), 50);
    const started = performance.now();
    await expect(withRetries(attempt, { ...options, signal: controller.signal })).rejects.toBe(
      reason,
    );
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(calls).toEqual([0]);
  });

  it('an already aborted signal runs no attempt', async () => {
    const { calls, attempt } = script([]);
    const controller = new AbortController();
    controller.abort(new Error('before'));
    await expect(withRetries(attempt, { ...options, signal: controller.signal })).rejects.toThrow(
      'before',
    );
    expect(calls).toEqual([]);
  });

  it('never retries a programming error', async () => {
    const calls: number[] = [];
    const attempt = async (index: number): Promise<number> => {
      calls.push(index);
      throw new TypeError('x is not a function');
    };
    await expect(withRetries(attempt, { ...options, retryable: () => true })).rejects.toThrow(
      TypeError,
    );
    expect(calls).toEqual([0]);
  });
});
