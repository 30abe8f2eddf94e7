import { DatasourceError } from '@nl2sql/datasource';

interface Waiter<T> {
  resolve: (resource: T) => void;
  reject: (error: unknown) => void;
}

export interface ConnectionPoolOptions<T> {
  /** Opens a new connection; called lazily, never more than `size` live at once. */
  open: () => Promise<T>;
  close: (resource: T) => Promise<void>;
  size: number;
  /** Names the pool in error messages. */
  label: string;
}

/**
 * A fixed-size pool: at most `size` connections, each lent to one caller at a time; callers
 * beyond that wait in FIFO order. A waiter can leave the queue through its AbortSignal.
 */
export class ConnectionPool<T> {
  private readonly idle: T[] = [];
  private readonly waiters: Waiter<T>[] = [];
  private live = 0;
  private closed = false;
  private drained: (() => void) | undefined;

  constructor(private readonly options: ConnectionPoolOptions<T>) {
    if (!Number.isInteger(options.size) || options.size < 1) {
      throw new RangeError(`pool size must be a positive integer, got ${options.size}`);
    }
  }

  /** Connections open right now (idle or lent). */
  get size(): number {
    return this.live;
  }

  /** Callers waiting for a connection. */
  get waiting(): number {
    return this.waiters.length;
  }

  async acquire(signal?: AbortSignal): Promise<T> {
    if (this.closed) throw this.closedError();
    if (signal?.aborted)
      throw cancelled(signal, `waiting for a connection to ${this.options.label}`);
    const ready = this.idle.pop();
    if (ready !== undefined) return ready;
    if (this.live < this.options.size) {
      this.live += 1;
      try {
        return await this.options.open();
      } catch (error) {
        this.live -= 1;
        this.settleDrain();
        throw error;
      }
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(cancelled(signal!, `waiting for a connection to ${this.options.label}`));
      };
      const waiter: Waiter<T> = {
        resolve: (resource) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(resource);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Give a connection back: to the longest waiter, or to the idle list. */
  release(resource: T): void {
    if (this.closed) {
      void this.discard(resource);
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(resource);
    else this.idle.push(resource);
  }

  /** Close a connection that must not be reused (its state is unknown). */
  async discard(resource: T): Promise<void> {
    try {
      await this.options.close(resource);
    } finally {
      this.live -= 1;
      this.settleDrain();
    }
  }

  /** Refuse new callers, fail waiters, and close every connection once it comes back. */
  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      for (const waiter of this.waiters.splice(0)) waiter.reject(this.closedError());
    }
    const done = this.live === 0 ? Promise.resolve() : new Promise<void>((r) => this.setDrain(r));
    await Promise.all(this.idle.splice(0).map((resource) => this.discard(resource)));
    await done;
  }

  private setDrain(resolve: () => void): void {
    const previous = this.drained;
    this.drained = () => {
      previous?.();
      resolve();
    };
  }

  private settleDrain(): void {
    if (this.live === 0 && this.drained) {
      const drained = this.drained;
      this.drained = undefined;
      drained();
    }
  }

  private closedError(): DatasourceError {
    return new DatasourceError('CONNECTION', `${this.options.label} is closed`);
  }
}

/** The error for a caller whose AbortSignal fired. */
export function cancelled(signal: AbortSignal, what: string): DatasourceError {
  const reason = signal.reason;
  const why = reason instanceof Error ? reason.message : reason === undefined ? '' : String(reason);
  return new DatasourceError('CANCELLED', `cancelled while ${what}${why ? ` (${why})` : ''}`, {
    cause: reason,
  });
}
