import { DatasourceError } from '@nl2sql/datasource';

// DuckDB drops an interrupt that arrives between two calls (the flag is cleared when the next
// one begins), so once the deadline passes it is repeated until the query's step returns.
const REPEAT_MS = 20;

/**
 * A query's deadline and cancellation on one connection: past `timeoutMs`, or when `signal`
 * fires, the connection is interrupted; `step` turns the interrupt into TIMEOUT or CANCELLED.
 */
export class QueryDeadline {
  private timer: NodeJS.Timeout | undefined;
  private repeat: NodeJS.Timeout | undefined;
  private reason: 'timeout' | 'cancelled' | undefined;
  private readonly onAbort = () => this.fire('cancelled');

  constructor(
    private readonly interrupt: () => void,
    private readonly timeoutMs: number,
    private readonly signal: AbortSignal,
    private readonly label: string,
  ) {
    this.timer = setTimeout(() => this.fire('timeout'), timeoutMs);
    if (signal.aborted) this.fire('cancelled');
    else signal.addEventListener('abort', this.onAbort, { once: true });
  }

  private fire(reason: 'timeout' | 'cancelled'): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    this.interrupt();
    this.repeat = setInterval(() => this.interrupt(), REPEAT_MS);
  }

  /** Run one call on the connection; an interrupted call fails with TIMEOUT or CANCELLED. */
  async step<T>(run: () => Promise<T>, sql: string): Promise<T> {
    this.check(sql);
    try {
      return await run();
    } catch (error) {
      this.check(sql, error);
      throw error;
    }
  }

  private check(sql: string, cause?: unknown): void {
    if (this.reason === 'timeout') {
      throw new DatasourceError(
        'TIMEOUT',
        `${this.label}: the query ran longer than ${this.timeoutMs} ms and was interrupted`,
        { sql, ...(cause !== undefined ? { cause } : {}) },
      );
    }
    if (this.reason === 'cancelled') {
      throw new DatasourceError('CANCELLED', `${this.label}: the query was cancelled`, {
        sql,
        ...(cause !== undefined ? { cause } : {}),
      });
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearInterval(this.repeat);
    this.signal.removeEventListener('abort', this.onAbort);
  }
}
