// A raw sqlite3 connection for the two jobs the read-only datasource must not do: writing a
// variant file, and running a gold query with reversed table scans to see whether its result
// depends on the order rows happen to be stored in.
import { type ReadOnlyTarget, readOnlyTarget } from '@nl2sql/datasource-sqlite';
import sqlite3 from 'sqlite3';

export type SqliteRow = Record<string, unknown>;

export class SqliteFile {
  private constructor(
    private readonly db: sqlite3.Database,
    readonly path: string,
    /** How a file read read-only was opened (nothing written beside it), removed at close. */
    private readonly target?: ReadOnlyTarget,
  ) {}

  /**
   * Open (creating when `create`) a file for writing, or an existing one read-only; read-only,
   * a WAL database gets no -wal or -shm files beside it (readOnlyTarget).
   */
  static async open(path: string, mode: 'create' | 'read'): Promise<SqliteFile> {
    const target = mode === 'read' ? await readOnlyTarget(path) : undefined;
    const flags =
      mode === 'create'
        ? sqlite3.OPEN_READWRITE | sqlite3.OPEN_CREATE
        : sqlite3.OPEN_READONLY | target!.flags;
    return new Promise((resolve, reject) => {
      const db = new sqlite3.Database(target?.name ?? path, flags, (error) => {
        if (!error) resolve(new SqliteFile(db, path, target));
        else void (target?.release() ?? Promise.resolve()).then(() => reject(error));
      });
    });
  }

  /** Run one statement with parameters; rejects with the driver's error (its `code` says which). */
  run(sql: string, params: readonly unknown[] = []): Promise<void> {
    return new Promise((resolve, reject) => {
      this.db.run(sql, params, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Compile a statement once for many runs (inserting a table's rows). */
  prepare(sql: string): Promise<PreparedStatement> {
    return new Promise((resolve, reject) => {
      const statement = this.db.prepare(sql, (error) =>
        error ? reject(error) : resolve(new PreparedStatement(statement)),
      );
    });
  }

  /** Run one statement and collect its rows. */
  all(sql: string, params: readonly unknown[] = []): Promise<SqliteRow[]> {
    return new Promise((resolve, reject) => {
      this.db.all<SqliteRow>(sql, params, (error, rows) => (error ? reject(error) : resolve(rows)));
    });
  }

  /**
   * A query's rows as cell arrays, interrupted after `timeoutMs`. The query is read through
   * `SELECT *` so that SQLite makes repeated column names unique (`Name`, `Name:1`) and no
   * cell is lost to the driver's name-keyed rows.
   */
  async rows(query: string, timeoutMs: number): Promise<unknown[][]> {
    const timer = setTimeout(() => this.db.interrupt(), timeoutMs);
    try {
      const rows = await this.all(`SELECT * FROM (\n${query.replace(/[\s;]+$/, '')}\n)`);
      return rows.map((row) => Object.values(row));
    } finally {
      clearTimeout(timer);
    }
  }

  /** Run several statements separated by semicolons. */
  exec(sql: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.db.exec(sql, (error) => (error ? reject(error) : resolve()));
    });
  }

  async close(): Promise<void> {
    try {
      await new Promise<void>((resolve, reject) => {
        this.db.close((error) => (error ? reject(error) : resolve()));
      });
    } finally {
      await this.target?.release();
    }
  }
}

export class PreparedStatement {
  constructor(private readonly statement: sqlite3.Statement) {}

  run(params: readonly unknown[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.statement.run(params, (error: Error | null) => (error ? reject(error) : resolve()));
    });
  }

  finalize(): Promise<void> {
    return new Promise((resolve) => this.statement.finalize(() => resolve()));
  }
}
