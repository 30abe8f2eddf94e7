// Run an attempt until it succeeds, fails in a way the caller says is final, or the policy's
// retries are spent. p-retry drives the loop (attempt count, the abort checks between
// attempts, never retrying a programming error); the wait is ours, decided per failure,
// because p-retry's own delay can neither honour a server's Retry-After nor take the
// caller's random source (tests fix it to make waits exact).

import { setTimeout as sleep } from 'node:timers/promises';
import pRetry from 'p-retry';
import { backoffDelay, DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';

export interface RetryEvent {
  /** The failure that is being retried. */
  error: unknown;
  /** Retry number, 0 for the first retry. */
  retry: number;
  /** How long the policy waits before it. */
  delayMs: number;
}

export interface RetryOptions {
  /** Overrides of DEFAULT_RETRY_POLICY. */
  policy?: Partial<RetryPolicy>;
  /** Whether another attempt could succeed after this failure. */
  retryable: (error: unknown) => boolean;
  /** The wait a failure carries from the server (Retry-After), if any. */
  retryAfterMs?: (error: unknown) => number | undefined;
  /** Stops the retries: a wait in progress ends at once and the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Jitter source (default Math.random). */
  random?: () => number;
  /** Called before each wait. */
  onRetry?: (event: RetryEvent) => void;
}

/**
 * `attempt(index)` (index 0 for the first try) until it resolves. A failure is retried when
 * `retryable` says so, retries remain, and any Retry-After is within maxRetryAfterMs; the
 * wait is that Retry-After, else `backoffDelay`. Otherwise the failure is rethrown as is.
 */
export async function withRetries<T>(
  attempt: (index: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const random = options.random ?? Math.random;
  const signal = options.signal;
  return pRetry((attemptNumber) => attempt(attemptNumber - 1), {
    retries: policy.maxRetries,
    // p-retry waits nothing itself: shouldRetry below decides and waits.
    minTimeout: 0,
    signal,
    shouldRetry: async ({ error, retriesConsumed }) => {
      if (!options.retryable(error)) return false;
      const asked = options.retryAfterMs?.(error);
      if (asked !== undefined && asked > policy.maxRetryAfterMs) return false;
      const delayMs = asked ?? backoffDelay(retriesConsumed, policy, random);
      options.onRetry?.({ error, retry: retriesConsumed, delayMs });
      try {
        await sleep(delayMs, undefined, signal ? { signal } : undefined);
      } catch (cause) {
        throw signal?.aborted ? signal.reason : cause;
      }
      return true;
    },
  });
}
