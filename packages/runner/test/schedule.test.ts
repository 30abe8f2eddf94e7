import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CostCap, schedule } from '../src/index.js';

const tick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits `ms`, or rejects as soon as the signal aborts. */
function work(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });
}

describe('schedule', () => {
  it('runs every task, in order, never more than `concurrency` at once', async () => {
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const result = await schedule(
      [5, 1, 3, 2, 4, 1, 1, 2],
      async (ms) => {
        started.push(ms);
        inFlight++;
        most = Math.max(most, inFlight);
        await tick(ms);
        inFlight--;
      },
      { concurrency: 3 },
    );
    expect(result).toEqual({ stopped: null, admitted: 8 });
    expect(started).toEqual([5, 1, 3, 2, 4, 1, 1, 2]);
    expect(most).toBe(3);
    expect(inFlight).toBe(0);
  });

  it('asks the admission policy before each start and waits while it says not yet', async () => {
    // Admits only with nothing in flight: one at a time although the bound is 4.
    let inFlight = 0;
    let most = 0;
    const asked: number[] = [];
    const result = await schedule(
      [1, 2, 3],
      async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await tick(2);
        inFlight--;
      },
      {
        concurrency: 4,
        admission: {
          allows: (n) => {
            asked.push(n);
            return n === 0;
          },
        },
      },
    );
    expect(result).toEqual({ stopped: null, admitted: 3 });
    expect(most).toBe(1);
    expect(asked.filter((n) => n === 0)).toHaveLength(3);
  });

  it('the cost cap as admission: stops admitting once spent + the most expensive could pass it', async () => {
    const cap = new CostCap(1);
    const costs = [0.3, 0.3, 0.3, 0.3, 0.3];
    const ran: number[] = [];
    const result = await schedule(
      costs.map((_, i) => i),
      async (i) => {
        await tick(1);
        ran.push(i);
        cap.finish(costs[i] ?? 0);
      },
      { concurrency: 2, admission: cap },
    );
    // First alone (no cost known), then 0.3 + 2 x 0.3 <= 1 admits one more in flight.
    expect(result.stopped).toBe('refused');
    expect(ran).toEqual([0, 1, 2]);
    expect(cap.spent).toBeCloseTo(0.9, 12);
    expect(result.admitted).toBe(3);
  });

  it('a cancel while tasks are in flight stops admission, aborts them and waits for them', async () => {
    const controller = new AbortController();
    const settled: string[] = [];
    const pending = schedule(
      Array.from({ length: 10 }, (_, i) => i),
      async (i, signal) => {
        try {
          await work(i < 3 ? 1 : 1_000, signal);
          settled.push(`done ${i}`);
        } catch {
          settled.push(`aborted ${i}`);
        }
        if (i === 2) controller.abort();
      },
      { concurrency: 3, signal: controller.signal },
    );
    const result = await pending;
    expect(result.stopped).toBe('cancelled');
    // 0..2 finished; 3 and 4 were admitted as slots freed, then aborted; nothing after.
    expect(result.admitted).toBe(5);
    expect(settled.sort()).toEqual(['aborted 3', 'aborted 4', 'done 0', 'done 1', 'done 2']);
  });

  it('a signal aborted before the start admits nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    let ran = 0;
    const result = await schedule([1, 2], async () => void ran++, {
      concurrency: 2,
      signal: controller.signal,
    });
    expect(result).toEqual({ stopped: 'cancelled', admitted: 0 });
    expect(ran).toBe(0);
  });

  it('a task that throws stops admission, aborts the others, and its error is thrown after they settle', async () => {
    const started: number[] = [];
    const settled: number[] = [];
    const boom = new Error('boom');
    await expect(
      schedule(
        [0, 1, 2, 3, 4, 5],
        async (i, signal) => {
          started.push(i);
          if (i === 1) {
            await tick(1);
            throw boom;
          }
          await work(5_000, signal).catch(() => undefined);
          settled.push(i);
        },
        { concurrency: 3 },
      ),
    ).rejects.toBe(boom);
    // 0 and 2 were in flight with 1; they were aborted (not left to run 500 ms) and settled.
    expect(started).toEqual([0, 1, 2]);
    expect(settled.sort()).toEqual([0, 2]);
  });

  it('rejects a bound that is not a positive integer', async () => {
    await expect(schedule([], async () => {}, { concurrency: 0 })).rejects.toThrow(RangeError);
  });

  it('never more than N in flight, every admitted task finishes exactly once, admitted tasks are a prefix', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 0, maxLength: 25 }),
        fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }),
        fc.option(fc.integer({ min: 0, max: 25 }), { nil: null }),
        async (concurrency, durations, refusals, cancelAfter) => {
          const controller = new AbortController();
          let inFlight = 0;
          let most = 0;
          let finishedCount = 0;
          const starts = new Map<number, number>();
          const finishes = new Map<number, number>();
          // An admission policy that refuses now and then (a refusal with nothing in flight
          // ends the run).
          let asks = 0;
          const admission = { allows: () => !refusals[asks++ % refusals.length] };
          const result = await schedule(
            durations.map((ms, i) => ({ i, ms })),
            async ({ i, ms }, signal) => {
              starts.set(i, (starts.get(i) ?? 0) + 1);
              inFlight++;
              most = Math.max(most, inFlight);
              try {
                await work(ms, signal);
              } catch {
                // aborted: still settles once
              } finally {
                inFlight--;
                finishes.set(i, (finishes.get(i) ?? 0) + 1);
                finishedCount++;
                if (cancelAfter !== null && finishedCount === cancelAfter) controller.abort();
              }
            },
            { concurrency, admission, signal: controller.signal },
          );
          expect(most).toBeLessThanOrEqual(concurrency);
          expect(inFlight).toBe(0);
          expect([...starts.keys()].sort((a, b) => a - b)).toEqual(
            Array.from({ length: result.admitted }, (_, i) => i),
          );
          for (const [i, n] of starts) {
            expect(n).toBe(1);
            expect(finishes.get(i)).toBe(1);
          }
          if (result.stopped === null) expect(result.admitted).toBe(durations.length);
          else expect(result.admitted).toBeLessThan(durations.length);
        },
      ),
      { numRuns: 60 },
    );
  });
});
