import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type {
  DatabaseSchema,
  Datasource,
  ExecuteOptions,
  IntrospectOptions,
  QueryResult,
} from '@nl2sql/datasource';
import {
  checkByteCap,
  checkMaxRows,
  checkSingleQuery,
  checkTimeoutMs,
  DatasourceError,
  readyOrClosed,
  schemaFingerprint,
} from '@nl2sql/datasource';
import { ConnectionPool } from './connection-pool.js';
import { InterruptGuard } from './interrupt-guard.js';
import { type ReadOnlyTarget, readOnlyTarget } from './read-only-target.js';
import { SqliteConnection } from './sqlite-connection.js';
import { checkSqliteFile } from './sqlite-file-check.js';
import { introspectSqlite } from './sqlite-introspect.js';
import {
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_MAX_VALUE_BYTES,
  heapLimitBytes,
  MAX_STATEMENT_BYTES,
  MAX_VALUE_BYTES_CEILING,
} from './sqlite-limits.js';
import { driverCall, type ReadContext, StatementRead } from './sqlite-statement-read.js';
import { mayNameProto } from './sqlite-wrap.js';

export interface SqliteOptions {
  /** Connections for concurrent queries (default 4). Each running query holds one libuv thread. */
  poolSize?: number;
  /** Default statement timeout in milliseconds (default 5000). */
  timeoutMs?: number;
  /** Default row cap (default 10,000). */
  maxRows?: number;
  /**
   * Longest string or blob a query may produce or read, in bytes (default 4 MiB). Longer fails
   * with VALUE_TOO_LARGE. Also sets SQLite's process-wide heap limit to 16 times this (at least
   * 64 MiB; the lowest value any open datasource asked for applies).
   */
  maxValueBytes?: number;
  /** Most bytes of rows one execute() hands back (default 32 MiB); more fails with RESULT_TOO_LARGE. */
  maxResultBytes?: number;
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_ROWS = 10_000;
export const DEFAULT_POOL_SIZE = 4;

function checkMaxValueBytes(value: number, where: string): number {
  if (!(Number.isInteger(value) && value >= 1 && value <= MAX_VALUE_BYTES_CEILING)) {
    throw new RangeError(
      `${where}: maxValueBytes must be an integer from 1 to ${MAX_VALUE_BYTES_CEILING}, got ${value}`,
    );
  }
  return value;
}

/** A read-only SQLite database behind a small connection pool. Create it with openSqlite. */
export class SqliteDatasource implements Datasource {
  readonly engine = 'sqlite';
  private readonly pool: ConnectionPool<SqliteConnection>;
  private readonly closing = new AbortController();
  private closed = false;
  private readonly label: string;
  private readonly timeoutMs: number;
  private readonly maxRows: number;
  private readonly context: ReadContext;
  private target: Promise<ReadOnlyTarget> | undefined;
  private protoSchema: Promise<boolean> | undefined;

  constructor(
    /** Absolute path of the database file. */
    readonly file: string,
    options: SqliteOptions = {},
  ) {
    this.label = `SQLite ${file}`;
    this.timeoutMs = checkTimeoutMs(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, this.label);
    this.maxRows = checkMaxRows(options.maxRows ?? DEFAULT_MAX_ROWS, this.label);
    const maxValueBytes = checkMaxValueBytes(
      options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES,
      this.label,
    );
    this.context = {
      label: this.label,
      maxResultBytes: checkByteCap(
        options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
        'maxResultBytes',
        this.label,
      ),
      limits: { maxValueBytes, heapBytes: heapLimitBytes(maxValueBytes) },
    };
    this.pool = new ConnectionPool({
      open: async () =>
        SqliteConnection.open(file, { maxValueBytes, target: await this.readTarget() }),
      close: (connection) => connection.close(),
      size: options.poolSize ?? DEFAULT_POOL_SIZE,
      label: this.label,
    });
  }

  async execute(sql: string, options: ExecuteOptions = {}): Promise<QueryResult> {
    const maxRows = checkMaxRows(options.maxRows ?? this.maxRows, this.label);
    const limit = maxRows === Number.POSITIVE_INFINITY ? null : maxRows + 1;
    return this.onConnection(sql, options, async (read, started) => {
      const named =
        mayNameProto(read.text) ||
        (await read.guard.step(() => this.protoInSchema(read.connection)))
          ? undefined
          : await read.named(limit);
      const { columns, rows: raw } = named ?? (await read.positional(limit));
      const truncated = limit !== null && raw.length > maxRows;
      const rows = truncated ? raw.slice(0, maxRows) : raw;
      return { columns, rows, truncated, elapsedMs: performance.now() - started };
    });
  }

