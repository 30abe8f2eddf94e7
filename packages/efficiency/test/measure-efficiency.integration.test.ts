// measureEfficiency on the real Chinook file through the real SQLite datasource.
import type { Datasource } from '@nl2sql/datasource';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EfficiencyError, measureEfficiency } from '../src/index.js';
import { chinookPath, noChinook } from './chinook.js';

// chinook_039: tracks never purchased. The gold reads InvoiceLine once into a list; the
// rewrite probes InvoiceLine for each of the 3,503 tracks with its index defeated (+ 0), so it
// scans 2,240 rows per track: the same answer, orders of magnitude slower.
const GOLD =
  'SELECT COUNT(*) AS tracks FROM Track t WHERE t.TrackId NOT IN (SELECT il.TrackId FROM InvoiceLine il)';
const SLOW =
  'SELECT COUNT(*) AS tracks FROM Track t WHERE NOT EXISTS (SELECT 1 FROM InvoiceLine il WHERE il.TrackId + 0 = t.TrackId)';

let chinook: SqliteDatasource;
beforeAll(async () => {
  if (noChinook) return;
  // one connection: both queries of a measurement run on the same one
  chinook = await openSqlite(await chinookPath(), { poolSize: 1, timeoutMs: 60_000 });
});
afterAll(() => chinook?.close());

/** The real datasource, counting the statements it is given. */
function counting(ds: Datasource): { ds: Pick<Datasource, 'execute'>; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    ds: {
      execute: (sql, options) => {
        calls.push(sql);
        return ds.execute(sql, options);
      },
    },
  };
}

describe.skipIf(noChinook)('measureEfficiency on Chinook', () => {
  it('the gold against itself: every round timed, the order alternating, the ratio near 1', async () => {
    const { ds, calls } = counting(chinook);
    const m = await measureEfficiency({
      datasource: ds,
      goldSql: GOLD,
      predSql: GOLD,
      correct: true,
      repeats: 12,
      warmup: 1,
    });
    expect(m.status).toBe('measured');
    expect(calls.length).toBe(2 * (12 + 1));
    expect(m.rounds.map((r) => r.first)).toEqual(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 'prediction' : 'gold')),
    );
    for (const r of m.rounds) expect(r.ratio).toBeCloseTo(r.goldMs / r.predMs, 12);
    // the same query: within a factor 3 even on a loaded machine
    expect(m.timeRatio).toBeGreaterThan(1 / 3);
    expect(m.timeRatio).toBeLessThan(3);
    expect(m.ves).toBeCloseTo(Math.sqrt(m.timeRatio), 12);
    expect(m.gold?.medianMs).toBeGreaterThan(0);
    expect(m.outliers).toBe(m.rounds.filter((r) => r.outlier).length);
  });

  it('a correct but much slower rewrite: ratio well below 1, a low R-VES reward', async () => {
    const m = await measureEfficiency({
      datasource: chinook,
      goldSql: GOLD,
      predSql: SLOW,
      correct: true,
      repeats: 4,
      warmup: 1,
    });
    expect(m.status).toBe('measured');
    expect(m.timeRatio).toBeLessThan(0.25);
    expect(m.reward).toBe(0.25);
    expect(m.prediction!.minMs).toBeGreaterThan(m.gold!.minMs);
    // and the other way round: the gold is the slow one
    const fast = await measureEfficiency({
      datasource: chinook,
      goldSql: SLOW,
      predSql: GOLD,
      correct: true,
      repeats: 4,
      warmup: 1,
    });
    expect(fast.timeRatio).toBeGreaterThan(4);
    expect(fast.reward).toBe(1.25);
  });

  it('an incorrect prediction is not timed: no statement runs, it scores 0', async () => {
    const { ds, calls } = counting(chinook);
    const m = await measureEfficiency({
      datasource: ds,
      goldSql: GOLD,
      predSql: SLOW,
      correct: false,
    });
    expect(calls).toEqual([]);
    expect(m).toMatchObject({ status: 'incorrect', timeRatio: 0, ves: 0, reward: 0, rounds: [] });
  });

  it('a prediction past the timeout scores 0 as BIRD does; a gold that fails is a failed measurement', async () => {
    const timeout = await measureEfficiency({
      datasource: chinook,
      goldSql: GOLD,
      predSql: SLOW,
      correct: true,
      timeoutMs: 5,
      warmup: 0,
    });
    expect(timeout).toMatchObject({
      status: 'timeout',
      reward: 0,
      error: { side: 'prediction', code: 'TIMEOUT' },
    });
    const broken = await measureEfficiency({
      datasource: chinook,
      goldSql: 'SELECT COUNT(*) FROM Trak',
      predSql: GOLD,
      correct: true,
    });
    expect(broken).toMatchObject({ status: 'error', error: { side: 'gold' } });
    expect(broken.error?.message).toContain('no such table');
  });

  it('a result cut at the row cap cannot be timed fairly', async () => {
    const m = await measureEfficiency({
      datasource: chinook,
      goldSql: 'SELECT Name FROM Track',
      predSql: 'SELECT Name FROM Track',
      correct: true,
      maxRows: 100,
    });
    expect(m).toMatchObject({ status: 'error', error: { code: 'TRUNCATED' } });
  });

  it('refuses options out of range, and stops when cancelled', async () => {
    for (const bad of [
      { repeats: 0 },
      { repeats: 1.5 },
      { warmup: -1 },
      { trimSigmas: 1 },
      { trimSigmas: Number.NaN },
    ]) {
      await expect(
        measureEfficiency({
          datasource: chinook,
          goldSql: GOLD,
          predSql: GOLD,
          correct: true,
          ...bad,
        }),
      ).rejects.toBeInstanceOf(EfficiencyError);
    }
    const controller = new AbortController();
    controller.abort();
    await expect(
      measureEfficiency({
        datasource: chinook,
        goldSql: GOLD,
        predSql: GOLD,
        correct: true,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
