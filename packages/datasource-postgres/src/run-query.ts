import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DatasourceError, type QueryResult } from '@nl2sql/datasource';
import type pg from 'pg';
import { abortReason, firstAborted, onFirstAbort } from './abort-signals.js';
import { type CancelTarget, sendCancelRequest } from './cancel-request.js';
import { CappedQuery, PartError } from './capped-query.js';
import { postgresError, postgresErrorCode } from './postgres-error.js';
import { SESSION_RESET, TRANSACTION_EPILOGUE } from './session-limits.js';

/** How long a cancelled statement may take to stop before its socket is closed under it. */
const CANCEL_GRACE_MS = 2000;

/** How long the rollback after an error may take before the connection is closed instead. */
const RESET_TIMEOUT_MS = 2000;

export interface RunQueryOptions {
  /** Rows to return at most; one more is read to tell whether the result was truncated. */
  maxRows: number;
  timeoutMs: number;
  /** Bytes the server may send for this result before the connection is closed under it. */
  maxResultBytes: number;
  /** The caller's cancel and the datasource's close: the first to fire cancels the query. */
  signals: readonly AbortSignal[];
  /** Names the server and login in messages. */
  label: string;
  /** The caller's SQL, as given, for errors. */
  sql: string;
  /** The statements that open the query's transaction and set its limits (transactionPrologue). */
  prologue: readonly string[];
}

export interface RunQueryOutcome {
  /** The result, or the typed error the query ended with. */
  result?: QueryResult;
  error?: DatasourceError;
  /** False when the connection's state is unknown (lost, cut off, cancelled late): close it. */
  reusable: boolean;
  /** The prologue failed: the login's settings have changed since they were read. */
  setupFailed?: boolean;
}

/** The driver's internals the adapter reads: the socket and the backend's cancel key. */
interface ClientInternals {
  connection: { stream: Socket };
  processID: number | null;
  secretKey: number | null;
  host: string;
  port: number;
}

function cancelTarget(client: ClientInternals): CancelTarget | undefined {
  if (client.processID === null || client.secretKey === null) return undefined;
  const stream = client.connection.stream;
  // The address actually connected to: a host name may resolve to several.
  const host = stream.remoteAddress ?? client.host;
  const port = stream.remotePort ?? client.port;
  return { host, port, processID: client.processID, secretKey: client.secretKey };
}

/**
 * Run one query on `client` in one round trip (CappedQuery: extended protocol, so the server
 * refuses a second statement; Execute asks for `maxRows + 1` rows and the result is truncated
 * when the extra row came), inside its own read-only transaction: `options.prologue` opens
 * it and sets its limits, TRANSACTION_EPILOGUE rolls it back and releases advisory locks.
 * When anything failed, the server skipped the epilogue, so it is sent again on its own
 * (SESSION_RESET); a connection that cannot be reset is not lent again. A deadline or an
 * abort sends a cancel request; if the statement has not stopped `CANCEL_GRACE_MS` later, or
 * the result grows past `maxResultBytes` on the wire, the socket is closed. The outcome says
 * whether the connection can be lent again.
 */
