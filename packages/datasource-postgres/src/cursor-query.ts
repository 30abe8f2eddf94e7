import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type CellValue, DatasourceError, type QueryResult } from '@nl2sql/datasource';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { type CancelTarget, sendCancelRequest } from './cancel-request.js';
import { CELL_TYPES } from './postgres-cells.js';
import { postgresError, postgresErrorCode } from './postgres-error.js';

/** Rows asked for per round trip when the cap is larger (or Infinity). */
const BATCH_ROWS = 50_000;
/** How long a cancelled statement may take to stop before its socket is closed under it. */
const CANCEL_GRACE_MS = 2000;

export interface CursorQueryOptions {
  /** Rows to return at most; one more is read to tell whether the result was truncated. */
  maxRows: number;
  timeoutMs: number;
  /** Bytes the server may send for this result before the connection is closed under it. */
  maxResultBytes: number;
  /** The caller's cancel and the datasource's close, combined. */
  signal: AbortSignal;
  /** Names the server and login in messages. */
  label: string;
  /** The caller's SQL, as given, for errors. */
  sql: string;
}

export interface CursorQueryOutcome {
  /** The result, or the typed error the query ended with. */
  result?: QueryResult;
  error?: DatasourceError;
  /** False when the connection's state is unknown (lost, cut off, cancelled late): close it. */
  reusable: boolean;
}

/** The driver's internals the adapter reads: the socket and the backend's cancel key. */
interface ClientInternals {
  connection: { stream: Socket };
  processID: number | null;
  secretKey: number | null;
  host: string;
  port: number;
}

interface FieldLike {
  name: string;
}

function read(
  cursor: Cursor<CellValue[]>,
  rows: number,
): Promise<{ rows: CellValue[][]; fields: FieldLike[] }> {
  return new Promise((resolve, reject) => {
    cursor.read(rows, (error, batch, result) => {
      if (error) reject(error);
      else resolve({ rows: batch, fields: (result?.fields ?? []) as FieldLike[] });
    });
  });
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
 * Run one query through a cursor on `client` (extended protocol: the server refuses a second
 * statement): read at most `maxRows + 1` rows, mark the result truncated when the extra row
 * came, close the portal. A deadline or an abort sends a cancel request; if the statement has
 * not stopped `CANCEL_GRACE_MS` later, or the result grows past `maxResultBytes`, the socket
 * is closed. The outcome says whether the connection can be lent again.
 */
export async function runCursorQuery(
  client: pg.PoolClient,
  text: string,
  options: CursorQueryOptions,
): Promise<CursorQueryOutcome> {
  const internals = client as unknown as ClientInternals;
  const stream = internals.connection.stream;
  const limit = options.maxRows === Number.POSITIVE_INFINITY ? null : options.maxRows + 1;
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
  const onAbort = () => halt('cancelled');
  const timer = setTimeout(() => halt('timeout'), options.timeoutMs);
  stream.on('data', onData);
  options.signal.addEventListener('abort', onAbort, { once: true });
  if (options.signal.aborted) halt('cancelled');

  const cursor = client.query(
    new Cursor<CellValue[]>(text, undefined, { rowMode: 'array', types: CELL_TYPES }),
  );
  try {
    const rows: CellValue[][] = [];
    let fields: FieldLike[] = [];
    let finished = false;
    while (!finished && (limit === null || rows.length < limit)) {
      // A cancel that reaches the backend between two reads finds it idle and is ignored:
      // ask for no more rows instead.
      if (stop) break;
      const want = limit === null ? BATCH_ROWS : Math.min(BATCH_ROWS, limit - rows.length);
      const batch = await read(cursor, want);
      if (batch.fields.length > 0) fields = batch.fields;
      for (const row of batch.rows) rows.push(row);
      // Fewer rows than asked for: the server sent CommandComplete and the cursor synced.
      finished = batch.rows.length < want;
    }
    if (!finished) await cursor.close();
    if (stop) throw new Error('stopped'); // the deadline passed between or during the reads
    const truncated = limit !== null && rows.length > options.maxRows;
    if (truncated) rows.length = options.maxRows;
    return {
      result: {
        columns: fields.map((f) => f.name),
        rows,
        truncated,
        elapsedMs: performance.now() - started,
      },
      reusable: await settleCancel(),
    };
  } catch (error) {
    const reusable = await settleCancel();
    return { error: stoppedError(error), reusable: reusable && !isConnectionLoss(error) };
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
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

  function stoppedError(error: unknown): DatasourceError {
    const { label, sql } = options;
    const said = error instanceof Error && error.message !== 'stopped' ? error.message : '';
    const suffix = said ? ` (${said.replace(/\s*[\r\n]+\s*/g, ' ')})` : '';
    if (stop === 'timeout') {
      return new DatasourceError(
        'TIMEOUT',
        `${label}: the statement ran past its ${options.timeoutMs} ms timeout and was cancelled${suffix}`,
        { databaseMessage: said || undefined, sql, cause: error },
      );
    }
    if (stop === 'cancelled') {
      const reason = options.signal.reason;
      const why =
        reason instanceof Error ? reason.message : reason === undefined ? '' : String(reason);
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
