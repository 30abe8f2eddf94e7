import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConcurrencyLimiter } from '../src/concurrency-limiter.js';

describe('ConcurrencyLimiter', () => {
  it('never exceeds its limit and serves everyone (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 30 }),
        async (limit, delays) => {
          const limiter = new ConcurrencyLimiter(limit);
          let active = 0;
          let peak = 0;
          await Promise.all(
            delays.map(async (d) => {
              const release = await limiter.acquire();
              active++;
              peak = Math.max(peak, active);
              await new Promise((r) => setTimeout(r, d));
              active--;
              release();
            }),
          );
          expect(peak).toBeLessThanOrEqual(limit);
          expect(limiter.active).toBe(0);
          expect(limiter.waiting).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('serves waiters first in, first out', async () => {
    const limiter = new ConcurrencyLimiter(1);
    const first = await limiter.acquire();
    const order: number[] = [];
    const waits = [1, 2, 3].map((n) =>
      limiter.acquire().then((release) => {
        order.push(n);
        release();
      }),
    );
    first();
    await Promise.all(waits);
    expect(order).toEqual([1, 2, 3]);
  });

  it('an aborted waiter leaves the queue and never takes a slot', async () => {
    const limiter = new ConcurrencyLimiter(1);
    const held = await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    expect(limiter.waiting).toBe(1);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    expect(limiter.waiting).toBe(0);
    held();
    expect(limiter.active).toBe(0);
  });

  it('releasing twice frees one slot only', async () => {
    const limiter = new ConcurrencyLimiter(2);
    const a = await limiter.acquire();
    await limiter.acquire();
    a();
    a();
    expect(limiter.active).toBe(1);
  });

  it('rejects a limit below 1', () => {
    expect(() => new ConcurrencyLimiter(0)).toThrow(RangeError);
  });
});
