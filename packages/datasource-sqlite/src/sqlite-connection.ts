import { DatasourceError } from '@nl2sql/datasource';
import sqlite3 from 'sqlite3';
import { sqliteError } from './sqlite-error.js';
import { DEFAULT_MAX_VALUE_BYTES, heapLimitBytes, SQL_LENGTH_LIMIT } from './sqlite-limits.js';

export type SqliteRow = Record<string, unknown>;

export interface SqliteConnectionOptions {
  /** Longest string or blob the connection may produce or read (SQLITE_LIMIT_LENGTH). */
  maxValueBytes: number;
  /**
   * What to open instead of `file` itself (an immutable URI, a private copy: readOnlyTarget);
   * messages still name `file`.
   */
  target?: { name: string; flags: number };
}

/**
 * One read-only SQLite connection, set up in layers so that each one alone refuses writes:
 * 1. opened with OPEN_READONLY (never OPEN_CREATE): the pager refuses to write the file;
 * 2. `PRAGMA query_only = ON`: the engine refuses every write, including to TEMP tables;
 * 3. attached-database limit 0: ATTACH, and VACUUM INTO (which attaches its target), fail
 *    before SQLite opens or creates the target file;
 * 4. `PRAGMA trusted_schema = OFF`: views and triggers cannot call functions with side effects.
 * The adapter's static gate (checkSingleQuery) sits in front of all of this.
 *
 * And so that one query cannot exhaust memory: no string or blob longer than `maxValueBytes`
 * (SQLITE_LIMIT_LENGTH, which also caps a stored row SQLite materialises), no statement text
 * longer than SQL_LENGTH_LIMIT, and SQLite's heap capped at heapLimitBytes(maxValueBytes)
 * (a process-wide limit that SQLite only ever lowers).
 *
 * `all` runs whatever it is given; only the adapter decides what that is.
 */
export class SqliteConnection {
  private closed = false;

  private constructor(
    private readonly db: sqlite3.Database,
    readonly file: string,
  ) {}

  static async open(
    file: string,
    options: SqliteConnectionOptions = { maxValueBytes: DEFAULT_MAX_VALUE_BYTES },
  ): Promise<SqliteConnection> {
    const db = await new Promise<sqlite3.Database>((resolve, reject) => {
      const handle = new sqlite3.Database(
        options.target?.name ?? file,
        sqlite3.OPEN_READONLY | sqlite3.OPEN_FULLMUTEX | (options.target?.flags ?? 0),
        (error) =>
          error ? reject(sqliteError(error, `cannot open ${file} read-only`)) : resolve(handle),
      );
    });
    const connection = new SqliteConnection(db, file);
    try {
      db.configure('limit', sqlite3.LIMIT_ATTACHED, 0);
      db.configure('limit', sqlite3.LIMIT_LENGTH, options.maxValueBytes);
      db.configure('limit', sqlite3.LIMIT_SQL_LENGTH, SQL_LENGTH_LIMIT);
      await connection.all(`PRAGMA hard_heap_limit = ${heapLimitBytes(options.maxValueBytes)}`);
      await connection.all('PRAGMA query_only = ON');
      await connection.all('PRAGMA trusted_schema = OFF');
      const [check] = await connection.all('SELECT query_only FROM pragma_query_only');
      if (check?.query_only !== 1) {
        throw new DatasourceError('CONNECTION', `${file}: PRAGMA query_only did not take effect`);
      }
      // No SQL reads a limit back; a value one byte too long must be refused. (zeroblob of a
      // length over the limit fails before allocating anything.)
      const overLimit = await connection
        .all(`SELECT zeroblob(${options.maxValueBytes + 1}) IS NULL`)
        .then(
          () => true,
          () => false,
        );
      if (overLimit) {
        throw new DatasourceError(
          'CONNECTION',
          `${file}: the value length limit did not take effect`,
        );
      }
      // Reading the schema here makes a non-database file fail at open, not at the first query.
      await connection.all('SELECT count(*) FROM sqlite_schema');
    } catch (error) {
      await connection.close();
      if (error instanceof DatasourceError) throw error;
      // A file with the right header can still be no database (damaged, or encrypted).
      if ((error as { code?: unknown }).code === 'SQLITE_NOTADB') {
        throw sqliteError(error, `cannot open ${file}: not a SQLite database, or a damaged one`);
      }
      // A schema statement longer than maxValueBytes cannot even be read (VALUE_TOO_LARGE).
      throw sqliteError(error, `cannot set up a read-only connection to ${file}`, undefined, {
        maxValueBytes: options.maxValueBytes,
        heapBytes: heapLimitBytes(options.maxValueBytes),
      });
    }
    return connection;
  }

  /** Run one statement and collect its rows. Rejects with the driver's raw error. */
  all(sql: string, params: readonly unknown[] = []): Promise<SqliteRow[]> {
    return new Promise((resolve, reject) => {
      this.db.all<SqliteRow>(sql, params, (error, rows) => (error ? reject(error) : resolve(rows)));
    });
  }

  /**
   * Run one statement, handing each row to `onRow` as the driver delivers it, so the caller can
   * stop a result that grows too large: when `onRow` returns false the statement is interrupted
   * and later rows are dropped. Settles once the statement is done and finalized; rejects with
   * the driver's raw error (SQLITE_INTERRUPT after a stop).
   */
  each(sql: string, onRow: (row: SqliteRow) => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const statement = this.db.prepare(sql, (prepareError) => {
        if (prepareError) {
          reject(prepareError);
          return;
        }
        let failure: Error | undefined;
        let stopped = false;
        // The driver reports rows and completion through one libuv handle and a run-time error
        // through another, in no fixed order; the finalize callback comes after the error.
        let pending = 2;
        const settle = () => {
          pending -= 1;
          if (pending > 0) return;
          if (failure) reject(failure);
          else resolve();
        };
        statement.each<SqliteRow>(
          (error, row) => {
            if (error) failure = error;
            else if (!stopped && !onRow(row)) {
              stopped = true;
              this.interrupt();
            }
          },
          () => settle(),
        );
        statement.finalize(() => settle());
      });
    });
  }

  /** Compile a statement without running it; rejects with the driver's raw error. */
  prepare(sql: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const statement = this.db.prepare(sql, (error) => {
        // A statement that failed to prepare never calls a finalize callback; the driver
        // releases it itself.
        if (error) reject(error);
        else statement.finalize(() => resolve());
      });
    });
  }

  /** Ask SQLite to stop whatever statement runs on this connection (thread-safe, no-op when idle). */
  interrupt(): void {
    if (!this.closed) this.db.interrupt();
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    return new Promise((resolve, reject) => {
      this.db.close((error) =>
        error ? reject(sqliteError(error, `cannot close ${this.file}`)) : resolve(),
      );
    });
  }
}