export async function runQuery(
  client: pg.PoolClient,
  text: string,
  options: RunQueryOptions,
): Promise<RunQueryOutcome> {
  const internals = client as unknown as ClientInternals;
  const stream = internals.connection.stream;
  // Execute's row count is a 32-bit integer (0: no limit).
  const limit = options.maxRows >= 2 ** 31 - 2 ? null : options.maxRows + 1;
  const started = performance.now();
  let stop: 'timeout' | 'cancelled' | 'too-large' | undefined;
  let cancelled: Promise<boolean> | undefined;
  let hardStop: NodeJS.Timeout | undefined;
  let socketCut = false;

  const cut = () => {
    socketCut = true;
    stream.destroy();
  };
  const halt = (why: 'timeout' | 'cancelled') => {
    if (stop) return;
    stop = why;
    const target = cancelTarget(internals);
    cancelled = target ? sendCancelRequest(target) : Promise.resolve(false);
    hardStop = setTimeout(cut, CANCEL_GRACE_MS);
  };
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > options.maxResultBytes && !stop) {
      stop = 'too-large';
      cut();
    }
  };
  let abortedBy: AbortSignal | undefined = firstAborted(options.signals);
  const timer = setTimeout(() => halt('timeout'), options.timeoutMs);
  stream.on('data', onData);
  const stopListening = onFirstAbort(options.signals, (signal) => {
    abortedBy = signal;
    halt('cancelled');
  });
  if (abortedBy) halt('cancelled');

  const query = new CappedQuery(text, limit ?? 0, options.prologue, TRANSACTION_EPILOGUE);
  client.query(query as never);
  try {
    const { columns, rows, suspended, epilogueFailed } = await query.done;
    if (stop) throw new Error('stopped'); // the deadline passed as the last rows arrived
    // The extra row came (and with it, maybe, a suspended portal): more rows were there.
    const truncated = suspended || rows.length > options.maxRows;
    if (truncated) rows.length = Math.min(rows.length, options.maxRows);
    const elapsedMs = performance.now() - started;
    const open = await settleCancel();
    return {
      result: { columns, rows, truncated, elapsedMs },
      reusable: open && (!epilogueFailed || (await resetSession(client))),
    };
  } catch (thrown) {
    const error = thrown instanceof PartError ? thrown.error : thrown;
    const open = (await settleCancel()) && !isConnectionLoss(error);
    // The adapter's own statements failed (a privilege the login lost since it was read):
    // not the query's fault, and never to be read as the role's lack of a table grant.
    const setup = thrown instanceof PartError && thrown.part === 'prologue' && open && !stop;
    return {
      error: setup ? setupError(error) : stoppedError(error),
      reusable: open && (await resetSession(client)),
      setupFailed: setup,
    };
  } finally {
    clearTimeout(timer);
    stopListening();
  }

  /** Wait until a cancel request sent for this query has been delivered or has failed. */
  async function settleCancel(): Promise<boolean> {
    clearTimeout(timer);
    clearTimeout(hardStop);
    stream.removeListener('data', onData);
    if (cancelled) await cancelled;
    return !socketCut;
  }

  function isConnectionLoss(error: unknown): boolean {
    return socketCut || postgresErrorCode(error) === 'CONNECTION';
  }

  function setupError(error: unknown): DatasourceError {
    const said = error instanceof Error ? error.message.replace(/\s*[\r\n]+\s*/g, ' ') : '';
    return new DatasourceError(
      'CONNECTION',
      `${options.label}: the query's read-only transaction could not be set up (${said}); the query was not run`,
      { databaseMessage: said || undefined, sql: options.sql, cause: error },
    );
  }

  function stoppedError(error: unknown): DatasourceError {
    const { label, sql } = options;
    const said = error instanceof Error && error.message !== 'stopped' ? error.message : '';
    const suffix = said ? ` (${said.replace(/\s*[\r\n]+\s*/g, ' ')})` : '';
    // The transaction's own statement_timeout can fire just before the adapter's deadline.
    const serverTimeout = postgresErrorCode(error) === 'TIMEOUT' && /statement timeout/.test(said);
    if (stop === 'timeout' || (stop === undefined && serverTimeout)) {
      return new DatasourceError(
        'TIMEOUT',
        `${label}: the statement ran past its ${options.timeoutMs} ms timeout and was cancelled${suffix}`,
        { databaseMessage: said || undefined, sql, cause: error },
      );
    }
    if (stop === 'cancelled') {
      const reason = abortedBy?.reason;
      const why = abortedBy ? abortReason(abortedBy) : '';
      return new DatasourceError(
        'CANCELLED',
        `${label}: the statement was cancelled${why ? ` (${why})` : ''}${suffix}`,
        { databaseMessage: said || undefined, sql, cause: reason ?? error },
      );
    }
    if (stop === 'too-large') {
      return new DatasourceError(
        'EXECUTION',
        `${label}: the result grew past ${options.maxResultBytes} bytes; the connection was closed to stop it`,
        { sql, cause: error },
      );
    }
    return postgresError(error, label, sql);
  }
}

/**
 * Roll back whatever transaction the connection is in and release its advisory locks; false
 * (and the socket closed) when that fails or takes longer than RESET_TIMEOUT_MS.
 */
async function resetSession(client: pg.PoolClient): Promise<boolean> {
  const stream = (client as unknown as ClientInternals).connection.stream;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the reset took too long')), RESET_TIMEOUT_MS);
  });
  try {
    await Promise.race([client.query(SESSION_RESET), deadline]);
    return true;
  } catch {
    stream.destroy();
    return false;
  } finally {
    clearTimeout(timer);
  }
}
