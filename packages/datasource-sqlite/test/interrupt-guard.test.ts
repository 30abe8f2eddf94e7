import { describe, expect, it } from 'vitest';
import { InterruptGuard } from '../src/interrupt-guard.js';

/** A statement that only ends when interrupted, as SQLite's interrupt() makes it. */
function interruptible() {
  let interrupts = 0;
  let stop: (() => void) | undefined;
  const interrupt = () => {
    interrupts += 1;
    stop?.();
  };
  const run = () =>
    new Promise<never>((_, reject) => {
      stop = () => reject(new Error('SQLITE_INTERRUPT: interrupted'));
    });
  return { interrupt, run, count: () => interrupts };
}

describe('InterruptGuard', () => {
  it('interrupts a running statement at the timeout and reports TIMEOUT with the database message', async () => {
    const statement = interruptible();
    const guard = new InterruptGuard(statement.interrupt, 30, undefined, 'db');
    const error = await guard.step(statement.run).catch((e: unknown) => e);
    guard.dispose();
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      databaseMessage: 'SQLITE_INTERRUPT: interrupted',
      message:
        'db: the statement ran past its 30 ms timeout and was interrupted (SQLITE_INTERRUPT: interrupted)',
    });
    expect(statement.count()).toBeGreaterThanOrEqual(1);
  });

  it('reports CANCELLED with the abort reason', async () => {
    const statement = interruptible();
    const controller = new AbortController();
    const guard = new InterruptGuard(statement.interrupt, 10_000, controller.signal, 'db');
    const pending = guard.step(statement.run);
    controller.abort(new Error('user pressed stop'));
    await expect(pending).rejects.toMatchObject({
      code: 'CANCELLED',
      message: expect.stringContaining('user pressed stop'),
    });
    guard.dispose();
  });

  it('repeats the interrupt until a statement that missed it returns', async () => {
    let interrupts = 0;
    let release: () => void = () => {};
    const guard = new InterruptGuard(
      () => {
        interrupts += 1;
        if (interrupts === 3) release();
      },
      5,
      undefined,
      'db',
    );
    const pending = guard.step(
      () =>
        new Promise<never>((_, reject) => {
          release = () => reject(new Error('interrupted'));
        }),
    );
    await expect(pending).rejects.toMatchObject({ code: 'TIMEOUT' });
    guard.dispose();
    expect(interrupts).toBe(3);
  });

  it('refuses to start another statement once it has fired', async () => {
    const guard = new InterruptGuard(() => {}, 1, undefined, 'db');
    await new Promise((r) => setTimeout(r, 20));
    let started = false;
    await expect(
      guard.step(async () => {
        started = true;
      }),
    ).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(started).toBe(false);
    guard.dispose();
  });

  it('does not interrupt an idle connection and stops listening once disposed', async () => {
    let interrupts = 0;
    const controller = new AbortController();
    const guard = new InterruptGuard(() => (interrupts += 1), 10_000, controller.signal, 'db');
    expect(await guard.step(async () => 42)).toBe(42);
    guard.dispose();
    controller.abort();
    await new Promise((r) => setTimeout(r, 50));
    expect(interrupts).toBe(0);
  });
});
