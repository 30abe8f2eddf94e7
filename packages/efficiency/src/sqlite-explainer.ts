// EXPLAIN QUERY PLAN on a SQLite file, through a connection of its own: the datasource's gate
// refuses EXPLAIN, and this keeps the datasource untouched. The connection is read-only in
// the same layers as the datasource's (OPEN_READONLY, query_only, no attached databases,
// untrusted schema, the same value and statement sizes), and only a text that passes the
// datasource's own single-query gate and size limit is explained. EXPLAIN QUERY PLAN compiles
// the statement; it never runs it.
import { checkSingleQuery } from '@nl2sql/datasource';
import {
  DEFAULT_MAX_VALUE_BYTES,
  MAX_STATEMENT_BYTES,
  type ReadOnlyTarget,
  readOnlyTarget,
} from '@nl2sql/datasource-sqlite';
import sqlite3 from 'sqlite3';
import { EfficiencyError } from './efficiency-error.js';
import type { Explainer, RawPlan, SqlitePlanRow } from './explainer.js';
import { checkStatementSize } from './explainer.js';

export class SqliteExplainer implements Explainer {
  readonly engine = 'sqlite';

  private constructor(
    private readonly db: sqlite3.Database,
    /** The database file. */
    readonly file: string,
    /** How it was opened (a WAL database: immutable, or a private copy removed at close). */
    private readonly target: ReadOnlyTarget,
  ) {}

  /** Open `file` read-only for plans. Throws EfficiencyError (`explain_failed`) when it cannot. */
  static async open(file: string): Promise<SqliteExplainer> {
    // Nothing is written beside the file, not even a WAL database's -wal and -shm.
    const target = await readOnlyTarget(file).catch((error: unknown) => {
      throw new EfficiencyError(
        'explain_failed',
        `cannot open ${file} read-only: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    });
    const db = await new Promise<sqlite3.Database>((resolve, reject) => {
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
            : resolve(handle),
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
    checkStatementSize(sql, MAX_STATEMENT_BYTES);
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
