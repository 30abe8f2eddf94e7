import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY_POLICY, parseRetryAfter } from '../src/backoff.js';

describe('backoffDelay', () => {
  it('doubles per retry up to the cap, with jitter in the upper half', () => {
    const p = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([0, 1, 2, 3, 4].map((r) => backoffDelay(r, p, () => 0))).toEqual([
      50, 100, 200, 400, 500,
    ]);
    expect([0, 1, 2, 3, 4].map((r) => backoffDelay(r, p, () => 1))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
  });

  it('stays within [ceiling/2, ceiling] for any jitter (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (retry, r) => {
          const ceiling = Math.min(
            DEFAULT_RETRY_POLICY.maxDelayMs,
            DEFAULT_RETRY_POLICY.baseDelayMs * 2 ** retry,
          );
          const d = backoffDelay(retry, DEFAULT_RETRY_POLICY, () => r);
          expect(d).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
          expect(d).toBeLessThanOrEqual(ceiling);
        },
      ),
    );
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds, fractional seconds, retry-after-ms and HTTP dates', () => {
    expect(parseRetryAfter({ 'retry-after': '2' })).toBe(2000);
    expect(parseRetryAfter({ 'retry-after': '0.25' })).toBe(250);
    expect(parseRetryAfter({ 'retry-after-ms': '120', 'retry-after': '9' })).toBe(120);
    const now = Date.parse('2026-11-29T20:00:00Z');
    expect(parseRetryAfter({ 'retry-after': 'Sun, 29 Nov 2026 20:00:05 GMT' }, now)).toBe(5000);
    expect(parseRetryAfter({ 'retry-after': 'Sun, 29 Nov 2026 19:00:00 GMT' }, now)).toBe(0);
  });

  it('is undefined when absent or unreadable', () => {
    expect(parseRetryAfter({})).toBeUndefined();
    expect(parseRetryAfter({ 'retry-after': 'soon' })).toBeUndefined();
    expect(parseRetryAfter({ 'retry-after': '' })).toBeUndefined();
  });
});
