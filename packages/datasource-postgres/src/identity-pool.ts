import { DatasourceError } from '@nl2sql/datasource';
import pg from 'pg';
import { abortReason, firstAborted, onFirstAbort } from './abort-signals.js';
import { type ConnectionUrl, parseConnectionUrl } from './connection-url.js';
import { postgresError } from './postgres-error.js';
import { type LoginSettings, readLoginSettings } from './session-limits.js';

/**
 * Settings every connection of the adapter starts with, in the startup packet. A query cannot
 * change them for the next one: the gate refuses SET, and what `set_config(..., false)` does
 * is undone by the rollback that ends every query's transaction (the generated grants also
 * revoke `set_config` from PUBLIC). `standard_conforming_strings` is what the gate's scanner
 * assumes about backslashes.
 */
const SESSION_OPTIONS = '-c default_transaction_read_only=on -c standard_conforming_strings=on';

export interface IdentityPoolOptions {
  /** Connections at most (default 4). */
  size: number;
  /** Give up opening a connection (or waiting for a free one) after this long. */
  connectTimeoutMs: number;
  applicationName: string;
}

/** The driver config for a URL, with the adapter's session settings added to its own `options`. */
function clientConfig(url: string, options: IdentityPoolOptions): pg.PoolConfig {
  const parsed = new URL(url);
  const own = parsed.searchParams.get('options');
  // The driver lets a URL's parameters override the config object, so `options` moves out of it.
  parsed.searchParams.delete('options');
  return {
    connectionString: parsed.toString(),
    options: own ? `${own} ${SESSION_OPTIONS}` : SESSION_OPTIONS,
    application_name: options.applicationName,
    max: options.size,
    connectionTimeoutMillis: options.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
  };
}

function cancelledWhileWaiting(signal: AbortSignal, label: string): DatasourceError {
  const why = abortReason(signal);
  return new DatasourceError(
    'CANCELLED',
    `${label}: cancelled while waiting for a connection${why ? ` (${why})` : ''}`,
    { cause: signal.reason },
  );
}

const ignore = () => undefined;

/**
 * The connections of one database login: a pg.Pool that never lets a dropped connection crash
 * the process. An idle connection that dies is dropped by the pool; one that dies while lent
 * fails the query on it, and is closed instead of returned.
 */
export class IdentityPool {
  readonly target: ConnectionUrl;
  /** Connections that died while idle (the server restarted, a backend was terminated). */
  idleErrors = 0;
  private readonly pool: pg.Pool;
  private settings: Promise<LoginSettings> | undefined;

  constructor(
    url: string,
    /** The access-policy role this login serves, or undefined for the datasource's own URL. */
    readonly role: string | undefined,
    options: IdentityPoolOptions,
  ) {
    this.target = parseConnectionUrl(
      url,
      role === undefined ? 'the PostgreSQL URL' : `the URL of role ${role}`,
    );
    this.pool = new pg.Pool(clientConfig(url, options));
    this.pool.on('error', () => {
      this.idleErrors += 1;
    });
  }

  /** What messages name: the server, the login and the role, never the password. */
  get label(): string {
    return this.role === undefined ? this.target.label : `${this.target.label} (role ${this.role})`;
  }

  /** A connection for one query; wait in FIFO order when all are lent. Any of `signals` cancels the wait. */
  async acquire(signals: readonly AbortSignal[] = []): Promise<pg.PoolClient> {
    const aborted = firstAborted(signals);
    if (aborted) throw cancelledWhileWaiting(aborted, this.label);
    const pending = this.pool.connect().then((client) => {
      // While lent, the pool listens for nothing: a socket error with no listener would be
      // thrown. The query on the connection reports the loss itself.
      client.on('error', ignore);
      return client;
    });
    return new Promise<pg.PoolClient>((resolve, reject) => {
      let settled = false;
      const stopListening = onFirstAbort(signals, (signal) => {
        if (settled) return;
        settled = true;
        reject(cancelledWhileWaiting(signal, this.label));
      });
      pending.then(
        (client) => {
          stopListening();
          if (settled) this.release(client, true);
          else {
            settled = true;
            resolve(client);
          }
        },
        (error) => {
          stopListening();
          if (!settled) {
            settled = true;
            reject(postgresError(error, this.label));
          }
        },
      );
    });
  }

  /**
   * The login's own session settings, read once (on `client`, which no query has changed:
   * every query's changes end with its transaction). A failure is not kept: the next query
   * reads them again.
   */
  loginSettings(client: pg.PoolClient): Promise<LoginSettings> {
    this.settings ??= readLoginSettings(async (sql) => (await client.query(sql)).rows).catch(
      (error: unknown) => {
        this.settings = undefined;
        throw postgresError(error, this.label);
      },
    );
    return this.settings;
  }

  /** Read the login's settings again at the next query (they changed under the adapter). */
  forgetLoginSettings(): void {
    this.settings = undefined;
  }

  /** Give a connection back, or close it when its state is unknown. */
  release(client: pg.PoolClient, reusable: boolean): void {
    client.removeListener('error', ignore);
    client.release(reusable ? undefined : true);
  }

  /** Close every connection; lent ones close when they come back. */
  async end(): Promise<void> {
    await this.pool.end();
  }

  get totalCount(): number {
    return this.pool.totalCount;
  }
}
