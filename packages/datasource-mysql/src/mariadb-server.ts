import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { DatasourceError } from '@nl2sql/datasource';
import mysql from 'mysql2/promise';

const run = promisify(execFile);

export interface MariadbServerOptions {
  /** Port on 127.0.0.1 (default: a free one). */
  port?: number;
  /** Receives the server's log lines (default: kept in memory for error messages only). */
  onLog?: (line: string) => void;
  /** Give up when the server does not answer within this long (default 60 s). */
  startTimeoutMs?: number;
}

/** A private MariaDB server this process started; stop it when done. */
export interface MariadbServer {
  readonly host: '127.0.0.1';
  readonly port: number;
  /** The administrator, `root@127.0.0.1`, with every privilege. */
  readonly user: 'root';
  /** A random password, made for this server. */
  readonly password: string;
  readonly dataDir: string;
  /** The server's version string, e.g. `10.11.18-MariaDB-0+deb12u1`. */
  readonly version: string;
  /** The administrator's URL for `database` (default none). */
  url(database?: string): string;
  /** Stop the server and remove its data folder. */
  stop(): Promise<void>;
}

/** Debian puts the server in /usr/sbin, which a non-root PATH often lacks. */
function findBinary(names: readonly string[]): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin'];
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (dir && existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

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

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** The uid and gid of the system user `mysql` (Debian's package creates it). */
async function mysqlUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'mysql']), run('id', ['-g', 'mysql'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Settings for a throwaway server: loopback TCP and a socket in its own folder (nothing to
 * clash with a system server's), no binary log, no flush per commit (the data is recreated by
 * every run), utf8mb4 by default, small buffers for a shared 2-core machine.
 */
function serverArgs(dataDir: string, port: number): string[] {
  return [
    '--no-defaults',
    `--datadir=${dataDir}`,
    `--socket=${join(dataDir, 'mariadb.sock')}`,
    `--pid-file=${join(dataDir, 'mariadb.pid')}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    '--skip-networking=0',
    '--skip-name-resolve',
    '--skip-log-bin',
    '--innodb-flush-log-at-trx-commit=0',
    '--innodb-buffer-pool-size=64M',
    '--innodb-log-file-size=16M',
    '--character-set-server=utf8mb4',
    '--max-connections=200',
    ...(isRoot() ? ['--user=mysql'] : []),
  ];
}

/**
 * Start a private MariaDB server with the machine's own binaries (Debian's `mariadb-server`):
 * `mariadb-install-db` makes a new data folder in a temporary directory, `mariadbd` serves it on
 * a free 127.0.0.1 port, and the administrator `root@127.0.0.1` gets a random password (the
 * socket-only `root@localhost` is the only other account). As root the server runs as the
 * system user `mysql`. Throws a CONNECTION DatasourceError naming what is missing or what the
 * server logged. Not for data worth keeping: nothing is flushed per commit.
 */
export async function startMariadb(options: MariadbServerOptions = {}): Promise<MariadbServer> {
  const installDb = findBinary(['mariadb-install-db', 'mysql_install_db']);
  const daemon = findBinary(['mariadbd', 'mysqld']);
  if (!installDb || !daemon) {
    throw new DatasourceError(
      'CONNECTION',
      'no MariaDB server here: mariadb-install-db and mariadbd were not found on PATH or in /usr/sbin (install the Debian package mariadb-server)',
    );
  }
  const log: string[] = [];
  const onLog = (chunk: Buffer | string) => {
    for (const line of String(chunk).split('\n')) {
      if (line.trim().length === 0) continue;
      log.push(line);
      if (log.length > 40) log.shift();
      options.onLog?.(line);
    }
  };
  const dataDir = await mkdtemp(join(tmpdir(), 'nl2sql-mariadb-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  const failure = (what: string, cause?: unknown, port?: number) => {
    const said = cause instanceof Error ? cause.message.split('\n')[0] : '';
    const tail = log.slice(-5).join(' | ');
    return new DatasourceError(
      'CONNECTION',
      `MariaDB${port ? ` on 127.0.0.1:${port}` : ''}: ${what}${said ? `: ${said}` : ''}${tail ? ` (server log: ${tail})` : ''}`,
      { cause },
    );
  };
  try {
    if (isRoot()) {
      const { uid, gid } = await mysqlUser();
      await chown(dataDir, uid, gid);
    }
    await run(installDb, [
      '--no-defaults',
      `--datadir=${dataDir}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      ...(isRoot() ? ['--user=mysql'] : []),
    ]).catch((error: Error & { stderr?: string }) => {
      onLog(error.stderr ?? '');
      throw error;
    });
  } catch (error) {
    await removeDir();
    throw failure('mariadb-install-db failed', error);
  }

  const password = randomBytes(18).toString('base64url');
  const socketPath = join(dataDir, 'mariadb.sock');
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  let child: ChildProcess | undefined;
  let port = 0;
  let version = '';
  // A port found free can be taken before the server binds it: when ours to choose, choose again.
  for (let attempt = 1; ; attempt += 1) {
    port = options.port ?? (await freePort());
    child = spawn(daemon, serverArgs(dataDir, port), { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', onLog);
    child.stderr?.on('data', onLog);
    try {
      version = await waitForServer(child, socketPath, password, startTimeoutMs);
      break;
    } catch (error) {
      await stopProcess(child);
      if (options.port !== undefined || attempt === 3) {
        await removeDir();
        throw failure('the server did not start', error, port);
      }
    }
  }
  const server = child;
  // A process that ends without stop() (a crash, process.exit) must not leave the server behind.
  const orphan = () => server.kill('SIGKILL');
  process.once('exit', orphan);
  return {
    host: '127.0.0.1',
    port,
    user: 'root',
    password,
    dataDir,
    version,
    url: (database = '') =>
      `mysql://root:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    stop: async () => {
      process.removeListener('exit', orphan);
      await stopProcess(server);
      await removeDir();
    },
  };
}

/**
 * Poll the server's socket until it answers, then make the TCP administrator and drop the
 * anonymous accounts an install may leave; resolves with the server's version.
 */
async function waitForServer(
  child: ChildProcess,
  socketPath: string,
  password: string,
  timeoutMs: number,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error('mariadbd exited');
    if (existsSync(socketPath)) {
      const connection = await mysql
        .createConnection({ socketPath, user: 'root', multipleStatements: false })
        .catch(() => undefined);
      if (connection) {
        try {
          const escaped = connection.escape(password);
          // The install may leave anonymous accounts and password-less root ones for other hosts.
          const [accounts] = await connection.query(
            "SELECT User AS user, Host AS host FROM mysql.user WHERE User = '' OR (User = 'root' AND Host <> 'localhost')",
          );
          for (const { user, host } of accounts as { user: string; host: string }[])
            await connection.query(
              `DROP USER ${connection.escape(user)}@${connection.escape(host)}`,
            );
          await connection.query(`CREATE USER 'root'@'127.0.0.1' IDENTIFIED BY ${escaped}`);
          await connection.query(
            "GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION",
          );
          const [rows] = await connection.query('SELECT VERSION() AS v');
          return String((rows as { v: string }[])[0]?.v);
        } finally {
          await connection.end().catch(() => undefined);
        }
      }
    }
    if (Date.now() > deadline) throw new Error(`no answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM (a clean shutdown), then SIGKILL when it has not exited 15 s later. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
