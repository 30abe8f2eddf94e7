import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBPreparedStatement,
  StatementType,
} from '@duckdb/node-api';
import type {
  CellValue,
  DatabaseSchema,
  Datasource,
  ExecuteOptions,
  IntrospectOptions,
  QueryResult,
} from '@nl2sql/datasource';
import {
  checkByteCap,
  checkMaxRows,
  checkTimeoutMs,
  DatasourceError,
  readyOrClosed,
  schemaFingerprint,
  sqlTokens,
} from '@nl2sql/datasource';
import { ConnectionPool } from './connection-pool.js';
import { cellBytes, cellConverter } from './duckdb-cells.js';
import { duckdbError } from './duckdb-error.js';
import { checkDuckdbFile } from './duckdb-file-check.js';
import { introspectDuckdb } from './duckdb-introspect.js';
import {
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_MAX_ROWS,
  DEFAULT_MAX_VALUE_BYTES,
  DEFAULT_MEMORY_LIMIT,
  DEFAULT_POOL_SIZE,
  DEFAULT_TIMEOUT_MS,
  type DuckdbOptions,
  MAX_STATEMENT_BYTES,
} from './duckdb-options.js';
import { expectedSetting, READ_ONLY_SETTINGS } from './duckdb-settings.js';
import { QueryDeadline } from './query-deadline.js';

/**
 * A read-only DuckDB database file: one DuckDB instance opened with external access, extension
 * loading and spilling off and its configuration locked, and a small pool of its connections.
 * Create it with openDuckdb.
 */
export class DuckdbDatasource implements Datasource {
  readonly engine = 'duckdb';
  /**
   * Access-policy roles the caller named. DuckDB has no logins or grants, so they are recorded
   * here and nowhere enforced by the database: `roles` and `forRole` stay absent, and a role's
   * scope is held by the static check and the runner's scope check
   * (decisions/duckdb-roles-not-enforced.md).
   */
  readonly unenforcedRoles: readonly string[];
  private readonly pool: ConnectionPool<DuckDBConnection>;
  private readonly closing = new AbortController();
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;
  private instance: DuckDBInstance | undefined;
  private readonly label: string;
  private readonly timeoutMs: number;
  private readonly maxRows: number;
  private readonly maxValueBytes: number;
  private readonly maxResultBytes: number;
  private readonly settings: Record<string, string>;

  constructor(
    /** Absolute path of the database file. */
    readonly file: string,
    options: DuckdbOptions = {},
  ) {
    this.label = `DuckDB ${file}`;
    this.timeoutMs = checkTimeoutMs(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, this.label);
    this.maxRows = checkMaxRows(options.maxRows ?? DEFAULT_MAX_ROWS, this.label);
    this.maxValueBytes = checkByteCap(
      options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES,
      'maxValueBytes',
      this.label,
    );
    this.maxResultBytes = checkByteCap(
      options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
      'maxResultBytes',
      this.label,
    );
    this.unenforcedRoles = [...(options.roles ?? [])];
    this.settings = {
      memory_limit: options.memoryLimit ?? DEFAULT_MEMORY_LIMIT,
      ...(options.threads !== undefined ? { threads: String(options.threads) } : {}),
      // Last, so that nothing after it may change the others.
      ...READ_ONLY_SETTINGS,
    };
    this.pool = new ConnectionPool(
      () => this.connect(),
      (connection) => connection.closeSync(),
      options.poolSize ?? DEFAULT_POOL_SIZE,
      this.label,
    );
  }

  /** Open the instance and one connection now, and check DuckDB reports every setting asked for. */
  async warm(): Promise<void> {
    const connection = await this.acquire(undefined);
    try {
      for (const [name, value] of Object.entries(READ_ONLY_SETTINGS)) {
        if (name === 'temp_directory') continue;
        const reader = await connection.runAndReadAll(
          `SELECT current_setting('${name}')::VARCHAR AS v`,
        );
        const actual = String(reader.getRowsJS()[0]?.[0]);
        if (actual.toLowerCase() !== expectedSetting(name, value).toLowerCase()) {
          throw new DatasourceError(
            'CONNECTION',
            `${this.label}: DuckDB reports ${name} = ${actual}, not ${value}; refusing to query it`,
          );
        }
      }
    } catch (error) {
      throw duckdbError(error, this.label);
    } finally {
      this.pool.release(connection);
    }
  }

  async execute(sql: string, options: ExecuteOptions = {}): Promise<QueryResult> {
    const timeoutMs = checkTimeoutMs(options.timeoutMs ?? this.timeoutMs, this.label);
    const maxRows = checkMaxRows(options.maxRows ?? this.maxRows, this.label);
    const bytes = Buffer.byteLength(sql, 'utf8');
    if (bytes > MAX_STATEMENT_BYTES) {
      throw new DatasourceError(
        'QUERY_TOO_COMPLEX',
        `${this.label}: the statement is ${bytes} bytes long; at most ${MAX_STATEMENT_BYTES} are accepted`,
        { sql },
      );
    }
    // Only comments, whitespace and semicolons: DuckDB's extraction fails without a message.
    if (sqlTokens(sql).every((token) => token.text === ';')) {
      throw new DatasourceError('SYNTAX', `${this.label}: the SQL holds no statement`, { sql });
    }
    const running = this.run(sql, timeoutMs, maxRows, options.signal);
    this.running.add(running);
    try {
      return await running;
    } finally {
      this.running.delete(running);
    }
  }

