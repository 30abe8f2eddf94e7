import { DatasourceError } from '@nl2sql/datasource';

interface Waiter<T> {
  resolve: (connection: T) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * A fixed number of connections lent in FIFO order. Connections open on demand; a caller
 * beyond the pool's size waits, and its AbortSignal takes it out of the queue.
 */
export class ConnectionPool<T> {
  private readonly idle: T[] = [];
  private readonly waiters: Waiter<T>[] = [];
  private readonly all = new Set<T>();
  private opening = 0;
  private closed = false;

  constructor(
    private readonly open: () => Promise<T>,
    private readonly closeOne: (connection: T) => void,
    private readonly size: number,
    private readonly label: string,
  ) {
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`${label}: poolSize must be a positive integer, got ${size}`);
  }

  async acquire(signal?: AbortSignal): Promise<T> {
    if (this.closed) throw new DatasourceError('CONNECTION', `${this.label} is closed`);
    if (signal?.aborted) throw cancelled(this.label);
    const ready = this.idle.shift();
    if (ready !== undefined) return ready;
    if (this.all.size + this.opening < this.size) {
      this.opening += 1;
      try {
        const connection = await this.open();
        this.all.add(connection);
        return connection;
      } finally {
        this.opening -= 1;
      }
    }
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(cancelled(this.label));
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release(connection: T): void {
    if (this.closed) return;
    const waiter = this.waiters.shift();
    if (!waiter) {
      this.idle.push(connection);
      return;
    }
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
    waiter.resolve(connection);
  }

  /** Refuses waiting and new callers and closes every connection. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) {
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.reject(new DatasourceError('CONNECTION', `${this.label} is closed`));
    }
    for (const connection of this.all) this.closeOne(connection);
    this.all.clear();
    this.idle.length = 0;
  }
}

function cancelled(label: string): DatasourceError {
  return new DatasourceError(
    'CANCELLED',
    `${label}: the query was cancelled while it waited for a connection`,
  );
}
