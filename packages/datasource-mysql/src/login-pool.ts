import { DatasourceError } from '@nl2sql/datasource';
import mysql from 'mysql2';
import { mysqlError } from './mysql-error.js';
import { connectionOptions, type MysqlLogin, parseMysqlUrl } from './mysql-login.js';
import { prepareSession, type SessionState } from './mysql-session.js';

export interface LoginPoolOptions {
  size: number;
  connectTimeoutMs: number;
}

/** A pool of connections of one login, each prepared once (prepareSession) before its first use. */
export class LoginPool {
  readonly label: string;
  readonly login: MysqlLogin;
  private readonly pool: mysql.Pool;
  private readonly sessions = new WeakMap<mysql.PoolConnection, Promise<SessionState>>();
  private readonly connectTimeoutMs: number;

  constructor(url: string, role: string | undefined, options: LoginPoolOptions) {
    this.login = parseMysqlUrl(url, role);
    this.label = this.login.label;
    this.connectTimeoutMs = options.connectTimeoutMs;
    this.pool = mysql.createPool({
      ...connectionOptions(this.login, options.connectTimeoutMs),
      connectionLimit: options.size,
      maxIdle: options.size,
      waitForConnections: true,
      queueLimit: 0,
      enableKeepAlive: true,
    });
    // A connection the server drops while idle must not crash the process.
    this.pool.on('connection', (connection) => {
      (connection as unknown as mysql.Connection).on('error', () => undefined);
    });
  }

  /** A second connection of the same login, for KILL QUERY. */
  openKiller(): mysql.Connection {
    return mysql.createConnection(connectionOptions(this.login, this.connectTimeoutMs));
  }

  /**
   * A prepared connection, or a CONNECTION error (naming the login, never the password) when
   * none can be opened within connectTimeoutMs; CANCELLED when a signal fires while waiting.
   */
  async acquire(
    signals: readonly AbortSignal[],
  ): Promise<{ connection: mysql.PoolConnection; session: SessionState }> {
    const connection = await new Promise<mysql.PoolConnection>((resolve, reject) => {
      let settled = false;
      const finish = (error: DatasourceError | undefined, got?: mysql.PoolConnection) => {
        if (settled) {
          got?.release();
          return;
        }
        settled = true;
        clearTimeout(timer);
        for (const signal of signals) signal.removeEventListener('abort', onAbort);
        if (error) {
          got?.release();
          reject(error);
        } else resolve(got!);
      };
      const onAbort = () =>
        finish(
          new DatasourceError(
            'CANCELLED',
            `${this.label}: cancelled while waiting for a connection`,
          ),
        );
      const timer = setTimeout(
        () =>
          finish(
            new DatasourceError(
              'CONNECTION',
              `${this.label}: no connection within ${this.connectTimeoutMs} ms`,
            ),
          ),
        this.connectTimeoutMs,
      );
      for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true });
      if (signals.some((s) => s.aborted)) onAbort();
      this.pool.getConnection((error, got) => {
        if (error) finish(mysqlError(error, this.label, undefined, 'CONNECTION'));
        else finish(undefined, got);
      });
    });
    let session = this.sessions.get(connection);
    if (!session) {
      session = prepareSession(connection);
      this.sessions.set(connection, session);
    }
    try {
      return { connection, session: await session };
    } catch (error) {
      connection.destroy();
      throw mysqlError(error, `${this.label}: preparing the session`, undefined, 'CONNECTION');
    }
  }

  /** Back to the pool, or closed when its state is unknown. */
  release(connection: mysql.PoolConnection, reusable: boolean): void {
    if (reusable) connection.release();
    else connection.destroy();
  }

  end(): Promise<void> {
    return new Promise((resolve) => this.pool.end(() => resolve()));
  }
}
