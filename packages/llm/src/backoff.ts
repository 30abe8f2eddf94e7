// When to try again. Exponential backoff with jitter spreads retries from many concurrent
// calls so they do not hit a recovering server in lockstep; a server's Retry-After wins
// because it knows when its limit resets.

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Delay before the first retry, before jitter. */
  baseDelayMs: number;
  /** Largest backoff delay. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** Backoff before retry number `retry` (0 for the first): half fixed, half random. */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * Milliseconds a server asked to wait: `retry-after-ms` (OpenAI), else `retry-after` as
 * seconds or an HTTP date. Undefined when absent or unreadable.
 */
export function parseRetryAfter(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  now: number = Date.now(),
): number | undefined {
  const first = (name: string): string | undefined => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const ms = first('retry-after-ms');
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const value = first('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
