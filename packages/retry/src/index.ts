export { LazyAgent, undici } from './lazy-agent.js';
export { parseRetryAfter } from './retry-after.js';
export { backoffDelay, DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
export { isRetryableStatus } from './retryable-status.js';
export { type RetryEvent, type RetryOptions, withRetries } from './with-retries.js';
