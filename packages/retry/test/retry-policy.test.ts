import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY_POLICY } from '../src/retry-policy.js';

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
