// EXPLAIN QUERY PLAN on a SQLite file, through a connection of its own: the datasource's gate
// refuses EXPLAIN, and this keeps the datasource untouched. The connection is read-only in
// the same layers as the datasource's (OPEN_READONLY, query_only, no attached databases,
// untrusted schema, the same value and statement sizes), and only a text that passes the
// datasource's own single-query gate and size limit is explained. EXPLAIN QUERY PLAN compiles
// the statement; it never runs it.
// sqlite3 (a native addon) and @nl2sql/datasource-sqlite are optional peer dependencies,
// loaded on first use: a team planning on PostgreSQL, or using only this package's figures
// (VES, budgets, the diagnostics board), installs no native addon.
import { checkSingleQuery } from '@nl2sql/datasource';
import { EfficiencyError } from './efficiency-error.js';
import type { Explainer, RawPlan, SqlitePlanRow } from './explainer.js';
import { checkStatementSize, MAX_EXPLAIN_BYTES } from './explainer.js';

/** What the explainer uses of a sqlite3.Database (typed here: sqlite3 is optional). */
interface SqliteHandle {
  configure(option: 'limit', id: number, value: number): void;
  all<T>(sql: string, callback: (error: Error | null, rows: T[]) => void): void;
  close(callback: () => void): void;
}

/** What the explainer uses of @nl2sql/datasource-sqlite's ReadOnlyTarget. */
interface ReadOnlyTarget {
  name: string;
  flags: number;
  release(): Promise<void>;
}

/** sqlite3 and the SQLite datasource, or why they cannot be loaded (not installed). */
async function loadSqlite() {
  try {
    const [driver, datasource] = await Promise.all([
      import('sqlite3'),
      import('@nl2sql/datasource-sqlite'),
    ]);
    return { sqlite3: driver.default, datasource };
  } catch (error) {
    throw new EfficiencyError(
      'explain_failed',
      `SQLite plans need sqlite3 and @nl2sql/datasource-sqlite (npm install @nl2sql/datasource-sqlite sqlite3): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

export class SqliteExplainer implements Explainer {
  readonly engine = 'sqlite';

  private constructor(
    private readonly db: SqliteHandle,
    /** The database file. */
    readonly file: string,
    /** How it was opened (a WAL database: immutable, or a private copy removed at close). */
    private readonly target: ReadOnlyTarget,
  ) {}

  /** Open `file` read-only for plans. Throws EfficiencyError (`explain_failed`) when it cannot. */
  static async open(file: string): Promise<SqliteExplainer> {
    const { sqlite3, datasource } = await loadSqlite();
    const { DEFAULT_MAX_VALUE_BYTES, MAX_STATEMENT_BYTES } = datasource;
    // Nothing is written beside the file, not even a WAL database's -wal and -shm.
    const target: ReadOnlyTarget = await datasource.readOnlyTarget(file).catch((error: unknown) => {
      throw new EfficiencyError(
        'explain_failed',
        `cannot open ${file} read-only: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    });
    const db = await new Promise<SqliteHandle>((resolve, reject) => {
      const handle = new sqlite3.Database(
        target.name,
        sqlite3.OPEN_READONLY | target.flags,
        (error) =>
          error
            ? reject(
                new EfficiencyError(
                  'explain_failed',
                  `cannot open ${file} read-only: ${error.message}`,
                  {
                    cause: error,
                  },
                ),
              )
            : resolve(handle as SqliteHandle),
      );
    }).catch(async (error: unknown) => {
      await target.release();
      throw error;
    });
    const explainer = new SqliteExplainer(db, file, target);
    try {
      db.configure('limit', sqlite3.LIMIT_ATTACHED, 0);
      // the datasource's size limits: no value or statement larger than it would accept
      db.configure('limit', sqlite3.LIMIT_LENGTH, DEFAULT_MAX_VALUE_BYTES);
      db.configure('limit', sqlite3.LIMIT_SQL_LENGTH, MAX_STATEMENT_BYTES + 64);
      await explainer.all('PRAGMA query_only = ON');
      await explainer.all('PRAGMA trusted_schema = OFF');
      await explainer.all('SELECT count(*) FROM sqlite_schema');
    } catch (error) {
      await explainer.close();
      throw new EfficiencyError(
        'explain_failed',
        `cannot set up a read-only connection to ${file}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    return explainer;
  }

  async explain(sql: string): Promise<RawPlan> {
    checkStatementSize(sql, MAX_EXPLAIN_BYTES);
    const check = checkSingleQuery(sql);
    if (!check.ok) {
      throw new EfficiencyError('not_a_query', `no plan: ${check.message}`);
    }
    let rows: Record<string, unknown>[];
    try {
      rows = await this.all(`EXPLAIN QUERY PLAN ${check.text}`);
    } catch (error) {
      throw new EfficiencyError(
        'explain_failed',
        `SQLite could not plan the query: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const planRows: SqlitePlanRow[] = rows.map((r) => ({
      id: Number(r.id),
      parent: Number(r.parent),
      detail: String(r.detail),
    }));
    return { engine: 'sqlite', rows: planRows };
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.db.close(() => resolve()));
    await this.target.release();
  }

  private all(sql: string): Promise<Record<string, unknown>[]> {
    return new Promise((resolve, reject) => {
      this.db.all<Record<string, unknown>>(sql, (error, rows) =>
        error ? reject(error) : resolve(rows),
      );
    });
  }
}

/** A read-only SQLite connection that only plans queries. Close it when done. */
export function openSqliteExplainer(file: string): Promise<SqliteExplainer> {
  return SqliteExplainer.open(file);
}
