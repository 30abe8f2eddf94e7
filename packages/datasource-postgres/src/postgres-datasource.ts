import {
  checkFinitePositive,
  checkMaxRows,
  checkTimeoutMs,
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
import { DEFAULT_ROLE_SETTINGS } from './grants-sql.js';
import { IdentityPool } from './identity-pool.js';
import { postgresError } from './postgres-error.js';
import { introspectPostgres } from './postgres-introspect.js';
import { checkPostgresQuery } from './postgres-query-check.js';
import { runQuery } from './run-query.js';
import {
  type LoginSettings,
  type MemoryCaps,
  memoryKb,
  transactionPrologue,
} from './session-limits.js';

export interface PostgresOptions {
  /**
   * Access-policy role -> the URL of that role's own database login (one pool each; the
   * adapter never switches roles on a connection). `forRole(role)` queries as that login.
   */
  roles?: Readonly<Record<string, string>>;
  /** Connections per login (default 4). */
  poolSize?: number;
  /** Default statement timeout in milliseconds (default 5000). */
  timeoutMs?: number;
  /** Default row cap (default 10,000). */
  maxRows?: number;
  /** Bytes one result may take on the wire before its connection is closed (default 64 MiB). */
  maxResultBytes?: number;
  /** Give up opening a connection or waiting for a free one after this long (default 10,000 ms). */
  connectTimeoutMs?: number;
  /** Schemas `introspect()` describes (default `public`). */
  schemas?: readonly string[];
  /** `application_name` the server shows in pg_stat_activity (default `nl2sql-evals`). */
  applicationName?: string;
  /**
   * work_mem of every query's transaction (default `16MB`), or the login's own when lower:
   * the memory one sort or hash step may use before it spills to temporary files.
   */
  workMem?: string;
  /**
   * temp_file_limit of every query's transaction (default `256MB`), or the login's own when
   * lower. Set only where the login may set it (a superuser, or `GRANT SET ON PARAMETER
   * temp_file_limit`); elsewhere the login's own setting holds.
   */
  tempFileLimit?: string;
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_ROWS = 10_000;
export const DEFAULT_POOL_SIZE = 4;
export const DEFAULT_MAX_RESULT_BYTES = 64 * 1024 * 1024;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * A read-only PostgreSQL database: one pool for the URL's own login and one per access-policy
 * role, each logging in as its own database user. Create it with openPostgres.
 */
export class PostgresDatasource implements Datasource {
  readonly engine = 'postgres';
  private readonly main: IdentityPool;
  private readonly rolePools = new Map<string, IdentityPool>();
  private readonly closing = new AbortController();
  private closed = false;
  private readonly timeoutMs: number;
  private readonly maxRows: number;
  private readonly maxResultBytes: number;
  private readonly schemas: readonly string[];
  private readonly caps: MemoryCaps;

  constructor(url: string, options: PostgresOptions = {}) {
    const poolOptions = {
      size: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      applicationName: options.applicationName ?? 'nl2sql-evals',
    };
    if (!Number.isInteger(poolOptions.size) || poolOptions.size < 1) {
      throw new RangeError(`pool size must be a positive integer, got ${poolOptions.size}`);
    }
    this.main = new IdentityPool(url, undefined, poolOptions);
    const where = this.main.label;
    this.timeoutMs = checkTimeoutMs(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, where);
    this.maxRows = checkMaxRows(options.maxRows ?? DEFAULT_MAX_ROWS, where);
    this.maxResultBytes = checkFinitePositive(
      options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
      'maxResultBytes',
      where,
    );
    checkFinitePositive(poolOptions.connectTimeoutMs, 'connectTimeoutMs', where);
    this.schemas = options.schemas ?? ['public'];
    this.caps = {
      workMemKb: memoryKb(options.workMem ?? DEFAULT_ROLE_SETTINGS.work_mem, `${where}: workMem`),
      tempFileLimitKb: memoryKb(
        options.tempFileLimit ?? DEFAULT_ROLE_SETTINGS.temp_file_limit,
        `${where}: tempFileLimit`,
      ),
    };
    for (const [role, roleUrl] of Object.entries(options.roles ?? {})) {
      this.rolePools.set(role, new IdentityPool(roleUrl, role, poolOptions));
    }
  }

  /** `PostgreSQL user@host:port/database`: the URL without its password. */
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
   * The same database as seen by `role`'s own login: queries run with that role's grants and
   * role settings. Its `close()` does nothing; closing this datasource closes every login.
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
    await Promise.all([this.main, ...this.rolePools.values()].map((pool) => pool.end()));
  }

  /**
   * Open one connection per login now, so a wrong URL, a refused password or a server that is
   * down fails at open, naming the login (never the password), rather than at the first query.
   */
  async warm(): Promise<void> {
    for (const pool of [this.main, ...this.rolePools.values()]) {
      const client = await this.acquire(pool, []);
      try {
        await pool.loginSettings(client);
      } finally {
        pool.release(client, true);
      }
    }
  }

  private acquire(pool: IdentityPool, signals: readonly AbortSignal[]) {
    if (this.closed) {
      return Promise.reject(new DatasourceError('CONNECTION', `${pool.label} is closed`));
    }
    return pool.acquire(signals);
  }

  private async run(
    pool: IdentityPool,
    sql: string,
    options: ExecuteOptions,
  ): Promise<QueryResult> {
    const timeoutMs = checkTimeoutMs(options.timeoutMs ?? this.timeoutMs, pool.label);
    const maxRows = checkMaxRows(options.maxRows ?? this.maxRows, pool.label);
    const check = checkPostgresQuery(sql);
    if (!check.ok)
      throw new DatasourceError(check.code, `${pool.label}: ${check.message}`, { sql });
    const signals = options.signal ? [options.signal, this.closing.signal] : [this.closing.signal];
    const client = await this.acquire(pool, signals);
    let login: LoginSettings;
    try {
      login = await pool.loginSettings(client);
    } catch (error) {
      pool.release(client, false);
      throw error;
    }
    const outcome = await runQuery(client, check.text, {
      prologue: transactionPrologue(login, this.caps, timeoutMs),
      maxRows,
      timeoutMs,
      maxResultBytes: this.maxResultBytes,
      signals,
      label: pool.label,
      sql,
    });
    pool.release(client, outcome.reusable);
    if (outcome.setupFailed) pool.forgetLoginSettings();
    if (outcome.error) throw outcome.error;
    return outcome.result!;
  }

  private async describe(pool: IdentityPool, options: IntrospectOptions): Promise<DatabaseSchema> {
    const client = await this.acquire(pool, []);
    let reusable = true;
    try {
      return await introspectPostgres(
        async (text, params) => (await client.query({ text, values: params as unknown[] })).rows,
        this.schemas,
        options,
      );
    } catch (error) {
      const typed = postgresError(error, pool.label);
      reusable = typed.code !== 'CONNECTION';
      throw typed;
    } finally {
      pool.release(client, reusable);
    }
  }
}

/**
 * Open a PostgreSQL database read-only. `url` is the datasource's own login; `options.roles`
 * adds one login per access-policy role. One connection per login is opened (and so its
 * password checked) before this resolves.
 */
export async function openPostgres(
  url: string,
  options: PostgresOptions = {},
): Promise<PostgresDatasource> {
  return readyOrClosed(new PostgresDatasource(url, options), (datasource) => datasource.warm());
}
