import {
  checkFinitePositive,
  checkMaxRows,
  type DatabaseSchema,
  type Datasource,
  DatasourceError,
  type ExecuteOptions,
  type IntrospectOptions,
  type QueryResult,
  readyOrClosed,
  roleView,
  schemaFingerprint,
  unknownRoleError,
} from '@nl2sql/datasource';
import { LoginPool } from './login-pool.js';
import { mysqlError } from './mysql-error.js';
import { introspectMysql } from './mysql-introspect.js';
import { checkMysqlQuery } from './mysql-query-check.js';
import { statement } from './mysql-session.js';
import { readyForNext, runQuery } from './run-query.js';

export interface MysqlOptions {
  /**
   * Access-policy role -> the URL of that role's own database login (one pool each; the
   * adapter never switches users on a connection). `forRole(role)` queries as that login.
   */
  roles?: Readonly<Record<string, string>>;
  /** Connections per login (default 4). */
  poolSize?: number;
  /** Default statement timeout in milliseconds (default 5000): server-side and a KILL QUERY. */
  timeoutMs?: number;
  /** Default row cap (default 10,000). */
  maxRows?: number;
  /** Bytes one cell may hold (default 4 MiB); a longer one fails with VALUE_TOO_LARGE. */
  maxValueBytes?: number;
  /** Bytes one result may take on the wire before its connection is closed (default 32 MiB). */
  maxResultBytes?: number;
  /** Give up opening a connection or waiting for a free one after this long (default 10,000 ms). */
  connectTimeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_ROWS = 10_000;
export const DEFAULT_POOL_SIZE = 4;
export const DEFAULT_MAX_VALUE_BYTES = 4 * 1024 * 1024;
export const DEFAULT_MAX_RESULT_BYTES = 32 * 1024 * 1024;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * A read-only MySQL or MariaDB database: one pool for the URL's own login and one per
 * access-policy role, each logging in as its own database user. Create it with openMysql.
 */
export class MysqlDatasource implements Datasource {
  readonly engine = 'mysql';
  private readonly main: LoginPool;
  private readonly rolePools = new Map<string, LoginPool>();
  private readonly closing = new AbortController();
  private closed = false;
  /** Connections ending their transaction before they go back to the pool. */
  private readonly settling = new Set<Promise<void>>();
  private readonly timeoutMs: number;
  private readonly maxRows: number;
  private readonly maxValueBytes: number;
  private readonly maxResultBytes: number;

  constructor(url: string, options: MysqlOptions = {}) {
    const poolOptions = {
      size: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    };
    if (!Number.isInteger(poolOptions.size) || poolOptions.size < 1) {
      throw new RangeError(`pool size must be a positive integer, got ${poolOptions.size}`);
    }
    this.main = new LoginPool(url, undefined, poolOptions);
    const where = this.main.label;
    this.timeoutMs = checkFinitePositive(
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      'timeoutMs',
      where,
    );
    this.maxRows = checkMaxRows(options.maxRows ?? DEFAULT_MAX_ROWS, where);
    this.maxValueBytes = checkFinitePositive(
      options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES,
      'maxValueBytes',
      where,
    );
    this.maxResultBytes = checkFinitePositive(
      options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
      'maxResultBytes',
      where,
    );
    checkFinitePositive(poolOptions.connectTimeoutMs, 'connectTimeoutMs', where);
    for (const [role, roleUrl] of Object.entries(options.roles ?? {})) {
      this.rolePools.set(role, new LoginPool(roleUrl, role, poolOptions));
    }
  }

  /** `MySQL user@host:port/database`: the URL without its password. */
  get label(): string {
    return this.main.label;
  }

  /** The access-policy roles this datasource has a login for. */
  get roles(): string[] {
    return [...this.rolePools.keys()];
  }

  /** Run one query as the URL's own login. */
  execute(sql: string, options: ExecuteOptions = {}): Promise<QueryResult> {
    return this.run(this.main, sql, options);
  }

  introspect(options: IntrospectOptions = {}): Promise<DatabaseSchema> {
    return this.describe(this.main, options);
  }

  async fingerprint(): Promise<string> {
    return schemaFingerprint(await this.introspect({ rowCounts: false }));
  }

