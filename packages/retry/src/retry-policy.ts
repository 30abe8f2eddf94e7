// The numbers of the one retry policy every outbound call shares (LLM calls, the HTTP
// engine client, embeddings): how many retries, how the wait grows, and how long a server
// may ask us to wait. decisions/llm-retries-and-prices.md says why each number is what it is.

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

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
});

/**
 * Backoff before retry number `retry` (0 for the first): the ceiling doubles from
 * baseDelayMs up to maxDelayMs, and the delay is drawn from its upper half. The random half
 * keeps concurrent callers from returning in lockstep; the fixed half keeps a floor so a
 * retry is never immediate.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
