// `startDatabase()` and `serveDatabase()`: `nl2sql db up chinook` as functions. A script
// starts a throwaway server with Chinook (or writes a DuckDB copy) and stops it when done;
// the command serves it until Ctrl-C or SIGTERM, then stops it and removes its data.

import { resolve } from 'node:path';
import { checkOptions } from '../check-options.js';
import { START_DATABASE_OPTIONS, type StartDatabaseOptions } from '../commands/command-options.js';
import { usageError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { untilStopped } from './server-login.js';
import { startChinookMariadb } from './start-mariadb.js';
import { startChinookPostgres } from './start-postgres.js';
import type { StartedDatabase, StartedServer } from './started-database.js';
import { writeChinookDuckdb } from './write-duckdb.js';

function checkedStart(options: StartDatabaseOptions, api: string): void {
  checkOptions(START_DATABASE_OPTIONS, options, api);
  if (options.dataset !== 'chinook')
    throw usageError(`unknown dataset ${JSON.stringify(options.dataset)}: chinook`);
  if (options.engine === 'duckdb' && options.port !== undefined)
    throw usageError('--port is for --engine postgres');
  if ((options.engine ?? 'postgres') === 'postgres' && options.out !== undefined)
    throw usageError('--out is for --engine duckdb');
}

async function startServer(options: StartDatabaseOptions, io: Io): Promise<StartedServer> {
  const start = options.engine === 'mysql' ? startChinookMariadb : startChinookPostgres;
  const server = await start(options.port);
  // The URLs on stdout, one a line: what an evals.yaml's `url` and `roles` take.
  io.out(`url: ${server.url}`);
  for (const [role, url] of Object.entries(server.roles)) io.out(`role ${role}: ${url}`);
  return server;
}

const duckdbOut = (options: StartDatabaseOptions, io: Io) =>
  resolve(io.cwd, options.out ?? 'chinook.duckdb');

/**
 * Starts the database `options` ask for (`{ dataset: 'chinook', engine: 'mysql' }`) and
 * prints its URLs (DuckDB: writes the file and prints its tables' digests). The caller
 * stops it with `stop()`; a refusal is an EvaluateError (exit 2 or 3).
 */
export async function startDatabase(
  options: StartDatabaseOptions,
  io: Io = processIo(),
): Promise<StartedDatabase> {
  checkedStart(options, 'startDatabase');
  if (options.engine === 'duckdb') return writeChinookDuckdb(duckdbOut(options, io), io);
  return startServer(options, io);
}

/** What `db up` does: start, serve until the first stop signal, then stop (DuckDB: just write). */
export async function serveDatabase(
  options: StartDatabaseOptions,
  io: Io = processIo(),
): Promise<{ exitCode: ExitCode; signal: string | null }> {
  checkedStart(options, 'serveDatabase');
  if (options.engine === 'duckdb') {
    await writeChinookDuckdb(duckdbOut(options, io), io);
    return { exitCode: EXIT.ok, signal: null };
  }
  // Listening before the server starts: a Ctrl-C while it starts stops it once it is up.
  const stopped = untilStopped();
  let server: StartedServer;
  try {
    server = await startServer(options, io);
  } catch (error) {
    stopped.dispose();
    throw error;
  }
  try {
    io.err(`nl2sql: ${server.description}; Ctrl-C stops it and removes its data`);
    const signal = await stopped.signal;
    io.err(`nl2sql: ${signal}: stopping ${server.engine === 'mysql' ? 'MariaDB' : 'PostgreSQL'}`);
    return { exitCode: EXIT.ok, signal };
  } finally {
    await server.stop();
  }
}