  /**
   * The same database as seen by `role`'s own login: queries run with that role's grants, and
   * introspection shows what that login may see. Its `close()` does nothing; closing this
   * datasource closes every login.
   */
  forRole(role: string): Datasource {
    const pool = this.rolePools.get(role);
    if (!pool) throw unknownRoleError(this.label, role, this.roles);
    return roleView(this.engine, {
      execute: (sql, options) => this.run(pool, sql, options),
      introspect: (options) => this.describe(pool, options),
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.closing.abort(new Error('the datasource was closed'));
    await Promise.all([...this.settling]);
    await Promise.all([this.main, ...this.rolePools.values()].map((pool) => pool.end()));
  }

  /**
   * Open one connection per login now, so a wrong URL, a refused password or a server that is
   * down fails at open, naming the login (never the password), rather than at the first query.
   */
  async warm(): Promise<void> {
    for (const pool of [this.main, ...this.rolePools.values()]) {
      const { connection } = await this.acquire(pool, []);
      pool.release(connection, true);
    }
  }

  private acquire(pool: LoginPool, signals: readonly AbortSignal[]) {
    if (this.closed) {
      return Promise.reject(new DatasourceError('CONNECTION', `${pool.label} is closed`));
    }
    return pool.acquire(signals);
  }

  private async run(pool: LoginPool, sql: string, options: ExecuteOptions): Promise<QueryResult> {
    const timeoutMs = checkFinitePositive(
      options.timeoutMs ?? this.timeoutMs,
      'timeoutMs',
      pool.label,
    );
    const maxRows = checkMaxRows(options.maxRows ?? this.maxRows, pool.label);
    const check = checkMysqlQuery(sql);
    if (!check.ok)
      throw new DatasourceError(check.code, `${pool.label}: ${check.message}`, { sql });
    const signals = options.signal ? [options.signal, this.closing.signal] : [this.closing.signal];
    const { connection, session } = await this.acquire(pool, signals);
    const outcome = await runQuery(connection, session, check.text, {
      maxRows,
      timeoutMs,
      maxValueBytes: this.maxValueBytes,
      maxResultBytes: this.maxResultBytes,
      signals,
      label: pool.label,
      sql,
      killer: () => pool.openKiller(),
    });
    this.settle(pool, connection, outcome.reusable, check.takesLocks === true);
    if (outcome.error) throw outcome.error;
    return outcome.result!;
  }

  /**
   * Roll the query's transaction back and open the next one, then return the connection to
   * the pool (or close it), without the caller waiting: two round trips off every query's path.
   */
  private settle(
    pool: LoginPool,
    connection: Parameters<LoginPool['release']>[0],
    reusable: boolean,
    takesLocks: boolean,
  ): void {
    const done = (reusable ? readyForNext(connection, takesLocks) : Promise.resolve(false)).then(
      (ok) => pool.release(connection, ok),
    );
    this.settling.add(done);
    void done.finally(() => this.settling.delete(done));
  }

  private async describe(pool: LoginPool, options: IntrospectOptions): Promise<DatabaseSchema> {
    const { connection, session } = await this.acquire(pool, []);
    let reusable = true;
    try {
      if (session.limits !== '') {
        // A query's sql_select_limit would cut the catalog's rows short.
        session.limits = '';
        await statement(connection, 'SET SESSION sql_select_limit = DEFAULT');
      }
      return await introspectMysql(
        async (text, params) =>
          (await statement(connection, text, params as unknown[])) as unknown[][],
        options,
      );
    } catch (error) {
      const typed = mysqlError(error, pool.label);
      reusable = typed.code !== 'CONNECTION';
      throw typed;
    } finally {
      this.settle(pool, connection, reusable, false);
    }
  }
}

/**
 * Open a MySQL or MariaDB database read-only. `url` (`mysql://user:password@host:port/db`) is
 * the datasource's own login; `options.roles` adds one login per access-policy role. One
 * connection per login is opened (and so its password checked) before this resolves.
 */
export async function openMysql(url: string, options: MysqlOptions = {}): Promise<MysqlDatasource> {
  return readyOrClosed(new MysqlDatasource(url, options), (datasource) => datasource.warm());
}
