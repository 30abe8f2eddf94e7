import { performance } from 'node:perf_hooks';
import { type CellValue, DatasourceError, type QueryResult } from '@nl2sql/datasource';
import type mysql from 'mysql2';
import { cellBytes, cellReader } from './mysql-cells.js';
import { mysqlError, mysqlErrorCode } from './mysql-error.js';
import { limitsStatement, type SessionState, statement } from './mysql-session.js';

/** How long a killed statement may take to stop before its socket is closed under it. */
const KILL_GRACE_MS = 2000;

/** How long the rollback after a query may take before the connection is closed instead. */
const RESET_TIMEOUT_MS = 2000;

export interface RunQueryOptions {
  maxRows: number;
  timeoutMs: number;
  /** Bytes one cell may hold; a longer one fails the query with VALUE_TOO_LARGE. */
  maxValueBytes: number;
  /** Bytes the server may send for this result before the connection is closed under it. */
  maxResultBytes: number;
  /** The caller's cancel and the datasource's close: the first to fire cancels the query. */
  signals: readonly AbortSignal[];
  /** Names the server and login in messages. */
  label: string;
  /** The caller's SQL, as given, for errors. */
  sql: string;
  /** Opens the second connection (same login) that sends KILL QUERY. */
  killer: () => mysql.Connection;
}

export interface RunQueryOutcome {
  result?: QueryResult;
  error?: DatasourceError;
  /** False when the connection's state is unknown (lost, cut off, not reset): destroy it. */
  reusable: boolean;
}

type Stop = 'timeout' | 'cancelled' | 'row-cap' | 'value' | 'too-large';

/** The driver's internals the adapter reads: the socket. */
interface ConnectionInternals {
  stream: NodeJS.ReadableStream & { destroy(): void };
}

/**
 * `KILL QUERY <thread>` from a second connection of the same login (a login may kill its own
 * statements without any privilege). Resolves once the server has answered, or failed to.
 */
function killQuery(open: () => mysql.Connection, threadId: number): Promise<void> {
  return new Promise((resolve) => {
    const killer = open();
    killer.on('error', () => undefined);
    const timer = setTimeout(() => {
      killer.destroy();
      resolve();
    }, KILL_GRACE_MS);
    killer.query(`KILL QUERY ${threadId}`, () => {
      clearTimeout(timer);
      killer.end(() => resolve());
    });
  });
}

/**
 * End the transaction a query ran in and open the next one, off the caller's path: `ROLLBACK`
 * (and `DO RELEASE_ALL_LOCKS()` when the query named GET_LOCK), then `START TRANSACTION READ
 * ONLY`, so a connection in the pool always waits inside a fresh read-only transaction (which
 * holds no snapshot and no lock until a query reads). False, and the socket closed, when any
 * of them fails or takes longer than RESET_TIMEOUT_MS: the connection is not lent again.
 */
export async function readyForNext(
  connection: mysql.PoolConnection,
  takesLocks: boolean,
): Promise<boolean> {
  const ok =
    (await within(connection, 'ROLLBACK')) &&
    (!takesLocks || (await within(connection, 'DO RELEASE_ALL_LOCKS()'))) &&
    (await within(connection, 'START TRANSACTION READ ONLY'));
  if (!ok) (connection as unknown as ConnectionInternals).stream.destroy();
  return ok;
}

/** A statement that must finish within RESET_TIMEOUT_MS; false when it failed or took longer. */
async function within(connection: mysql.PoolConnection, sql: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), RESET_TIMEOUT_MS);
  });
  const done = statement(connection, sql).then(
    () => true,
    () => false,
  );
  const ok = await Promise.race([done, late]);
  clearTimeout(timer);
  return ok;
}

/**
 * Run one query on `connection`, which waits inside a fresh read-only transaction (opened by
 * prepareSession or readyForNext): the session's limits (server-side timeout,
 * `sql_select_limit`) when they changed, then the query streamed row by row; the caller ends
 * the transaction with readyForNext before the connection is lent again. At the deadline, on the caller's abort, at `maxRows + 1` rows under an
 * explicit LIMIT, or at a cell past `maxValueBytes`, a second connection sends KILL QUERY; a
 * statement still running `KILL_GRACE_MS` later, or a result past `maxResultBytes` on the
 * wire, gets its socket closed. The outcome says whether the connection can be lent again.
 */