  /**
   * Whether the schema's SQL spells `__proto__` (mayNameProto): then every statement is read
   * positionally. Asked once per datasource, on the connection of the first execute.
   */
  private protoInSchema(connection: SqliteConnection): Promise<boolean> {
    if (this.protoSchema === undefined) {
      const asked = this.driver(
        connection.all(
          "SELECT count(*) AS n FROM sqlite_schema WHERE instr(sql, '__proto__') > 0 OR instr(name, '__proto__') > 0",
        ),
        'sqlite_schema',
      ).then(([row]) => Number(row?.n) !== 0);
      this.protoSchema = asked;
      // a failed look (an interrupt) is asked again by the next execute
      asked.catch(() => {
        if (this.protoSchema === asked) this.protoSchema = undefined;
      });
    }
    return this.protoSchema;
  }

  /**
   * The statement's column names, compiled on a connection but not run: the column probe's
   * `LIMIT 0` lets SQLite skip the statement's work (sqlite-wrap.ts), so no row is computed.
   */
  async columns(
    sql: string,
    options: Pick<ExecuteOptions, 'timeoutMs' | 'signal'> = {},
  ): Promise<string[]> {
    return this.onConnection(sql, options, (read) => read.columns());
  }

  /**
   * The checks every statement passes before it reaches SQLite (its length, one read-only
   * statement), then `work` on a pooled connection under the timeout and the signal.
   */
  private async onConnection<T>(
    sql: string,
    options: Pick<ExecuteOptions, 'timeoutMs' | 'signal'>,
    work: (read: StatementRead, started: number) => Promise<T>,
  ): Promise<T> {
    const timeoutMs = checkTimeoutMs(options.timeoutMs ?? this.timeoutMs, this.label);
    const bytes = Buffer.byteLength(sql, 'utf8');
    if (bytes > MAX_STATEMENT_BYTES) {
      throw new DatasourceError(
        'QUERY_TOO_COMPLEX',
        `${this.label}: the statement is ${bytes} bytes long; at most ${MAX_STATEMENT_BYTES} are accepted`,
        { sql },
      );
    }
    const check = checkSingleQuery(sql);
    if (!check.ok && !check.askDatabase) {
      throw new DatasourceError(check.code, `${this.label}: ${check.message}`, { sql });
    }
    const connection = await this.acquire(options.signal);
    const signal = options.signal
      ? AbortSignal.any([options.signal, this.closing.signal])
      : this.closing.signal;
    const guard = new InterruptGuard(() => connection.interrupt(), timeoutMs, signal, this.label);
    const started = performance.now();
    try {
      // Compiling the statement as written first gives the caller SQLite's own error message,
      // not one about the wrappers below.
      await guard.step(() => this.driver(connection.prepare(check.text), sql));
      if (!check.ok)
        throw new DatasourceError(check.code, `${this.label}: ${check.message}`, { sql });
      const read = new StatementRead(guard, connection, check.text, sql, this.context);
      return await work(read, started);
    } finally {
      guard.dispose();
      this.pool.release(connection);
    }
  }

  async introspect(options: IntrospectOptions = {}): Promise<DatabaseSchema> {
    const connection = await this.acquire(undefined);
    try {
      return await introspectSqlite(
        (sql, params) => this.driver(connection.all(sql, params), sql),
        options,
      );
    } finally {
      this.pool.release(connection);
    }
  }

  async fingerprint(): Promise<string> {
    return schemaFingerprint(await this.introspect({ rowCounts: false }));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.closing.abort(new Error('the datasource was closed'));
    await this.pool.close();
    const target = await this.target?.catch(() => undefined);
    await target?.release();
  }

  /** How the file is opened so that nothing is written beside it; decided once. */
  private readTarget(): Promise<ReadOnlyTarget> {
    this.target ??= readOnlyTarget(this.file).catch((error: unknown) => {
      this.target = undefined;
      throw new DatasourceError(
        'CONNECTION',
        `cannot open ${this.file} read-only: ${(error as Error).message}`,
        { cause: error },
      );
    });
    return this.target;
  }

  /** Open the first connection now, so a bad path fails at open rather than at the first query. */
  async warm(): Promise<void> {
    this.pool.release(await this.acquire(undefined));
  }

  private acquire(signal: AbortSignal | undefined): Promise<SqliteConnection> {
    if (this.closed) {
      return Promise.reject(new DatasourceError('CONNECTION', `${this.label} is closed`));
    }
    return this.pool.acquire(signal);
  }

  private driver<T>(pending: Promise<T>, sql: string): Promise<T> {
    return driverCall(pending, sql, this.context);
  }
}

/**
 * Open a SQLite file read-only. A path that is missing, a directory, empty or not a SQLite
 * database fails with CONNECTION and a one-line reason before SQLite sees it. The first
 * connection is opened (and its read-only set-up verified) before this resolves; more are
 * opened on demand up to `poolSize`.
 */
export async function openSqlite(
  path: string,
  options: SqliteOptions = {},
): Promise<SqliteDatasource> {
  return readyOrClosed(new SqliteDatasource(resolve(path), options), async (datasource) => {
    await checkSqliteFile(datasource.file);
    await datasource.warm();
  });
}
