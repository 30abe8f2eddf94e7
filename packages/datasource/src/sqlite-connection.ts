import sqlite3 from 'sqlite3';
import { DatasourceError } from './datasource-error.js';
import { sqliteError } from './sqlite-error.js';

export type SqliteRow = Record<string, unknown>;

/**
 * One read-only SQLite connection, set up in layers so that each one alone refuses writes:
 * 1. opened with OPEN_READONLY (never OPEN_CREATE): the pager refuses to write the file;
 * 2. `PRAGMA query_only = ON`: the engine refuses every write, including to TEMP tables;
 * 3. attached-database limit 0: ATTACH, and VACUUM INTO (which attaches its target), fail
 *    before SQLite opens or creates the target file;
 * 4. `PRAGMA trusted_schema = OFF`: views and triggers cannot call functions with side effects.
 * The adapter's static gate (checkSingleQuery) sits in front of all of this.
 *
 * `all` runs whatever it is given; only the adapter decides what that is.
 */
export class SqliteConnection {
  private closed = false;

  private constructor(
    private readonly db: sqlite3.Database,
    readonly file: string,
  ) {}

  static async open(file: string): Promise<SqliteConnection> {
    const db = await new Promise<sqlite3.Database>((resolve, reject) => {
      const handle = new sqlite3.Database(
        file,
        sqlite3.OPEN_READONLY | sqlite3.OPEN_FULLMUTEX,
        (error) =>
          error ? reject(sqliteError(error, `cannot open ${file} read-only`)) : resolve(handle),
      );
    });
    const connection = new SqliteConnection(db, file);
    try {
      db.configure('limit', sqlite3.LIMIT_ATTACHED, 0);
      await connection.all('PRAGMA query_only = ON');
      await connection.all('PRAGMA trusted_schema = OFF');
      const [check] = await connection.all('SELECT query_only FROM pragma_query_only');
      if (check?.query_only !== 1) {
        throw new DatasourceError('CONNECTION', `${file}: PRAGMA query_only did not take effect`);
      }
      // Reading the schema here makes a non-database file fail at open, not at the first query.
      await connection.all('SELECT count(*) FROM sqlite_schema');
    } catch (error) {
      await connection.close();
      throw error instanceof DatasourceError
        ? error
        : sqliteError(error, `cannot set up a read-only connection to ${file}`);
    }
    return connection;
  }

  /** Run one statement and collect its rows. Rejects with the driver's raw error. */
  all(sql: string, params: readonly unknown[] = []): Promise<SqliteRow[]> {
    return new Promise((resolve, reject) => {
      this.db.all<SqliteRow>(sql, params, (error, rows) => (error ? reject(error) : resolve(rows)));
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