export async function runQuery(
  connection: mysql.PoolConnection,
  session: SessionState,
  text: string,
  options: RunQueryOptions,
): Promise<RunQueryOutcome> {
  const started = performance.now();
  const socket = (connection as unknown as ConnectionInternals).stream;
  const limits = limitsStatement(session.flavor, options.timeoutMs, options.maxRows);
  if (session.limits !== limits) {
    try {
      session.limits = '';
      await statement(connection, limits);
      session.limits = limits;
    } catch (error) {
      const typed = mysqlError(error, options.label, options.sql);
      return { error: typed, reusable: typed.code !== 'CONNECTION' };
    }
  }

  let stop: Stop | undefined;
  let killed: Promise<void> | undefined;
  let hardStop: NodeJS.Timeout | undefined;
  let socketCut = false;
  let abortedBy: AbortSignal | undefined;
  // Set while the query runs: a cut socket may never end the driver's query, so cut ends it.
  let finish: ((outcome: unknown) => void) | undefined;
  const cut = () => {
    socketCut = true;
    socket.destroy();
    finish?.(new Error('the connection was closed under the statement'));
  };
  const halt = (why: Stop) => {
    if (stop) return;
    stop = why;
    killed = killQuery(options.killer, connection.threadId);
    hardStop = setTimeout(cut, KILL_GRACE_MS);
  };
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > options.maxResultBytes && (!stop || stop === 'row-cap')) {
      stop = 'too-large';
      cut();
    }
  };
  socket.on('data', onData);
  const timer = setTimeout(() => halt('timeout'), options.timeoutMs);
  const listeners = options.signals.map((signal) => {
    const listener = () => {
      abortedBy ??= signal;
      halt('cancelled');
    };
    signal.addEventListener('abort', listener, { once: true });
    return { signal, listener };
  });
  const already = options.signals.find((s) => s.aborted);
  if (already) {
    abortedBy = already;
    halt('cancelled');
  }

  const columns: string[] = [];
  const rows: CellValue[][] = [];
  let seen = 0;
  let readers: ((value: unknown) => CellValue)[] = [];
  const outcome = await new Promise<unknown>((resolve) => {
    finish = resolve;
    const query = connection.query({ sql: text, rowsAsArray: true });
    query.on('fields', (fields: { name: string; columnType: number }[] | undefined) => {
      if (!fields) return; // a statement that returns no rows
      for (const field of fields) columns.push(field.name);
      readers = fields.map((field) => cellReader(field.columnType));
    });
    query.on('result', (raw: unknown) => {
      if (!Array.isArray(raw) || stop) return;
      seen += 1;
      if (seen > options.maxRows) {
        // sql_select_limit stops the server at maxRows + 1; a row past that means the query has
        // a LIMIT of its own, and the server is stopped instead.
        if (seen > options.maxRows + 1) halt('row-cap');
        return;
      }
      const row = raw.map((value, i) => readers[i]!(value));
      if (row.some((cell) => cellBytes(cell) > options.maxValueBytes)) {
        halt('value');
        return;
      }
      rows.push(row);
    });
    query.on('error', (error: unknown) => resolve(error));
    query.on('end', () => resolve(undefined));
  });
  finish = undefined;
  clearTimeout(timer);
  for (const { signal, listener } of listeners) signal.removeEventListener('abort', listener);
  if (killed) await killed;
  clearTimeout(hardStop);
  socket.removeListener('data', onData);
  const elapsedMs = performance.now() - started;
  const reusable =
    !socketCut && !(outcome !== undefined && mysqlErrorCode(outcome) === 'CONNECTION');
  if (stop === undefined && outcome === undefined) {
    return { result: { columns, rows, truncated: seen > options.maxRows, elapsedMs }, reusable };
  }
  if (stop === 'row-cap') {
    // Killed for the cap: the rows kept are the answer, whether the kill or the end came first.
    if (outcome === undefined || mysqlErrorCode(outcome) === 'TIMEOUT') {
      return { result: { columns, rows, truncated: true, elapsedMs }, reusable };
    }
  }
  return { error: stoppedError(outcome), reusable };

  function stoppedError(error: unknown): DatasourceError {
    const { label, sql } = options;
    const said = error instanceof Error ? error.message.replace(/\s*[\r\n]+\s*/g, ' ') : '';
    const suffix = said ? ` (${said})` : '';
    const server = error === undefined ? undefined : mysqlErrorCode(error);
    if (stop === 'timeout' || (stop === undefined && server === 'TIMEOUT')) {
      return new DatasourceError(
        'TIMEOUT',
        `${label}: the statement ran past its ${options.timeoutMs} ms timeout and was killed${suffix}`,
        { databaseMessage: said || undefined, sql, cause: error },
      );
    }
    if (stop === 'cancelled') {
      const reason: unknown = abortedBy?.reason;
      const why = reason instanceof Error ? reason.message : reason ? String(reason) : '';
      return new DatasourceError(
        'CANCELLED',
        `${label}: the statement was cancelled${why ? ` (${why})` : ''}${suffix}`,
        { databaseMessage: said || undefined, sql, cause: reason ?? error },
      );
    }
    if (stop === 'value') {
      return new DatasourceError(
        'VALUE_TOO_LARGE',
        `${label}: a value of the result is longer than ${options.maxValueBytes} bytes; the statement was killed`,
        { sql },
      );
    }
    if (stop === 'too-large') {
      return new DatasourceError(
        'RESULT_TOO_LARGE',
        `${label}: the result grew past ${options.maxResultBytes} bytes; the connection was closed to stop it`,
        { sql },
      );
    }
    return mysqlError(error ?? new Error('the query ended without a result'), label, sql);
  }
}