  private async run(
    sql: string,
    timeoutMs: number,
    maxRows: number,
    callerSignal: AbortSignal | undefined,
  ): Promise<QueryResult> {
    const signal = callerSignal
      ? AbortSignal.any([callerSignal, this.closing.signal])
      : this.closing.signal;
    const connection = await this.acquire(signal);
    const deadline = new QueryDeadline(() => connection.interrupt(), timeoutMs, signal, this.label);
    const started = performance.now();
    let prepared: DuckDBPreparedStatement | undefined;
    try {
      prepared = await this.prepareQuery(connection, deadline, sql);
      const statement = prepared;
      const result = await this.step(deadline, () => statement.stream(), sql);
      const columns = result.columnNames();
      const convert = result.columnTypes().map(cellConverter);
      const limit = maxRows === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : maxRows + 1;
      const rows: CellValue[][] = [];
      let resultBytes = 0;
      while (rows.length < limit) {
        const chunk = await this.step(deadline, () => result.fetchChunk(), sql);
        if (chunk === null || chunk.rowCount === 0) break;
        for (const values of chunk.getRows()) {
          const row = values.map((value, i) => convert[i]!(value));
          for (const cell of row) {
            const size = cellBytes(cell);
            if (size > this.maxValueBytes) {
              throw new DatasourceError(
                'VALUE_TOO_LARGE',
                `${this.label}: a value is ${size} bytes long, over ${this.maxValueBytes} (maxValueBytes)`,
                { sql },
              );
            }
            resultBytes += size;
          }
          if (resultBytes > this.maxResultBytes) {
            throw new DatasourceError(
              'RESULT_TOO_LARGE',
              `${this.label}: the rows passed ${this.maxResultBytes} bytes (maxResultBytes) after ${rows.length} rows; select fewer or smaller columns, or fewer rows`,
              { sql },
            );
          }
          rows.push(row);
          if (rows.length >= limit) break;
        }
      }
      const truncated = rows.length > maxRows;
      if (truncated) rows.length = maxRows;
      return { columns, rows, truncated, elapsedMs: performance.now() - started };
    } finally {
      deadline.dispose();
      prepared?.destroySync();
      this.pool.release(connection);
    }
  }

  /**
   * The gate, by DuckDB's own parser: exactly one statement, and that statement a query
   * (SELECT, VALUES, WITH ... SELECT, FROM-first, PIVOT: DuckDB's SELECT statement type).
   * Preparing binds the query, so a file path (read_csv, glob) already fails here.
   */
  private async prepareQuery(
    connection: DuckDBConnection,
    deadline: QueryDeadline,
    sql: string,
  ): Promise<DuckDBPreparedStatement> {
    const extracted = await this.step(deadline, () => connection.extractStatements(sql), sql);
    if (extracted.count !== 1) {
      throw new DatasourceError(
        'SYNTAX',
        extracted.count === 0
          ? `${this.label}: the SQL holds no statement`
          : `${this.label}: expected exactly one statement, found ${extracted.count}`,
        { sql },
      );
    }
    const prepared = await this.step(deadline, () => extracted.prepare(0), sql);
    if (prepared.statementType !== StatementType.SELECT) {
      const kind = StatementType[prepared.statementType] ?? String(prepared.statementType);
      prepared.destroySync();
      throw new DatasourceError(
        'READ_ONLY_VIOLATION',
        `${this.label}: only queries (SELECT, VALUES, WITH ... SELECT) may run; the statement is ${kind}`,
        { sql },
      );
    }
    return prepared;
  }

  private async step<T>(deadline: QueryDeadline, run: () => Promise<T>, sql: string): Promise<T> {
    try {
      return await deadline.step(run, sql);
    } catch (error) {
      throw duckdbError(error, this.label, sql);
    }
  }

  async introspect(options: IntrospectOptions = {}): Promise<DatabaseSchema> {
    const connection = await this.acquire(undefined);
    try {
      return await introspectDuckdb(async (text) => {
        try {
          return (await connection.runAndReadAll(text)).getRowObjectsJS();
        } catch (error) {
          throw duckdbError(error, this.label, text);
        }
      }, options);
    } finally {
      this.pool.release(connection);
    }
  }

  async fingerprint(): Promise<string> {
    return schemaFingerprint(await this.introspect({ rowCounts: false }));
  }

  /** Interrupts running queries, waits for them to end, then closes every connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.closing.abort(new Error('the datasource was closed'));
    await Promise.allSettled([...this.running]);
    this.pool.close();
    this.instance?.closeSync();
    this.instance = undefined;
  }

  private acquire(signal: AbortSignal | undefined): Promise<DuckDBConnection> {
    if (this.closed) {
      return Promise.reject(new DatasourceError('CONNECTION', `${this.label} is closed`));
    }
    return this.pool.acquire(signal);
  }

  private async connect(): Promise<DuckDBConnection> {
    if (!this.instance) {
      try {
        this.instance = await DuckDBInstance.create(this.file, this.settings);
      } catch (error) {
        const typed = duckdbError(error, `cannot open ${this.label} read-only`);
        throw new DatasourceError('CONNECTION', typed.message, {
          ...(typed.databaseMessage !== undefined
            ? { databaseMessage: typed.databaseMessage }
            : {}),
          cause: error,
        });
      }
    }
    return this.instance.connect();
  }
}

/**
 * Open a DuckDB file read-only. A path that is missing, a directory, empty or not a DuckDB
 * file fails with CONNECTION and a one-line reason before DuckDB sees it; the instance and one
 * connection are opened, and DuckDB's settings read back and checked, before this resolves.
 */
export async function openDuckdb(
  path: string,
  options: DuckdbOptions = {},
): Promise<DuckdbDatasource> {
  return readyOrClosed(new DuckdbDatasource(resolve(path), options), async (datasource) => {
    await checkDuckdbFile(datasource.file);
    await datasource.warm();
  });
}
