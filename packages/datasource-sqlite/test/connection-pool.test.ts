import { DatasourceError } from '@nl2sql/datasource';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConnectionPool } from '../src/connection-pool.js';

interface Fake {
  id: number;
  closed: boolean;
}

function fakePool(size: number) {
  const opened: Fake[] = [];
  const pool = new ConnectionPool<Fake>({
    open: async () => {
      const fake = { id: opened.length, closed: false };
      opened.push(fake);
      return fake;
    },
    close: async (fake) => {
      fake.closed = true;
    },
    size,
    label: 'fake db',
  });
  return { pool, opened };
}

describe('ConnectionPool', () => {
  it('opens lazily and reuses an idle connection', async () => {
    const { pool, opened } = fakePool(3);
    const a = await pool.acquire();
    pool.release(a);
    const b = await pool.acquire();
    expect(b).toBe(a);
    expect(opened).toHaveLength(1);
  });

  it('makes callers beyond the size wait, first come first served', async () => {
    const { pool } = fakePool(1);
    const held = await pool.acquire();
    const order: string[] = [];
    const first = pool.acquire().then((c) => {
      order.push('first');
      return c;
    });
    const second = pool.acquire().then((c) => {
      order.push('second');
      return c;
    });
    expect(pool.waiting).toBe(2);
    pool.release(held);
    pool.release(await first);
    await second;
    expect(order).toEqual(['first', 'second']);
  });

  it('lets a waiting caller leave through its AbortSignal', async () => {
    const { pool } = fakePool(1);
    const held = await pool.acquire();
    const controller = new AbortController();
    const waiting = pool.acquire(controller.signal);
    controller.abort(new Error('user gave up'));
    await expect(waiting).rejects.toMatchObject({
      code: 'CANCELLED',
      message: expect.stringContaining('user gave up'),
    });
    expect(pool.waiting).toBe(0);
    pool.release(held);
    expect(await pool.acquire()).toBe(held);
  });

  it('refuses an already aborted signal without taking a connection', async () => {
    const { pool, opened } = fakePool(1);
    await expect(pool.acquire(AbortSignal.abort())).rejects.toBeInstanceOf(DatasourceError);
    expect(opened).toHaveLength(0);
  });

  it('closes idle connections, fails waiters and closes lent ones when they return', async () => {
    const { pool, opened } = fakePool(2);
    const a = await pool.acquire();
    const b = await pool.acquire();
    pool.release(b);
    // b is idle again, so this takes it back; the next caller has to wait.
    const c = await pool.acquire();
    const late = pool.acquire();
    const closing = pool.close();
    await expect(late).rejects.toMatchObject({ code: 'CONNECTION', message: 'fake db is closed' });
    await expect(pool.acquire()).rejects.toMatchObject({ code: 'CONNECTION' });
    pool.release(a);
    pool.release(c);
    await closing;
    expect(opened.every((f) => f.closed)).toBe(true);
    expect(pool.size).toBe(0);
  });

  it('gives a failed open back its slot', async () => {
    let fail = true;
    const pool = new ConnectionPool<number>({
      open: async () => {
        if (fail) throw new Error('cannot open');
        return 1;
      },
      close: async () => {},
      size: 1,
      label: 'flaky',
    });
    await expect(pool.acquire()).rejects.toThrow('cannot open');
    fail = false;
    expect(await pool.acquire()).toBe(1);
  });

  it('rejects a size that is not a positive integer', () => {
    expect(() => fakePool(0)).toThrow(RangeError);
    expect(() => fakePool(1.5)).toThrow(RangeError);
  });

  it('never lends more than size connections, nor one connection twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 25 }),
        async (size, delays) => {
          const { pool, opened } = fakePool(size);
          const lent = new Set<Fake>();
          let most = 0;
          await Promise.all(
            delays.map(async (delay) => {
              const fake = await pool.acquire();
              expect(lent.has(fake)).toBe(false);
              lent.add(fake);
              most = Math.max(most, lent.size);
              await new Promise((r) => setTimeout(r, delay));
              lent.delete(fake);
              pool.release(fake);
            }),
          );
          expect(most).toBeLessThanOrEqual(size);
          expect(opened.length).toBeLessThanOrEqual(size);
          await pool.close();
        },
      ),
      { numRuns: 30 },
    );
  });
});
