import { DatasourceError } from '@nl2sql/datasource';

/** How often an interrupt is repeated while a stopped statement is still running. */
const REPEAT_MS = 20;

/**
 * Stops the statements of one execute call when its timeout passes or its signal aborts.
 *
 * SQLite clears a pending interrupt when a statement starts on an otherwise idle connection,
 * so an interrupt that lands in the gap between the driver queueing a statement and SQLite
 * starting it would be lost; the guard therefore repeats the interrupt until the statement
 * it is waiting on has returned, and checks its own flag before starting the next one.
 */
export class InterruptGuard {
  private reason: 'timeout' | 'cancelled' | undefined;
  private active = 0;
  private readonly timer: NodeJS.Timeout | undefined;
  private repeat: NodeJS.Timeout | undefined;
  private readonly onAbort = () => this.stop('cancelled');

  constructor(
    private readonly interrupt: () => void,
    private readonly timeoutMs: number,
    private readonly signal: AbortSignal | undefined,
    private readonly label: string,
  ) {
    if (Number.isFinite(timeoutMs)) this.timer = setTimeout(() => this.stop('timeout'), timeoutMs);
    signal?.addEventListener('abort', this.onAbort, { once: true });
    if (signal?.aborted) this.stop('cancelled');
  }

  /** Run one statement; a failure caused by the guard's interrupt becomes TIMEOUT or CANCELLED. */
  async step<T>(run: () => Promise<T>): Promise<T> {
    this.throwIfStopped();
    this.active += 1;
    try {
      return await run();
    } catch (error) {
      throw this.reason ? this.stoppedError(error) : error;
    } finally {
      this.active -= 1;
    }
  }

  /** Throw TIMEOUT or CANCELLED when the guard has fired. */
  throwIfStopped(): void {
    if (this.reason) throw this.stoppedError(undefined);
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearInterval(this.repeat);
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private stop(reason: 'timeout' | 'cancelled'): void {
    if (this.reason) return;
    this.reason = reason;
    clearTimeout(this.timer);
    if (this.active > 0) this.interrupt();
    this.repeat = setInterval(() => {
      if (this.active > 0) this.interrupt();
    }, REPEAT_MS);
  }

  private stoppedError(cause: unknown): DatasourceError {
    const details =
      cause instanceof DatasourceError
        ? { databaseCode: cause.databaseCode, sql: cause.sql }
        : { databaseCode: undefined, sql: undefined };
    const databaseMessage =
      cause instanceof DatasourceError
        ? cause.databaseMessage
        : cause instanceof Error
          ? cause.message
          : undefined;
    const suffix = databaseMessage ? ` (${databaseMessage})` : '';
    if (this.reason === 'timeout') {
      return new DatasourceError(
        'TIMEOUT',
        `${this.label}: the statement ran past its ${this.timeoutMs} ms timeout and was interrupted${suffix}`,
        { ...details, databaseMessage, cause },
      );
    }
    const why = this.signal?.reason;
    const said = why instanceof Error ? why.message : why === undefined ? '' : String(why);
    return new DatasourceError(
      'CANCELLED',
      `${this.label}: the statement was cancelled${said ? ` (${said})` : ''}${suffix}`,
      { ...details, databaseMessage, cause: cause ?? why },
    );
  }
}
